import ModelSource

/// Resolves relationship inverses the way the frameworks do: an inverse declared on either
/// side, or (SwiftData only) inferred when exactly one unpaired relationship points each way.
struct RelationshipGraph {
    enum Inverse: Equatable {
        case found(Relationship)
        /// The destination is not among the models read (linting a subset of files).
        case unknownDestination
        case missing(String)
    }

    let model: AppModel
    /// `model`'s entities by name, looked up once per relationship.
    private let byName: [String: Entity]

    init(model: AppModel) {
        self.model = model
        byName = model.entitiesByName()
    }

    func inverse(of relationship: Relationship, in entity: Entity) -> Inverse {
        guard let destination = byName[relationship.destination] else { return .unknownDestination }
        if let name = relationship.inverse {
            if let inverse = destination.relationships.first(where: { $0.name == name }) { return .found(inverse) }
            return .missing("its declared inverse \(destination.name).\(name) does not exist")
        }
        if let declared = destination.relationships.first(where: {
            $0.destination == entity.name && $0.inverse == relationship.name && !($0.name == relationship.name && destination.name == entity.name)
        }) {
            return .found(declared)
        }
        let candidates = unpaired(from: destination, to: entity).filter {
            !(destination.name == entity.name && $0.name == relationship.name)
        }
        guard !candidates.isEmpty else {
            return .missing("\(destination.name) has no relationship back to \(entity.name)")
        }
        guard isSwiftData(entity) else {
            return .missing("Core Data does not infer inverses; none is set in the model")
        }
        let ours = unpaired(from: entity, to: destination)
        // A self-relationship pair (parent/children) lists both ends in `ours`.
        let expectedOurs = destination.name == entity.name ? 2 : 1
        if candidates.count == 1, ours.count == expectedOurs { return .found(candidates[0]) }
        let names = candidates.map(\.name).sorted().joined(separator: ", ")
        return .missing("SwiftData cannot infer which of \(destination.name).{\(names)} is its inverse")
    }

    /// Relationships of `entity` pointing at `target` that neither declare an inverse nor
    /// are named as one by `target`.
    private func unpaired(from entity: Entity, to target: Entity) -> [Relationship] {
        let claimed = Set(target.relationships.filter { $0.destination == entity.name }.compactMap(\.inverse))
        return entity.relationships.filter {
            $0.destination == target.name && $0.inverse == nil && !claimed.contains($0.name)
        }
    }

    /// Many-to-many pairs (both ends to-many), each listed once, as (entity, relationship)
    /// on both ends.
    func manyToManyPairs() -> [ManyToManyPair] {
        var pairs: [ManyToManyPair] = []
        var seen = Set<String>()
        for entity in model.entities {
            for relationship in entity.relationships where relationship.toMany {
                guard case .found(let inverse) = self.inverse(of: relationship, in: entity), inverse.toMany else { continue }
                let ends = [("\(entity.name).\(relationship.name)"), ("\(relationship.destination).\(inverse.name)")].sorted()
                guard seen.insert(ends.joined(separator: "|")).inserted else { continue }
                pairs.append(ManyToManyPair(
                    first: .init(entity: entity.name, relationship: relationship.name, line: relationship.line, file: entity.file),
                    second: .init(entity: relationship.destination, relationship: inverse.name, line: inverse.line,
                                  file: byName[relationship.destination]?.file ?? entity.file)))
            }
        }
        return pairs
    }
}

struct ManyToManyPair: Equatable {
    struct End: Equatable {
        var entity: String
        var relationship: String
        var line: Int
        var file: String
    }

    var first: End
    var second: End

    var entities: Set<String> { [first.entity, second.entity] }
    var description: String { "\(first.entity).\(first.relationship) <-> \(second.entity).\(second.relationship)" }
}

/// SwiftData models are read from Swift files; everything else is Core Data.
func isSwiftData(_ entity: Entity) -> Bool { entity.file.hasSuffix(".swift") }
