import ModelSource

/// A stored property whose type no CloudKit field can carry.
struct UnsupportedTypeRule: LintRule {
    static let info = LintRuleInfo(
        id: "unsupported-type", severity: .error,
        summary: "An attribute whose type CloudKit cannot carry (function, tuple, Any/existential, metatype).",
        fix: "Store a Codable value type instead (a struct, an enum with a raw value, or Data), or mark the property @Transient.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.model.entities.flatMap { entity in
            entity.attributes.compactMap { attribute -> LintViolation? in
                guard let type = attribute.swiftType, case .unsupported(let reason)? = CloudKitValueKind(attribute) else { return nil }
                return LintViolation(
                    message: "\(entity.name).\(attribute.name) has type \(type), \(reason), which CloudKit cannot store",
                    file: entity.file, line: attribute.line, recordType: entity.recordType(in: input.model),
                    field: fieldName(attribute.name))
            }
        }
    }
}
