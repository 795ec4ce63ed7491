import ModelSource

/// A rename declared with `originalName:` migrates the local store, but CloudKit fields
/// follow the current name: the old field stays, the new one must be deployed, and devices
/// still on the old version keep writing the old field.
struct RenamedPropertyRule: LintRule {
    static let info = LintRuleInfo(
        id: "renamed-property", severity: .warning,
        summary: "(--since) A stored property renamed with originalName: since REF.",
        fix: "Deploy the new field before release, and keep reading the old one while older app versions are in use (or keep the old name).")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        guard let evolution = ModelEvolution(input) else { return [] }
        return evolution.entityPairs.flatMap { pair in
            evolution.propertyPairs(pair).filter(\.renamed).map { properties in
                LintViolation(
                    message: "\(pair.new.name).\(properties.new.name) was renamed from \(properties.old.name) "
                        + "(originalName:) since \(evolution.revision): local data migrates, but Production keeps "
                        + "\(fieldName(properties.old.name)), the new \(fieldName(properties.new.name)) must be deployed, "
                        + "and devices on older versions keep writing the old field",
                    file: pair.new.file, line: properties.new.line, recordType: pair.new.recordType(in: input.model),
                    field: fieldName(properties.new.name))
            }
        }
    }
}
