import CloudKitSchema

/// After the create command ran: does Development now have every record type (and
/// field) the models need? A type still missing means the create command did not
/// materialize it, and no deploy can carry it to Production.
public enum CreateVerification {
    public static func findings(expected: Schema, development: Schema, containerID: String, modelsFile: String? = nil) -> [Finding] {
        var findings: [Finding] = []
        for type in expected.recordTypes {
            guard let actual = development.recordType(named: type.name) else {
                findings.append(Finding(
                    severity: .error, code: "missing-record-type",
                    message: "Development of \(containerID) still lacks record type \(type.name) after the create command ran",
                    fix: "Make the create command materialize every model: launch the debug app with the initializeCloudKitSchema flag (see 'cloudkit-schema scaffold') and register every model type.",
                    recordType: type.name, environment: "development", file: modelsFile, line: type.location?.line))
                continue
            }
            for field in type.fields where actual.field(named: field.name) == nil {
                findings.append(Finding(
                    severity: .warning, code: "missing-field",
                    message: "Development of \(containerID) lacks field \(type.name).\(field.name) (\(field.type)) after the create command ran",
                    fix: "Check that the create command registers the current models; initializeCloudKitSchema creates every field.",
                    recordType: type.name, field: field.name, expectedType: field.type.description,
                    environment: "development", file: modelsFile, line: field.location?.line))
            }
        }
        return findings
    }
}
