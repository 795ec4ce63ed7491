import ModelSource

/// Apple's rule is "all relationships optional"; SwiftData accepts `var items: [Item] = []`
/// with CloudKit today, but the documented form is `[Item]?`. A warning, not an error.
struct NonOptionalToManyRule: LintRule {
    static let info = LintRuleInfo(
        id: "non-optional-to-many", severity: .warning,
        summary: "A SwiftData to-many relationship declared as a non-optional array.",
        fix: "Declare the relationship as an optional array (var items: [Item]? = []), as CloudKit's documentation requires.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.model.entities.filter(\.isSwiftData).flatMap { entity in
            entity.relationships.filter { $0.toMany && !$0.optional }.map { relationship in
                LintViolation(
                    message: "\(entity.name).\(relationship.name) is a non-optional to-many relationship; "
                        + "CloudKit requires relationships to be optional",
                    file: entity.file, line: relationship.line, recordType: entity.recordType(in: input.model))
            }
        }
    }
}
