import CloudKitSchema
import ModelSource

/// A stored property of either kind, for comparing two versions of a model.
enum StoredProperty: Equatable {
    case attribute(Attribute)
    case relationship(Relationship)

    var name: String {
        switch self {
        case .attribute(let attribute): return attribute.name
        case .relationship(let relationship): return relationship.name
        }
    }

    var line: Int {
        switch self {
        case .attribute(let attribute): return attribute.line
        case .relationship(let relationship): return relationship.line
        }
    }

    var originalName: String? {
        switch self {
        case .attribute(let attribute): return attribute.originalName
        case .relationship(let relationship): return relationship.originalName
        }
    }

    /// `@Attribute` or `@Relationship`, for fixes that name the macro.
    var macro: String {
        if case .relationship = self { return "@Relationship" }
        return "@Attribute"
    }
}

extension Entity {
    var storedProperties: [StoredProperty] {
        attributes.map(StoredProperty.attribute) + relationships.map(StoredProperty.relationship)
    }

    func property(named name: String) -> StoredProperty? {
        storedProperties.first { $0.name.isExactly(name) }
    }
}

/// The models at a revision matched against the working tree: entities by name,
/// properties by name or by `originalName:` on the new side.
struct ModelEvolution {
    struct EntityPair {
        var old: Entity
        var new: Entity
    }

    struct PropertyPair {
        var old: StoredProperty
        var new: StoredProperty
        /// Matched through `originalName:` rather than by name.
        var renamed: Bool
    }

    let old: AppModel
    let new: AppModel
    let revision: String

    init?(_ input: LintInput) {
        guard let previous = input.previous else { return nil }
        old = previous.model
        new = input.model
        revision = previous.revision
    }

    var entityPairs: [EntityPair] {
        let before = Self.byExactName(old.entities)
        return new.entities.compactMap { entity in before[ExactName(entity.name)].map { EntityPair(old: $0, new: entity) } }
    }

    var removedEntities: [Entity] {
        let after = Self.byExactName(new.entities)
        return old.entities.filter { after[ExactName($0.name)] == nil }
    }

    /// Entities by name as CloudKit tells names apart (bytes); the first of a name wins.
    static func byExactName(_ entities: [Entity]) -> [ExactName: Entity] {
        Dictionary(entities.map { (ExactName($0.name), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Properties present on both sides (by name, or renamed with `originalName:`).
    func propertyPairs(_ pair: EntityPair) -> [PropertyPair] {
        pair.new.storedProperties.compactMap { property in
            if let same = pair.old.property(named: property.name) {
                return PropertyPair(old: same, new: property, renamed: false)
            }
            if let original = property.originalName, !original.isExactly(property.name), let old = pair.old.property(named: original) {
                return PropertyPair(old: old, new: property, renamed: true)
            }
            return nil
        }
    }

    /// Old properties no new property continues, by name or `originalName:`.
    func removedProperties(_ pair: EntityPair) -> [StoredProperty] {
        let continued = Set(propertyPairs(pair).map { ExactName($0.old.name) })
        return pair.old.storedProperties.filter { !continued.contains(ExactName($0.name)) }
    }

    /// New properties that continue no old one.
    func addedProperties(_ pair: EntityPair) -> [StoredProperty] {
        let continuing = Set(propertyPairs(pair).map { ExactName($0.new.name) })
        return pair.new.storedProperties.filter { !continuing.contains(ExactName($0.name)) }
    }

    /// `v1.2:Models/Item.swift:12`, for messages about where something used to be.
    func oldPlace(_ entity: Entity, line: Int) -> String { "\(revision):\(entity.file):\(line)" }
}
