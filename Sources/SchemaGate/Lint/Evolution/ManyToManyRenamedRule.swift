import ModelSource

/// Seed 000: renaming both ends of a many-to-many leaves no unchanged anchor, so the join
/// rows (CloudKit `CDMR` records name both relationships) silently orphan.
struct ManyToManyRenamedRule: LintRule {
    static let info = LintRuleInfo(
        id: "many-to-many-renamed", severity: .error,
        summary: "(--since) Both ends of a many-to-many relationship renamed since REF.",
        fix: "Keep the original stored name of at least one end (rename only a computed wrapper), so existing join rows keep an anchor.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        guard let evolution = ModelEvolution(input) else { return [] }
        let newPairs = RelationshipGraph(model: evolution.new).manyToManyPairs()
        return RelationshipGraph(model: evolution.old).manyToManyPairs().compactMap { old -> LintViolation? in
            guard let firstEntity = evolution.new.entity(named: old.first.entity),
                  let secondEntity = evolution.new.entity(named: old.second.entity),
                  firstEntity.property(named: old.first.relationship) == nil,
                  secondEntity.property(named: old.second.relationship) == nil,
                  let renamed = newPairs.first(where: { $0.entities == old.entities })
            else { return nil }
            return LintViolation(
                message: "both ends of the many-to-many \(old.description) were renamed to \(renamed.description) "
                    + "since \(evolution.revision): existing join rows lose their anchor and silently orphan",
                file: renamed.first.file, line: renamed.first.line, recordType: "CDMR")
        }
    }
}
