import ModelSource

/// The codes of findings that are not lint rules: what the schema checks report. The
/// checks build their findings with these, so a new code cannot be emitted without a
/// description here.
package enum FindingCode: String, CaseIterable, Sendable {
    case missingRecordType = "missing-record-type"
    case missingField = "missing-field"
    case fieldTypeMismatch = "field-type-mismatch"
    case indexMismatch = "index-mismatch"
    case grantMismatch = "grant-mismatch"
    case extraField = "extra-field"
    case extraRecordType = "extra-record-type"
    case missingRole = "missing-role"
    case extraRole = "extra-role"
    case unwrittenRecordType = "unwritten-record-type"
    case unwrittenField = "unwritten-field"
    case missingSnapshot = "missing-snapshot"
    case staleSnapshot = "stale-snapshot"
    case snapshotBehind = "snapshot-behind"
    case uncheckedContainer = "unchecked-container"
    case localModelsMismatch = "local-models-mismatch"

    package var id: String { rawValue }

    package var descriptor: LintRuleInfo {
        let (severity, summary, help) = details
        return LintRuleInfo(id: id, severity: severity, summary: summary, fix: help)
    }

    private var details: (Severity, String, String) {
        // A deploy copies all of Development: every general fix that deploys says so.
        let clean = "delete from Development what no model writes (a deploy copies all of it)"
        let deploy = "First \(clean), then \(FieldCreationAdvice.deployStep)"
        switch self {
        case .missingRecordType:
            return (.error, "Production lacks a record type the models or Development have; records of it cannot be saved.",
                    "Create it in Development first if Development lacks it too (a debug build calling initializeCloudKitSchema), \(clean), then \(FieldCreationAdvice.deployStep)")
        case .missingField:
            return (.error, "Production lacks a field the models or Development have; the whole upload batch that writes it fails.",
                    "Create it in Development first if Development lacks it too (a debug build that saves a value for it), \(clean), then \(FieldCreationAdvice.deployStep)")
        case .fieldTypeMismatch:
            return (.error, "A field has a different type in Production than the models or Development need.",
                    "Production fields can never change type: store the value under a new field name (a new property) and keep the old one.")
        case .indexMismatch:
            return (.warning, "A field is indexed differently in Production than in the reference.", deploy)
        case .grantMismatch:
            return (.warning, "A record type grants a role different permissions in Production than in the reference.", deploy)
        case .extraField:
            return (.info, "Production has a field the reference lacks.", "Nothing to do: Production fields are permanent.")
        case .extraRecordType:
            return (.info, "Production has a record type the reference lacks.", "Nothing to do: Production record types are permanent.")
        case .missingRole:
            return (.warning, "Production lacks a security role the reference has.", deploy)
        case .extraRole:
            return (.info, "Production has a security role the reference lacks.", "Nothing to do unless the role should go.")
        case .unwrittenRecordType:
            return (.warning, "Development has a record type Production lacks that no model of this release writes; a deploy would make it permanent.",
                    "Delete it from Development before any deploy (CloudKit Console → Schema → Record Types); a fix that deploys says so.")
        case .unwrittenField:
            return (.warning, "Development has a field Production lacks that no model of this release writes (or writes with another type); a deploy would make it permanent.",
                    "Delete it from Development before any deploy (CloudKit Console → Schema → Record Types); a fix that deploys says so.")
        case .missingSnapshot:
            return (.error, "The configured committed Production snapshot does not exist.",
                    "Create it with 'cloudkit-schema export --environment production --output PATH' and commit it.")
        case .staleSnapshot:
            return (.error, "The committed Production snapshot has what live Production lacks: a check against it could pass a release Production refuses.",
                    "Refresh it with 'cloudkit-schema export --environment production --output PATH', then review and commit it.")
        case .snapshotBehind:
            return (.warning, "Live Production has what the committed snapshot lacks (deployed since it was taken): checks against it can only over-report.",
                    "Refresh it with 'cloudkit-schema export --environment production --output PATH', then review and commit it.")
        case .uncheckedContainer:
            return (.error, "A model syncs into a CloudKit container that is not among the checked containers, so its Production is never checked.",
                    "Add the container to \"containers\" in .cloudkit-schema.json (or pass --container-id), or correct the container identifier in the code.")
        case .localModelsMismatch:
            return (.warning, "\"localModels\" lists a model the code syncs (it stays required), or one no source declares.",
                    "Store the model with cloudKitDatabase: .none if it must not sync, or fix the \"localModels\" entry.")
        }
    }
}

/// Every finding code any command reports, described once as a rule is (id, default
/// severity, what it reports, the general fix; each finding also carries its own fix),
/// for reports that describe their rules (SARIF's `tool.driver.rules`): the lint rules
/// (`LintRuleCatalog`), the schema checks' codes (`FindingCode`), the model reader's
/// diagnostics and the exit-2 errors.
package enum FindingCatalog {
    package static var all: [LintRuleInfo] {
        LintRuleCatalog.infos + FindingCode.allCases.map(\.descriptor)
            + ModelDiagnostic.Kind.allCases.map(descriptor(for:))
            + ErrorCategory.allCases.map(descriptor(for:))
    }

    static func descriptor(for kind: ModelDiagnostic.Kind) -> LintRuleInfo {
        let summary: String
        switch kind {
        case .unreadableFile: summary = "A model or project file could not be read; what it holds was not checked."
        case .parseError: summary = "A model or project file could not be parsed; what it holds was not checked."
        case .unknownType: summary = "A stored property whose CloudKit field type could not be told from its declaration."
        case .unregisteredModel: summary = "A @Model class that no Schema, ModelContainer or VersionedSchema registers."
        case .undeclaredModel: summary = "A registered model that no source declares."
        case .unresolvedRegistration:
            summary = "A registering call whose model list the reader cannot follow: every declared model is expected."
        }
        return LintRuleInfo(
            id: kind.rawValue, severity: ModelDiagnosticFindings.severity(of: kind), summary: summary,
            fix: ModelDiagnosticFindings.fix(for: kind))
    }

    static func descriptor(for category: ErrorCategory) -> LintRuleInfo {
        let summary: String
        switch category {
        case .usage: summary = "The command line is wrong; nothing was checked."
        case .input: summary = "A file or value given to the tool cannot be read or understood; nothing was decided."
        case .setup: summary = "The environment is not ready (a tool, token, repository or configuration); nothing was decided."
        }
        return LintRuleInfo(
            id: "\(category.rawValue)-error", severity: .error, summary: summary,
            fix: "Do what the message says (it names the fix), then run again.")
    }
}
