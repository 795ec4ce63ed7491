import ModelSource

/// A stored property that disappeared (removed, or renamed without `originalName:`): its
/// Production field stays forever and older app versions keep writing it.
struct RemovedPropertyRule: LintRule {
    static let info = LintRuleInfo(
        id: "removed-property", severity: .warning,
        summary: "(--since) A stored property removed or renamed (without originalName:) since REF.",
        fix: "If it was renamed, declare @Attribute(originalName: \"old\") / @Relationship(originalName: \"old\"); if removed, expect the old field to stay in Production.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        guard let evolution = ModelEvolution(input) else { return [] }
        return evolution.entityPairs.flatMap { pair in
            evolution.removedProperties(pair).map { property in
                LintViolation(
                    message: "\(pair.new.name).\(property.name) (field \(fieldName(property.name))) existed at "
                        + "\(evolution.oldPlace(pair.old, line: property.line)) and is gone: the field stays in Production "
                        + "forever and older app versions keep writing it. If you renamed it, add "
                        + "\(property.macro)(originalName: \"\(property.name)\") to the new property",
                    file: pair.new.file, line: pair.new.line, recordType: pair.new.recordType(in: input.model),
                    field: fieldName(property.name))
            }
        }
    }
}
