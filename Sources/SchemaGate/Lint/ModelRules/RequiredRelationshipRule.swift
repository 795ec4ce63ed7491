import ModelSource

/// CloudKit does not process relationship changes atomically, so every relationship must
/// be optional (seeds 002, 003). SwiftData to-many arrays are covered by
/// `NonOptionalToManyRule`, because SwiftData itself tolerates `[T] = []`.
struct RequiredRelationshipRule: LintRule {
    static let info = LintRuleInfo(
        id: "required-relationship", severity: .error,
        summary: "A to-one relationship (or a Core Data relationship of any kind) that is not optional.",
        fix: "Make the relationship optional (var owner: Owner?, or tick Optional in the model editor).")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.model.entities.flatMap { entity in
            entity.relationships.filter { !$0.optional && (!$0.toMany || !entity.isSwiftData) }.map { relationship in
                LintViolation(
                    message: "\(entity.name).\(relationship.name) is a required \(relationship.toMany ? "to-many" : "to-one") "
                        + "relationship; CloudKit mirroring needs every relationship optional",
                    file: entity.file, line: relationship.line, recordType: entity.recordType(in: input.model),
                    field: relationship.toMany ? nil : fieldName(relationship.name))
            }
        }
    }
}
