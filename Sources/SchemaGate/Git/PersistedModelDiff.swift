import CloudKitSchema
import ModelSource

/// What differs between two readings of the app's models, ignoring where things are
/// declared (file, line, order): only what reaches the persistent store and CloudKit.
/// A file whose only edits are comments, methods or computed properties reads the same.
package enum PersistedModelDiff {
    package static func differences(from old: AppModel, to new: AppModel) -> [String] {
        var lines: [String] = []
        // Names are told apart by their bytes, as CloudKit tells them apart (ExactName): a
        // name rewritten in another Unicode normalization is another record type or field.
        let oldEntities = index(old.entities), newEntities = index(new.entities)
        for name in sorted(Set(oldEntities.keys).union(newEntities.keys)) {
            switch (oldEntities[name], newEntities[name]) {
            case (nil, let entity?): lines.append("added model \(name) (\(entity.attributes.count) attributes, \(entity.relationships.count) relationships)")
            case (_?, nil): lines.append("removed model \(name)")
            case let (before?, after?): lines += differences(before, after)
            case (nil, nil): break
            }
        }
        let oldTypes = Set((old.registeredTypes ?? []).map { ExactName($0) }), newTypes = Set((new.registeredTypes ?? []).map { ExactName($0) })
        if old.registeredTypes != nil || new.registeredTypes != nil, oldTypes != newTypes {
            let added = sorted(newTypes.subtracting(oldTypes)).map(\.text)
            let removed = sorted(oldTypes.subtracting(newTypes)).map(\.text)
            var parts: [String] = []
            if !added.isEmpty { parts.append("registered \(added.joined(separator: ", "))") }
            if !removed.isEmpty { parts.append("unregistered \(removed.joined(separator: ", "))") }
            lines.append("schema registration: \(parts.joined(separator: "; "))")
        }
        return lines
    }

    /// Entities by name; a duplicate name (two schema versions) keeps the last reading.
    private static func index(_ entities: [Entity]) -> [ExactName: Entity] {
        Dictionary(entities.map { (ExactName($0.name), $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Names in byte order.
    private static func sorted(_ names: Set<ExactName>) -> [ExactName] {
        names.sorted { asciiLess($0.text, $1.text) }
    }

    private static func differences(_ old: Entity, _ new: Entity) -> [String] {
        let name = new.name
        var lines: [String] = []
        if old.parent.map { ExactName($0) } != new.parent.map { ExactName($0) } {
            lines.append("\(name): parent entity \(old.parent ?? "none") -> \(new.parent ?? "none")")
        }
        lines += memberDifferences("attribute", of: name, old.attributes, new.attributes, name: \.name, describe: describe)
        lines += memberDifferences("relationship", of: name, old.relationships, new.relationships, name: \.name, describe: describe)
        let oldUnique = Set(old.uniqueConstraints.map { sorted(Set($0.map { ExactName($0) })) })
        let newUnique = Set(new.uniqueConstraints.map { sorted(Set($0.map { ExactName($0) })) })
        if oldUnique != newUnique { lines.append("\(name): unique constraints changed") }
        return lines
    }

    /// Added, removed and changed members (attributes or relationships) by name, sorted;
    /// "changed" means their `describe` strings differ.
    private static func memberDifferences<Member>(
        _ kind: String, of entity: String, _ old: [Member], _ new: [Member],
        name: (Member) -> String, describe: (Member) -> String
    ) -> [String] {
        let before = Dictionary(old.map { (ExactName(name($0)), $0) }, uniquingKeysWith: { _, last in last })
        let after = Dictionary(new.map { (ExactName(name($0)), $0) }, uniquingKeysWith: { _, last in last })
        return sorted(Set(before.keys).union(after.keys)).compactMap { member in
            switch (before[member], after[member]) {
            case (nil, let added?): return "\(entity): added \(kind) \(member) (\(describe(added)))"
            case (_?, nil): return "\(entity): removed \(kind) \(member)"
            case let (was?, now?) where !describe(was).isExactly(describe(now)):
                return "\(entity): \(kind) \(member) \(describe(was)) -> \(describe(now))"
            default: return nil
            }
        }
    }

    /// Everything about an attribute that reaches the store, in one comparable string.
    static func describe(_ attribute: Attribute) -> String {
        var parts = [(attribute.swiftType ?? "unknown type") + (attribute.optional ? "?" : "")]
        if attribute.hasDefault { parts.append("default") }
        if attribute.externalStorage { parts.append("external storage") }
        if attribute.unique { parts.append("unique") }
        if attribute.allowsCloudEncryption { parts.append("encrypted") }
        if let original = attribute.originalName { parts.append("originally \(original)") }
        return parts.joined(separator: ", ")
    }

    static func describe(_ relationship: Relationship) -> String {
        var parts = ["\(relationship.toMany ? "to-many" : "to-one") \(relationship.destination)\(relationship.optional ? "?" : "")"]
        parts.append("inverse \(relationship.inverse ?? "none")")
        parts.append("delete rule \(relationship.deleteRule.rawValue)")
        if relationship.ordered { parts.append("ordered") }
        if let original = relationship.originalName { parts.append("originally \(original)") }
        return parts.joined(separator: ", ")
    }
}
