import CloudKitSchema

/// A schema with the name of where it came from, for messages and finding locations.
package struct NamedSchema: Sendable {
    /// `Development`, `Production`, `the app's models`...
    package var name: String
    /// The environment key reported in JSON (`development`, `production`), if any.
    package var environment: String?
    package var schema: Schema
    package var file: String?

    package init(name: String, environment: String?, schema: Schema, file: String?) {
        self.name = name
        self.environment = environment
        self.schema = schema
        self.file = file
    }
}

/// Turns the structural diff of `reference` (what must exist) against `target` (what
/// exists, normally Production) into findings: what the target lacks is an error, a field
/// whose type differs is an error no deploy can fix, index and grant drift are warnings,
/// what only the target has is info.
package enum DriftCheck {
    package static let deployFix = FieldCreationAdvice.deployFix

    package static func findings(reference: NamedSchema, target: NamedSchema) -> [Finding] {
        // The reference's record types by name, once: a finding per record type must not
        // search them all (a million grant differences would be a million searches).
        let lines = Dictionary(
            reference.schema.recordTypes.map { (ExactName($0.name), $0.location?.line) }, uniquingKeysWith: { first, _ in first })
        return SchemaDiff.differences(from: reference.schema, to: target.schema).map {
            finding(for: $0, reference: reference, target: target, recordTypeLines: lines)
        }
    }

    static func finding(
        for difference: SchemaDifference, reference: NamedSchema, target: NamedSchema, recordTypeLines: [ExactName: Int?] = [:]
    ) -> Finding {
        let (ref, tgt) = (reference.name, target.name)
        switch difference {
        case .missingRecordType(let type):
            return Finding(
                severity: .error, code: FindingCode.missingRecordType.id,
                message: "\(tgt) lacks record type \(type.name), which \(ref) has (\(plural(type.fields.count, "field")))",
                fix: deployFix, recordType: type.name, environment: target.environment,
                file: reference.file, line: type.location?.line)
        case .missingField(let type, let field):
            return Finding(
                severity: .error, code: FindingCode.missingField.id,
                message: "\(tgt) lacks field \(type).\(field.name) (\(field.type)), which \(ref) has",
                fix: deployFix, recordType: type, field: field.name, expectedType: field.type.description,
                environment: target.environment, file: reference.file, line: field.location?.line)
        case .fieldTypeMismatch(let type, let expected, let actual):
            return Finding(
                severity: .error, code: FindingCode.fieldTypeMismatch.id,
                message: "\(type).\(expected.name) is \(expected.type) in \(ref) but \(actual.type) in \(tgt); a deploy cannot fix this",
                fix: "Production fields can never change type: store the value under a new field name (a new property) and keep the old one.",
                recordType: type, field: expected.name, expectedType: expected.type.description,
                actualType: actual.type.description, environment: target.environment,
                file: reference.file, line: expected.location?.line)
        case .indexOptionsDiffer(let type, let expected, let actual):
            return Finding(
                severity: .warning, code: FindingCode.indexMismatch.id,
                message: "\(type).\(expected.name) is indexed \(expected.options) in \(ref) but \(actual.options) in \(tgt)",
                fix: deployFix, recordType: type, field: expected.name, environment: target.environment,
                file: reference.file, line: expected.location?.line)
        case .permissionsDiffer(let type, let role, let expected, let actual):
            return Finding(
                severity: .warning, code: FindingCode.grantMismatch.id,
                message: "\(type) grants \(expected) to \(role) in \(ref) but \(actual) in \(tgt)",
                fix: deployFix, recordType: type, environment: target.environment,
                file: reference.file, line: recordTypeLines[ExactName(type)] ?? nil)
        case .extraField(let type, let field):
            return Finding(
                severity: .info, code: FindingCode.extraField.id,
                message: "\(tgt) has field \(type).\(field.name) (\(field.type)), which \(ref) lacks; Production fields are permanent, nothing to do",
                recordType: type, field: field.name, actualType: field.type.description,
                environment: target.environment, file: target.file, line: field.location?.line)
        case .extraRecordType(let type):
            return Finding(
                severity: .info, code: FindingCode.extraRecordType.id,
                message: "\(tgt) has record type \(type.name), which \(ref) lacks",
                recordType: type.name, environment: target.environment, file: target.file, line: type.location?.line)
        case .missingRole(let role):
            return Finding(
                severity: .warning, code: FindingCode.missingRole.id,
                message: "\(tgt) lacks role \(role), which \(ref) has", fix: deployFix,
                environment: target.environment, file: reference.file)
        case .extraRole(let role):
            return Finding(
                severity: .info, code: FindingCode.extraRole.id, message: "\(tgt) has role \(role), which \(ref) lacks",
                environment: target.environment, file: target.file)
        }
    }
}
