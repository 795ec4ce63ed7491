import ModelSource

/// CloudKit delivers a record field by field, so every attribute must tolerate being
/// absent (the store fails to load with error 134060 otherwise).
struct RequiredAttributeRule: LintRule {
    static let info = LintRuleInfo(
        id: "required-attribute", severity: .error,
        summary: "An attribute that is neither optional nor has a default value.",
        fix: "Give the attribute a default value (var name: String = \"\") or make it optional (String?).")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.model.entities.flatMap { entity in
            entity.attributes.filter { !$0.optional && !$0.hasDefault }.map { attribute in
                LintViolation(
                    message: "\(entity.name).\(attribute.name) is neither optional nor defaulted; CloudKit mirroring "
                        + "refuses to load the store (error 134060)",
                    file: entity.file, line: attribute.line,
                    recordType: entity.recordType(in: input.model), field: fieldName(attribute.name))
            }
        }
    }
}
