import ModelSource

/// Core Data ordered to-many relationships cannot be mirrored to CloudKit.
struct OrderedRelationshipRule: LintRule {
    static let info = LintRuleInfo(
        id: "ordered-relationship", severity: .error,
        summary: "An ordered to-many relationship (Core Data).",
        fix: "Uncheck Ordered in the model editor and keep an explicit sort-index attribute instead.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.model.entities.flatMap { entity in
            entity.relationships.filter(\.ordered).map { relationship in
                LintViolation(
                    message: "\(entity.name).\(relationship.name) is an ordered relationship, which CloudKit mirroring does not support",
                    file: entity.file, line: relationship.line, recordType: entity.recordType(in: input.model),
                    field: fieldName(relationship.name))
            }
        }
    }
}
