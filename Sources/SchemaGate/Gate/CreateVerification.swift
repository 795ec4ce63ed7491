import CloudKitSchema

/// After the create command ran: does Development now have every record type (and
/// field) the models need? A type still missing means the create command did not
/// materialize it, and no deploy can carry it to Production.
package enum CreateVerification {
    package static let fix = "Make the create command materialize every model: launch the debug app with the initializeCloudKitSchema flag (see 'cloudkit-schema scaffold') and register every model type."

    package static func findings(expected: ExpectedSchema, development: Schema, containerID: String) -> [Finding] {
        var findings: [Finding] = []
        for type in expected.schema.recordTypes {
            // `Users` is in every export; only what the models write is verified.
            guard let typeExpectation = expected.expectation(recordType: type.name) else { continue }
            guard let actual = development.recordType(named: type.name) else {
                findings.append(Finding(
                    severity: .error, code: FindingCode.missingRecordType.id,
                    message: "Development of \(containerID) still lacks record type \(type.name) after the create command ran (needed for \(typeExpectation.reason))",
                    fix: fix, recordType: type.name, environment: "development",
                    file: typeExpectation.file, line: typeExpectation.line))
                continue
            }
            for field in type.fields where !field.isSystemField && actual.field(named: field.name) == nil {
                let expectation = expected.expectation(recordType: type.name, field: field.name)
                let why = FieldCreationAdvice.notCreatedByInitializer(expectation).map { ": \($0)" } ?? ""
                let fix = FieldCreationAdvice.developmentFix(expectation)
                findings.append(Finding(
                    severity: .warning, code: FindingCode.missingField.id,
                    message: "Development of \(containerID) lacks field \(type.name).\(field.name) (\(field.type)) after the create command ran\(why)",
                    fix: fix.text, fixSteps: fix.steps,
                    recordType: type.name, field: field.name, expectedType: field.type.description,
                    environment: "development", file: expectation?.file ?? typeExpectation.file, line: expectation?.line ?? typeExpectation.line))
            }
        }
        return findings
    }
}
