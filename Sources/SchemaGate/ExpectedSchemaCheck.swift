import CloudKitSchema
import ModelSource

/// Measures Production against the schema the models require. Unlike a Development
/// comparison it catches what no debug build ever wrote: a rarely used type, an
/// always-nil optional, the `_ckAsset` companion of a large value. Findings point at the
/// model source line that requires the missing piece, so Xcode shows them in the model.
///
/// Index options, grants and roles are not compared: models say nothing about them.
package enum ExpectedSchemaCheck {
    /// `development`: the Development exports compared in the same run (none: unknown),
    /// which decide whether a missing piece only needs a deploy or must be created first;
    /// `leftovers`: what they hold that no model writes, which a deploy must not carry.
    package static func findings(
        expected: ExpectedSchema, production: NamedSchema, development: [NamedSchema] = [], leftovers: [String] = []
    ) -> [Finding] {
        let reference = NamedSchema(name: "the app's models", environment: nil, schema: expected.schema, file: nil)
        var findings: [Finding] = []
        for difference in SchemaDiff.differences(from: expected.schema, to: production.schema) {
            // `Users` is expected for a canonical print but no model writes it.
            if let type = recordType(of: difference), expected.expectation(recordType: type) == nil { continue }
            var finding = DriftCheck.finding(for: difference, reference: reference, target: production)
            switch difference {
            case .missingRecordType(let type):
                let expectation = expected.expectation(recordType: type.name)
                finding.message = "\(production.name) lacks record type \(type.name), needed for \(expectation?.reason ?? "the app's models")"
                let (state, lacking) = developmentState(of: type.name, expected: expected, development: development)
                apply(expectation, to: &finding, fix: FieldCreationAdvice.productionFix(
                    expectation, type: nil, development: state, leftovers: leftovers, lacking: lacking))
            case .missingField(let type, let field):
                let expectation = expected.expectation(recordType: type, field: field.name)
                finding.message = "\(production.name) lacks field \(type).\(field.name) (\(field.type)), needed for \(expectation?.reason ?? "the app's models")"
                    + unverifiedNote(expectation)
                let state = developmentState(development) { schema in
                    schema.recordType(named: type)?.field(named: field.name).map { expected.writes($0, in: type) } ?? false
                }
                apply(expectation, to: &finding, fix: FieldCreationAdvice.productionFix(
                    expectation, type: field.type, development: state, leftovers: leftovers))
            case .fieldTypeMismatch(let type, let wanted, let actual):
                let expectation = expected.expectation(recordType: type, field: wanted.name)
                guard expectation?.typeKnown != false else { continue }
                finding.message = "\(type).\(wanted.name) is \(actual.type) in \(production.name) but \(expectation?.reason ?? "the app's models") needs \(wanted.type); a deploy cannot fix this"
                    + unverifiedNote(expectation)
                finding.file = expectation?.file
                finding.line = expectation?.line
                // The mapping that wants another type is not settled: never an error, and
                // what Core Data writes is confirmed before the property is moved.
                if let expectation, expectation.unverified != nil {
                    finding.severity = min(finding.severity, .warning)
                    finding.apply(FieldCreationAdvice.unverifiedTypeFix(expectation, production: actual.type))
                }
            case .extraField, .extraRecordType:
                break  // info: Production keeps fields the models dropped, harmlessly
            case .indexOptionsDiffer, .permissionsDiffer, .missingRole, .extraRole:
                continue
            }
            findings.append(finding)
        }
        return findings
    }

    /// Whether the Development exports have what Production lacks (as the models write it).
    private static func developmentState(
        _ development: [NamedSchema], has: (Schema) -> Bool
    ) -> FieldCreationAdvice.DevelopmentState {
        guard !development.isEmpty else { return .unknown }
        return development.contains { has($0.schema) } ? .has : .lacks
    }

    /// Whether Development has a record type, and the fields the models write into it that
    /// its copy lacks (all of them when it lacks the type or is unknown): a deploy carries
    /// only what Development has.
    private static func developmentState(
        of type: String, expected: ExpectedSchema, development: [NamedSchema]
    ) -> (FieldCreationAdvice.DevelopmentState, [ExpectedSchema.Expectation]) {
        let fields = expected.expectations.filter { $0.recordType == type && $0.field != nil }
        guard !development.isEmpty else { return (.unknown, fields) }
        let lacking = development.compactMap { $0.schema.recordType(named: type) }.map { copy in
            fields.filter { wanted in
                guard let name = wanted.field, let field = copy.field(named: name) else { return true }
                return !expected.writes(field, in: type)
            }
        }
        guard let fewest = lacking.min(by: { $0.count < $1.count }) else { return (.lacks, fields) }
        return (.has, fewest)
    }

    /// `; unverified mapping: why`, when the evidence does not settle the mapping.
    private static func unverifiedNote(_ expectation: ExpectedSchema.Expectation?) -> String {
        expectation?.unverified.map { "; unverified mapping: \($0)" } ?? ""
    }

    /// The expected record type a difference is about (nil for Production-only types and roles).
    private static func recordType(of difference: SchemaDifference) -> String? {
        switch difference {
        case .missingRecordType(let type): return type.name
        case .missingField(let type, _), .extraField(let type, _), .fieldTypeMismatch(let type, _, _),
             .indexOptionsDiffer(let type, _, _), .permissionsDiffer(let type, _, _, _):
            return type
        case .extraRecordType, .missingRole, .extraRole: return nil
        }
    }

    private static func apply(_ expectation: ExpectedSchema.Expectation?, to finding: inout Finding, fix: Fix) {
        finding.apply(fix)
        guard let expectation else { return }
        finding.severity = expectation.severity
        finding.file = expectation.file
        finding.line = expectation.line
    }
}

