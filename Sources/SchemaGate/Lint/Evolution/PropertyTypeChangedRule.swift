import ModelSource

/// Production fields can never change type: once `CD_count` is INT64 in Production, a
/// record carrying a STRING there is rejected, and the whole upload batch with it.
struct PropertyTypeChangedRule: LintRule {
    static let info = LintRuleInfo(
        id: "property-type-changed", severity: .error,
        summary: "(--since) A stored property whose CloudKit type, encoded type or relationship shape changed since REF.",
        fix: "Keep the old property and type; add a new property (new name) for the new type and migrate values in app code.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        guard let evolution = ModelEvolution(input) else { return [] }
        return evolution.entityPairs.flatMap { pair in
            evolution.propertyPairs(pair).compactMap { properties -> LintViolation? in
                guard let change = change(from: properties.old, to: properties.new) else { return nil }
                return LintViolation(
                    message: "\(pair.new.name).\(properties.new.name) \(change) since \(evolution.revision) "
                        + "(\(evolution.oldPlace(pair.old, line: properties.old.line))); "
                        + "Production field \(fieldName(properties.old.name)) can never be retyped",
                    file: pair.new.file, line: properties.new.line, recordType: pair.new.recordType(in: input.model),
                    field: fieldName(properties.old.name))
            }
        }
    }

    /// What changed, in words, or nil when CloudKit can absorb it.
    func change(from old: StoredProperty, to new: StoredProperty) -> String? {
        switch (old, new) {
        case (.attribute(let before), .attribute(let after)):
            guard let oldType = before.swiftType, let newType = after.swiftType,
                  let oldShape = CloudKitValueKind(before), let newShape = CloudKitValueKind(after) else { return nil }
            if case .unsupported = oldShape { return nil }
            if case .unsupported = newShape { return nil }
            guard oldShape != newShape else { return nil }
            if oldShape.cloudKitType == newShape.cloudKitType {
                return "changed its encoded type from \(CloudKitValueKind.normalized(oldType)) to \(CloudKitValueKind.normalized(newType)) "
                    + "(both BYTES, but values written by older versions no longer decode)"
            }
            return "changed type from \(CloudKitValueKind.normalized(oldType)) (\(oldShape.cloudKitType)) "
                + "to \(CloudKitValueKind.normalized(newType)) (\(newShape.cloudKitType))"
        case (.relationship(let before), .relationship(let after)):
            if before.destination != after.destination {
                return "now points at \(after.destination) instead of \(before.destination)"
            }
            if before.toMany != after.toMany {
                return "changed from \(before.toMany ? "to-many" : "to-one") to \(after.toMany ? "to-many" : "to-one")"
            }
            return nil
        case (.attribute, .relationship):
            return "changed from an attribute to a relationship"
        case (.relationship, .attribute):
            return "changed from a relationship to an attribute"
        }
    }
}
