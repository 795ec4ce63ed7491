import ModelSource

/// CloudKit has no server-side uniqueness, so NSPersistentCloudKitContainer refuses a
/// model with unique constraints (seeds 002, 003).
struct UniqueConstraintRule: LintRule {
    static let info = LintRuleInfo(
        id: "unique-constraint", severity: .error,
        summary: "@Attribute(.unique), #Unique or a Core Data uniqueness constraint.",
        fix: "Remove the uniqueness constraint and deduplicate in app code (CloudKit cannot enforce uniqueness).")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.model.entities.flatMap { entity in
            let recordType = entity.recordType(in: input.model)
            let attributes = entity.attributes.filter(\.unique).map { attribute in
                LintViolation(
                    message: "\(entity.name).\(attribute.name) is marked unique; CloudKit mirroring does not support uniqueness constraints",
                    file: entity.file, line: attribute.line, recordType: recordType, field: fieldName(attribute.name))
            }
            let constraints = entity.uniqueConstraints.enumerated().map { index, names in
                LintViolation(
                    message: "\(entity.name) declares a uniqueness constraint on (\(names.joined(separator: ", "))); "
                        + "CloudKit mirroring does not support uniqueness constraints",
                    file: entity.file, line: entity.lineOfUniqueConstraint(index), recordType: recordType)
            }
            return attributes + constraints
        }
    }
}
