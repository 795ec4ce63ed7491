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

/// Turns the structural diff of `reference` (Development) against `target` (Production)
/// into findings. Without models, Development is the only evidence of what the app writes:
/// what the target lacks is an error (the configured severity for `_ckAsset` companions and
/// `CD_moveReceipt`), and every fix that deploys first resets Development, since leftovers
/// cannot be told apart (Docs/DeployAdvice.md). With models, the expected check reports what
/// the models write; this reports what they do not write as `DevelopmentLeftovers`. A field
/// whose type differs is an error no deploy can fix, index and grant drift are warnings,
/// what only the target has is info.
package enum DriftCheck {
    /// - Parameters:
    ///   - expected: the schema the models require, when they were read.
    ///   - leftovers: what the Development exports hold that no model writes (with models).
    package static func findings(
        reference: NamedSchema, target: NamedSchema, expected: ExpectedSchema? = nil,
        options: ExpectedSchemaOptions = .default, leftovers: [String] = []
    ) -> [Finding] {
        // The reference's record types by name, once: a finding per record type must not
        // search them all (a million grant differences would be a million searches).
        let lines = Dictionary(
            reference.schema.recordTypes.map { (ExactName($0.name), $0.location?.line) }, uniquingKeysWith: { first, _ in first })
        return SchemaDiff.differences(from: reference.schema, to: target.schema).flatMap { difference -> [Finding] in
            guard let expected else {
                return [developmentOnly(difference, reference: reference, target: target, options: options, recordTypeLines: lines)]
            }
            let unwritten = DevelopmentLeftovers.items(for: difference, expected: expected)
                .map { DevelopmentLeftovers.finding(for: $0, development: reference, production: target) }
            let said = modelled(
                difference, reference: reference, target: target, expected: expected, leftovers: leftovers, recordTypeLines: lines)
            return unwritten + (said.map { [$0] } ?? [])
        }
    }

    /// Development the only evidence: a missing piece may be needed, so it stays an error
    /// at the configured severity, and its fix takes the path that holds whatever Development holds.
    static func developmentOnly(
        _ difference: SchemaDifference, reference: NamedSchema, target: NamedSchema, options: ExpectedSchemaOptions,
        recordTypeLines: [ExactName: Int?]
    ) -> Finding {
        var finding = finding(for: difference, reference: reference, target: target, recordTypeLines: recordTypeLines)
        if case .missingField(let type, let field) = difference, let recordType = reference.schema.recordType(named: type),
           let configured = options.configuredSeverity(ofMissing: field.name, in: recordType) {
            finding.severity = configured
        }
        return finding
    }

    /// With models: what they write is the expected check's to report (at the severity the
    /// configuration gives it), so only what concerns Development alone is said here.
    static func modelled(
        _ difference: SchemaDifference, reference: NamedSchema, target: NamedSchema, expected: ExpectedSchema, leftovers: [String],
        recordTypeLines: [ExactName: Int?]
    ) -> Finding? {
        var finding = finding(for: difference, reference: reference, target: target, recordTypeLines: recordTypeLines)
        switch difference {
        case .missingRecordType, .missingField:
            return nil
        case .fieldTypeMismatch(let type, let development, _):
            if expected.writes(development, in: type) { return nil }
            // Production and the release agree; only Development differs, and it cannot change
            // a field Production has: resetting it is all there is to do.
            finding.severity = min(finding.severity, .warning)
            finding.message += "; no model of this release writes it as \(development.type)"
            finding.apply(Fix("Nothing this release saves needs it. \(FieldCreationAdvice.resetStep)", [.resetDevelopment]))
        case .indexOptionsDiffer, .permissionsDiffer, .missingRole:
            finding.apply(FieldCreationAdvice.deployOnlyFix(leftovers: leftovers))
        case .extraField, .extraRecordType, .extraRole:
            break
        }
        return finding
    }

    /// The finding a difference is, with the fix that holds when Development is the only evidence.
    static func finding(
        for difference: SchemaDifference, reference: NamedSchema, target: NamedSchema, recordTypeLines: [ExactName: Int?] = [:]
    ) -> Finding {
        let (ref, tgt) = (reference.name, target.name)
        let (deploy, retype) = (FieldCreationAdvice.developmentOnlyFix, FieldCreationAdvice.newPropertyFix)
        switch difference {
        case .missingRecordType(let type):
            return Finding(
                severity: .error, code: FindingCode.missingRecordType.id,
                message: "\(tgt) lacks record type \(type.name), which \(ref) has (\(plural(type.fields.count, "field")))",
                fix: deploy.text, fixSteps: deploy.steps, recordType: type.name, environment: target.environment,
                file: reference.file, line: type.location?.line)
        case .missingField(let type, let field):
            return Finding(
                severity: .error, code: FindingCode.missingField.id,
                message: "\(tgt) lacks field \(type).\(field.name) (\(field.type)), which \(ref) has",
                fix: deploy.text, fixSteps: deploy.steps, recordType: type, field: field.name, expectedType: field.type.description,
                environment: target.environment, file: reference.file, line: field.location?.line)
        case .fieldTypeMismatch(let type, let expected, let actual):
            return Finding(
                severity: .error, code: FindingCode.fieldTypeMismatch.id,
                message: "\(type).\(expected.name) is \(expected.type) in \(ref) but \(actual.type) in \(tgt); a deploy cannot fix this",
                fix: retype.text, fixSteps: retype.steps,
                recordType: type, field: expected.name, expectedType: expected.type.description,
                actualType: actual.type.description, environment: target.environment,
                file: reference.file, line: expected.location?.line)
        case .indexOptionsDiffer(let type, let expected, let actual):
            return Finding(
                severity: .warning, code: FindingCode.indexMismatch.id,
                message: "\(type).\(expected.name) is indexed \(expected.options) in \(ref) but \(actual.options) in \(tgt)",
                fix: deploy.text, fixSteps: deploy.steps, recordType: type, field: expected.name, environment: target.environment,
                file: reference.file, line: expected.location?.line)
        case .permissionsDiffer(let type, let role, let expected, let actual):
            return Finding(
                severity: .warning, code: FindingCode.grantMismatch.id,
                message: "\(type) grants \(expected) to \(role) in \(ref) but \(actual) in \(tgt)",
                fix: deploy.text, fixSteps: deploy.steps, recordType: type, environment: target.environment,
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
                message: "\(tgt) lacks role \(role), which \(ref) has", fix: deploy.text, fixSteps: deploy.steps,
                environment: target.environment, file: reference.file)
        case .extraRole(let role):
            return Finding(
                severity: .info, code: FindingCode.extraRole.id, message: "\(tgt) has role \(role), which \(ref) lacks",
                environment: target.environment, file: target.file)
        }
    }
}
