import ModelSource

/// A model that disappeared: its record type stays in Production forever, and devices on
/// older versions keep syncing it.
struct RemovedModelRule: LintRule {
    static let info = LintRuleInfo(
        id: "removed-model", severity: .warning,
        summary: "(--since) A model removed or renamed since REF.",
        fix: "Keep the model if older app versions still sync it; a renamed model needs a migration that copies its data (the old record type stays in Production).")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        guard let evolution = ModelEvolution(input) else { return [] }
        return evolution.removedEntities.map { entity in
            LintViolation(
                message: "model \(entity.name) (record type \(entity.recordType(in: evolution.old))) existed at "
                    + "\(evolution.oldPlace(entity, line: entity.line)) and is gone: the record type stays in Production "
                    + "forever; if you renamed the class, its data is not carried over to the new record type",
                file: entity.file, line: entity.line, recordType: entity.recordType(in: evolution.old))
        }
    }
}
