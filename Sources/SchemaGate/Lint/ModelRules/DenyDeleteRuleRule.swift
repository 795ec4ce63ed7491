import ModelSource

/// CloudKit cannot enforce `.deny` across devices, so mirroring rejects it.
struct DenyDeleteRuleRule: LintRule {
    static let info = LintRuleInfo(
        id: "deny-delete-rule", severity: .error,
        summary: "A relationship with the .deny delete rule.",
        fix: "Use .nullify or .cascade and enforce the restriction in app code before deleting.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.model.entities.flatMap { entity in
            entity.relationships.filter { $0.deleteRule == .deny }.map { relationship in
                LintViolation(
                    message: "\(entity.name).\(relationship.name) uses the .deny delete rule, which CloudKit mirroring does not support",
                    file: entity.file, line: relationship.line, recordType: entity.recordType(in: input.model),
                    field: fieldName(relationship.name))
            }
        }
    }
}