/// Model reading problems as findings: a file that cannot be read or parsed is an input
/// error (the check cannot vouch for what it did not read); types it could not tell and
/// registration mismatches are warnings; a registration not followed is information (every
/// declared model is then expected: nothing is missed).
package enum ModelDiagnosticFindings {
    /// Reader diagnostics as findings, the one mapping `lint`, `check` and the gate use.
    /// They are not rules: they cannot be switched off or suppressed, because a model that
    /// could not be read is a model that was not checked. `revision` (lint --since) names
    /// the release an older model was read at.
    package static func findings(for diagnostics: [ModelDiagnostic], at revision: String? = nil) -> [Finding] {
        diagnostics.map { diagnostic in
            Finding(
                severity: severity(of: diagnostic.kind), code: diagnostic.kind.rawValue,
                message: revision.map { "at \($0): \(diagnostic.message)" } ?? diagnostic.message, fix: fix(for: diagnostic.kind),
                file: diagnostic.file.isEmpty ? nil : diagnostic.file, line: diagnostic.line)
        }
    }

    package static func findings(for model: AppModel) -> [Finding] {
        findings(for: model.diagnostics)
    }

    /// `file:line: message`, the path said once (a message about a missing path names it already).
    package static func located(_ diagnostic: ModelDiagnostic) -> String {
        guard !diagnostic.file.isEmpty, !diagnostic.message.hasPrefix(diagnostic.file + ":") else { return diagnostic.message }
        return "\(diagnostic.file)\(diagnostic.line.map { ":\($0)" } ?? ""): \(diagnostic.message)"
    }

    /// Unreadable or unparsable model files: the run cannot be trusted (exit 2).
    package static func isInputProblem(_ diagnostic: ModelDiagnostic) -> Bool {
        isInputProblem(diagnostic.kind)
    }

    package static func severity(of kind: ModelDiagnostic.Kind) -> Severity {
        if isInputProblem(kind) { return .error }
        return kind == .unresolvedRegistration ? .info : .warning
    }

    static func isInputProblem(_ kind: ModelDiagnostic.Kind) -> Bool {
        kind == .parseError || kind == .unreadableFile
    }

    /// The codes of the findings `isInputProblem` diagnostics become.
    static let inputProblemCodes: Set<String> = [ModelDiagnostic.Kind.parseError.rawValue, ModelDiagnostic.Kind.unreadableFile.rawValue]

    static func fix(for kind: ModelDiagnostic.Kind) -> String {
        switch kind {
        case .unreadableFile: return "Make the file readable (permissions, UTF-8 text) or leave it out of the model paths, then run again."
        case .parseError: return "Fix the syntax at the reported line; what cannot be read cannot be checked."
        case .unknownType:
            return "Annotate the Swift property's type (var name: Type = value), or give the Core Data attribute a concrete type, so its CloudKit field type is known."
        case .unregisteredModel: return "Add the model to the Schema([...]) / VersionedSchema.models list, or remove @Model if it is not persisted."
        case .undeclaredModel: return "Declare the registered model or remove it from the registration list."
        case .unresolvedRegistration:
            return "List the models where the container is built (ModelContainer(for: Item.self, Tag.self) or Schema([Item.self, Tag.self])), or in a `static let models: [any PersistentModel.Type] = [...]` the call names, so the reader can follow them; until then every declared @Model is expected (nothing to change if every one is registered)."
        }
    }
}
