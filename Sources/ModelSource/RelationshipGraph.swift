/// How the models relate, read one way for everyone: the model reader (which fills in the
/// inverse a SwiftData relationship's other side declares), lint and the expected schema.
/// Inverses: declared on either side, or, for SwiftData only, inferred when exactly one
/// unpaired relationship points each way. Core Data infers none: its CloudKit validator
/// requires `inverseRelationship`, which only the model file sets (Docs/CloudKitMapping.md,
/// R-inverse). Record types: an entity is mirrored to its root entity's `CD_` type.
package struct RelationshipGraph: Sendable {
    package enum Inverse: Equatable, Sendable {
        case found(Relationship)
        /// The destination is not among the models read (linting a subset of files).
        case unknownDestination
        case missing(String)
    }

    package let entities: [Entity]
    /// The position in `entities` of the first entity of each name, looked up once per
    /// relationship (positions: a copy of an entity retains every string it holds).
    private let byName: [String: Int]

    package init(entities: [Entity]) {
        self.entities = entities
        var byName: [String: Int] = [:]
        byName.reserveCapacity(entities.count)
        // Last to first: the last write of a name is its first entity, one hash per entity.
        for index in entities.indices.reversed() { byName[entities[index].name] = index }
        self.byName = byName
    }

    package init(model: AppModel) {
        self.init(entities: model.entities)
    }

    package func entity(named name: String) -> Entity? { index(named: name).map { entities[$0] } }

    /// The position in `entities` of the first entity named `name`.
    func index(named name: String) -> Int? { byName[name] }

    // MARK: - Record types

    /// Follows parents to the root; a cycle or a missing parent stops at the last entity seen.
    package func root(of entity: Entity) -> Entity {
        entity.root(self.entity(named:))
    }

    /// The record type NSPersistentCloudKitContainer mirrors `entity` to: its root's.
    package func recordType(of entity: Entity) -> String {
        CloudKitName.recordType(root(of: entity).name)
    }

    // MARK: - Inverses

    package func inverse(of relationship: Relationship, in entity: Entity) -> Inverse {
        guard let destination = self.entity(named: relationship.destination) else { return .unknownDestination }
        if let name = relationship.inverse {
            if let inverse = destination.relationships.first(where: { $0.name == name }) { return .found(inverse) }
            return .missing("its declared inverse \(destination.name).\(name) does not exist")
        }
        // Declared on the other side. Several claimants: which one SwiftData takes is not
        // settled, so the first is taken rather than a finding raised (the reader fills in none).
        let claimants = Self.claimants(
            of: relationship.name, in: entity.name, destination: destination.name, relationships: destination.relationships)
        if let declared = claimants.first { return .found(declared) }
        let candidates = unpaired(from: destination, to: entity).filter {
            !(destination.name == entity.name && $0.name == relationship.name)
        }
        guard !candidates.isEmpty else {
            return .missing("\(destination.name) has no relationship back to \(entity.name)")
        }
        guard entity.isSwiftData else {
            return .missing("Core Data does not infer inverses; none is set in the model")
        }
        let ours = unpaired(from: entity, to: destination)
        // A self-relationship pair (parent/children) lists both ends in `ours`.
        let expectedOurs = destination.name == entity.name ? 2 : 1
        if candidates.count == 1, ours.count == expectedOurs { return .found(candidates[0]) }
        let names = candidates.map(\.name).sorted().joined(separator: ", ")
        return .missing("SwiftData cannot infer which of \(destination.name).{\(names)} is its inverse")
    }

    /// The destination's relationships back to `entity` that declare `relationship` as
    /// their inverse (SwiftData takes `inverse:` on one side only). Names, not entities:
    /// the reader asks for every relationship, and a copy of an entity retains all it holds.
    static func claimants(
        of relationship: String, in entity: String, destination: String, relationships: [Relationship]
    ) -> [Relationship] {
        relationships.filter { isClaimant($0, of: relationship, in: entity, destination: destination) }
    }

    /// The name of the only one of `claimants(...)`, when there is exactly one: found by
    /// position, without copying the claimants out (the reader asks for every relationship).
    static func soleClaimant(
        of relationship: String, in entity: String, destination: String, relationships: [Relationship]
    ) -> String? {
        var sole: Int?
        for index in relationships.indices where isClaimant(relationships[index], of: relationship, in: entity, destination: destination) {
            guard sole == nil else { return nil }
            sole = index
        }
        return sole.map { relationships[$0].name }
    }

    private static func isClaimant(_ candidate: Relationship, of relationship: String, in entity: String, destination: String) -> Bool {
        candidate.destination == entity && candidate.inverse == relationship && !(candidate.name == relationship && destination == entity)
    }

    /// Relationships of `entity` pointing at `target` that neither declare an inverse nor
    /// are named as one by `target`.
    private func unpaired(from entity: Entity, to target: Entity) -> [Relationship] {
        let claimed = Set(target.relationships.filter { $0.destination == entity.name }.compactMap(\.inverse))
        return entity.relationships.filter {
            $0.destination == target.name && $0.inverse == nil && !claimed.contains($0.name)
        }
    }

    /// Many-to-many pairs (both ends to-many, each the other's inverse), each listed once,
    /// in model order: Core Data stores their links as `CDMR` records.
    package func manyToManyPairs() -> [ManyToManyPair] {
        var pairs: [ManyToManyPair] = []
        var seen = Set<String>()
        for entity in entities {
            for relationship in entity.relationships where relationship.toMany {
                guard case .found(let inverse) = self.inverse(of: relationship, in: entity), inverse.toMany else { continue }
                let ends = [("\(entity.name).\(relationship.name)"), ("\(relationship.destination).\(inverse.name)")].sorted()
                guard seen.insert(ends.joined(separator: "|")).inserted else { continue }
                pairs.append(ManyToManyPair(
                    first: .init(entity: entity.name, relationship: relationship.name, line: relationship.line, file: entity.file),
                    second: .init(entity: relationship.destination, relationship: inverse.name, line: inverse.line,
                                  file: self.entity(named: relationship.destination)?.file ?? entity.file)))
            }
        }
        return pairs
    }
}

package struct ManyToManyPair: Equatable, Sendable {
    package struct End: Equatable, Sendable {
        package var entity: String
        package var relationship: String
        package var line: Int
        package var file: String
    }

    package var first: End
    package var second: End

    package var entities: Set<String> { [first.entity, second.entity] }
    package var description: String { "\(first.entity).\(first.relationship) <-> \(second.entity).\(second.relationship)" }
}

/// The names NSPersistentCloudKitContainer gives records and fields (Docs/CloudKitMapping.md,
/// source A): `CD_` and the entity's or property's name.
package enum CloudKitName {
    package static let prefix = "CD_"

    /// `CD_Item`, the record type of root entity `Item`.
    package static func recordType(_ entity: String) -> String { prefix + entity }

    /// `CD_notes`, the field of property `notes`.
    package static func field(_ property: String) -> String { prefix + property }
}

extension Entity {
    /// SwiftData models are read from Swift files; everything else is Core Data.
    package var isSwiftData: Bool { file.hasSuffix(".swift") }

    /// Follows parents to the root; a cycle or a missing parent stops at the last entity seen.
    package func root(_ entityNamed: (String) -> Entity?) -> Entity {
        var current = self
        var seen: Set<String> = [name]
        while let parentName = current.parent, let parent = entityNamed(parentName), seen.insert(parentName).inserted {
            current = parent
        }
        return current
    }
}
