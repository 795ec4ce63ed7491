import ModelSource

/// The mirroring layer rebuilds the object graph from both ends, so every relationship
/// needs an inverse.
struct MissingInverseRule: LintRule {
    static let info = LintRuleInfo(
        id: "missing-inverse", severity: .error,
        summary: "A relationship without an inverse, or whose inverse cannot be inferred or does not exist.",
        fix: "Declare the inverse on one side: @Relationship(inverse: \\Destination.property), with the property present on the destination.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        let graph = RelationshipGraph(model: input.model)
        return input.model.entities.flatMap { entity in
            entity.relationships.compactMap { relationship -> LintViolation? in
                guard case .missing(let reason) = graph.inverse(of: relationship, in: entity) else { return nil }
                return LintViolation(
                    message: "\(entity.name).\(relationship.name) has no usable inverse: \(reason)",
                    file: entity.file, line: relationship.line, recordType: entity.recordType(in: input.model),
                    field: relationship.toMany ? nil : fieldName(relationship.name))
            }
        }
    }
}
