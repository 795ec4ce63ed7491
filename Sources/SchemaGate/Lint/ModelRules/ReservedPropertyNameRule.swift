import ModelSource

/// Core Data adds `CD_entityName` and `CD_moveReceipt` to every record type;
/// a property with one of those names maps onto the same CloudKit field.
struct ReservedPropertyNameRule: LintRule {
    static let info = LintRuleInfo(
        id: "reserved-property-name", severity: .error,
        summary: "A property named entityName or moveReceipt (collides with Core Data's CD_entityName / CD_moveReceipt).",
        fix: "Rename the property (for example kindName or receiptData) before it reaches Production.")

    static let reserved: Set<String> = ["entityName", "moveReceipt"]

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.model.entities.flatMap { entity in
            let names = entity.attributes.map { ($0.name, $0.line) } + entity.relationships.map { ($0.name, $0.line) }
            return names.filter { Self.reserved.contains($0.0) }.map { name, line in
                LintViolation(
                    message: "\(entity.name).\(name) maps to \(fieldName(name)), a field Core Data already writes on every record",
                    file: entity.file, line: line, recordType: entity.recordType(in: input.model), field: fieldName(name))
            }
        }
    }
}
