import ModelSource

/// A property added to an existing model without a default: rows already on devices, and
/// records from devices on older versions, have no value for it, so lightweight migration
/// fails and older records cannot be imported. An error (not a warning), because it breaks
/// existing users' stores even if CloudKit rules are switched off for local-only models.
struct NewRequiredPropertyRule: LintRule {
    static let info = LintRuleInfo(
        id: "new-required-property", severity: .error,
        summary: "(--since) A property added to an existing model that is neither optional nor defaulted.",
        fix: "Give the new property a default value or make it optional; existing rows and older versions' records have no value for it.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        guard let evolution = ModelEvolution(input) else { return [] }
        return evolution.entityPairs.flatMap { pair in
            evolution.addedProperties(pair).compactMap { property -> LintViolation? in
                let required: Bool
                switch property {
                case .attribute(let attribute): required = !attribute.optional && !attribute.hasDefault
                case .relationship(let relationship): required = !relationship.optional && !relationship.toMany
                }
                guard required else { return nil }
                return LintViolation(
                    message: "\(pair.new.name).\(property.name) is new since \(evolution.revision) and required: "
                        + "rows saved by the previous version and records from devices still on it have no value for it",
                    file: pair.new.file, line: property.line, recordType: pair.new.recordType(in: input.model),
                    field: fieldName(property.name))
            }
        }
    }
}
