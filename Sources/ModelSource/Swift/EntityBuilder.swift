import SchemaGateBasics
/// Builds an `Entity` from a parsed `@Model` class: each stored property becomes a
/// relationship (its type names a model, or it carries `@Relationship`) or an attribute.
/// A property whose type cannot be told is kept, with a nil type and a diagnostic.
struct EntityBuilder {
    let modelNames: ModelNames
    let types: TypeIndex

    /// Types whose static members (`Date.now`, `UUID()`) tell a property's type.
    static let builtinTypes = Set(AttributeType.swiftScalarTypes.keys)

    func entity(from model: ModelClassDeclaration, file: String) -> (Entity, [ModelDiagnostic]) {
        let entity = entity(from: model, properties: model.properties, destinations: nil, file: file)
        return (entity, Self.unknownTypeDiagnostics(of: entity))
    }

    /// `properties` are the model's own or those merged from its declarations;
    /// `destinations`, when given, holds for each of them what its annotation's element
    /// names, looked up once for choosing the models.
    /// Its problems are `unknownTypeDiagnostics(of:)`.
    func entity(from model: ModelClassDeclaration, properties: [PropertyDeclaration], destinations: [NamedType]?, file: String) -> Entity {
        var parent: String?
        if let superclass = model.inherited.first.map(SwiftTypeShape.lastComponent), superclass != model.name,
           modelNames.contains(superclass) {
            parent = superclass
        }
        // Sized from the properties that name a model: growing the arrays from empty
        // reallocates them, for every one of an app's thousands of entities.
        let namingModels = destinations?.reduce(0) { $1.model == nil ? $0 : $0 + 1 } ?? 0
        var members = Members()
        members.attributes.reserveCapacity(properties.count - namingModels)
        members.relationships.reserveCapacity(namingModels)
        for index in properties.indices {
            add(properties, index, named: destinations?[index], to: &members)
        }
        // Made once its members are known: filling a made entity in copies it.
        var entity = Entity(
            name: model.name, file: file, line: model.line, parent: parent, attributes: members.attributes,
            relationships: members.relationships, uniqueConstraints: model.uniqueConstraints)
        entity.uniqueConstraintLines = model.uniqueConstraintLines
        return entity
    }

    /// An entity's attributes and relationships while they are added.
    private struct Members {
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
    }

    /// One per property whose type cannot be told: those are the attributes without a
    /// Swift type (every other property gets one), in declaration order.
    static func unknownTypeDiagnostics(of entity: Entity) -> [ModelDiagnostic] {
        entity.attributes.indices.compactMap { index in
            if case .some = entity.attributes[index].swiftType { return nil }
            let name = entity.attributes[index].name
            return ModelDiagnostic(
                kind: .unknownType,
                message: "\(entity.name).\(name) has no type annotation and its initial value does not tell the type without a compiler; write 'var \(name): Type = ...' so its CloudKit field type is known",
                file: entity.file, line: entity.attributes[index].line)
        }
    }

    /// Adds stored property `properties[index]` to `members` as a relationship or an
    /// attribute; one whose type cannot be told is added as an attribute without a type.
    /// `named`: what the property's own annotation names, when already looked up.
    ///
    /// The property's fields are read in place, and tested for nil by pattern (`!= nil`
    /// on an `Equatable` optional copies it): a copy of the property, its annotation or
    /// its arguments retains every string they hold, for each of an app's thousands of
    /// properties.
    private func add(_ properties: [PropertyDeclaration], _ index: Int, named: NamedType?, to members: inout Members) {
        // Asked in place: binding the type text copies it.
        switch properties[index].typeText?.isEmpty {
        case .some(false):
            // Taken apart while parsing; the fallback is never taken by parsed declarations.
            guard case .some = properties[index].annotation else {
                let annotation = TypeAnnotation(properties[index].typeText!)
                return add(properties, index, annotation, inferredOptional: false, named: named, to: &members)
            }
            add(properties, index, properties[index].annotation!, inferredOptional: false, named: named, to: &members)
        case .some(true):
            addUntyped(properties, index, to: &members)
        case .none:
            guard case .some(let value) = properties[index].defaultValue, let (type, optional) = infer(value), !type.isEmpty else {
                return addUntyped(properties, index, to: &members)
            }
            add(properties, index, TypeAnnotation(type), inferredOptional: optional, named: nil, to: &members)
        }
    }

    private func addUntyped(_ properties: [PropertyDeclaration], _ index: Int, to members: inout Members) {
        members.attributes.append(Attribute(
            name: properties[index].name, swiftType: nil, optional: false,
            hasDefault: hasDefault(properties, index), line: properties[index].line))
    }

    private func hasDefault(_ properties: [PropertyDeclaration], _ index: Int) -> Bool {
        if case .some = properties[index].defaultValue { return true }
        return false
    }

    /// `annotation`: the property's type, written or inferred from its initial value.
    private func add(
        _ properties: [PropertyDeclaration], _ index: Int, _ annotation: TypeAnnotation, inferredOptional: Bool,
        named: NamedType?, to members: inout Members
    ) {
        if case .some(let arguments) = properties[index].relationship {
            appendRelationship(properties, index, annotation, arguments, inferredOptional: inferredOptional, to: &members)
        } else if !annotation.shape.isDictionary && (named.map { $0.model != nil } ?? modelNames.contains(annotation.elementName)) {
            appendRelationship(properties, index, annotation, nil, inferredOptional: inferredOptional, to: &members)
        } else {
            // The scalar type found for the element name is the base's when they are the same name.
            let scalar = named?.scalar.flatMap { annotation.shape.base == annotation.elementName ? $0 : nil }
            appendAttribute(properties, index, annotation.shape, scalar: scalar, inferredOptional: inferredOptional, to: &members)
        }
    }

    private func appendRelationship(
        _ properties: [PropertyDeclaration], _ index: Int, _ annotation: TypeAnnotation, _ arguments: RelationshipArguments?,
        inferredOptional: Bool, to members: inout Members
    ) {
        members.relationships.append(Relationship(
            name: properties[index].name, destination: annotation.elementName, toMany: annotation.shape.element != nil,
            optional: annotation.shape.optional || inferredOptional, inverse: arguments?.inverse?.last,
            deleteRule: arguments?.deleteRule.flatMap(DeleteRule.init(rawValue:)) ?? .nullify,
            originalName: arguments?.originalName ?? properties[index].attribute?.originalName,
            line: properties[index].line))
    }

    /// `scalar`: `AttributeType.scalarType(named: shape.base)`, when already known.
    private func appendAttribute(
        _ properties: [PropertyDeclaration], _ index: Int, _ shape: SwiftTypeShape, scalar: AttributeType?,
        inferredOptional: Bool, to members: inout Members
    ) {
        let options = AttributeOptions(properties[index].attribute?.options)
        let type = AttributeType.swiftData(
            base: shape.base, isCollection: shape.isCollection, transformable: options.transformable, scalar: scalar)
        members.attributes.append(Attribute(
            name: properties[index].name, swiftType: shape.base, optional: shape.optional || inferredOptional,
            hasDefault: hasDefault(properties, index), externalStorage: options.externalStorage,
            unique: options.unique, allowsCloudEncryption: options.allowsCloudEncryption,
            originalName: properties[index].attribute?.originalName, attributeType: type,
            enumType: type == .composite && types.kind(named: shape.base) == .enum, line: properties[index].line))
    }

    /// The `@Attribute` options an attribute records, found in one pass over those written:
    /// most properties have none, the others one or two.
    private struct AttributeOptions {
        var transformable = false
        var externalStorage = false
        var unique = false
        var allowsCloudEncryption = false

        init(_ options: Set<String>?) {
            guard let options, !options.isEmpty else { return }
            for option in options {
                switch option {
                case "transformable": transformable = true
                case "externalStorage": externalStorage = true
                case "unique": unique = true
                case "allowsCloudEncryption": allowsCloudEncryption = true
                default: break
                }
            }
        }
    }

    /// The type an initial value implies, and whether it is optional (`URL(string:)`).
    func infer(_ value: DefaultValue) -> (String, Bool)? {
        switch value {
        case .string: return ("String", false)
        case .integer: return ("Int", false)
        case .float: return ("Double", false)
        case .bool: return ("Bool", false)
        case .nil, .other: return nil
        case .array(let element): return element.map { ("[\($0)]", false) }
        case .constructor(let type, let optional): return (type, optional)
        case .member(let path):
            guard path.count >= 2, let member = path.last else { return nil }
            if member == "rawValue", path.count >= 3 {
                return types.rawType(ofEnum: path.dropLast(2).joined(separator: ".")).map { ($0, false) }
            }
            let base = path.dropLast().joined(separator: ".")
            if Self.builtinTypes.contains(base) { return (base, false) }
            if let declaration = types.declaration(named: base), declaration.kind == .enum, declaration.cases.contains(member) {
                return (base, false)
            }
            return nil
        }
    }
}

/// What the element name of a property's declared type names, looked up once for choosing
/// the models and again used for building their entities.
enum NamedType {
    /// A model class: the number of its name in `ModelNames`.
    case model(Int)
    /// A Swift scalar type (`AttributeType.scalarType(named:)`), when no model has such a name.
    case scalar(AttributeType)
    /// Neither, or not looked up.
    case other

    var model: Int? {
        if case .model(let number) = self { return number }
        return nil
    }

    var scalar: AttributeType? {
        if case .scalar(let type) = self { return type }
        return nil
    }
}

/// Where every entity's relationships and parent point: the position of the first entity
/// of each name (nil: no entity read has it), looked up once for filling in inverses and
/// for following what the registration reaches.
///
/// Found on every core, a run of entities at a time, each run's in a few flat arrays: an
/// array per entity would be allocated, and freed, once for each of an app's thousands.
struct EntityLinks {
    /// Entities per run (the last may hold fewer).
    private let runLength: Int
    private let runs: [Run]
    /// The number of entities.
    let count: Int

    private struct Run {
        /// Where each entity's relationships start in `destinations`, then where the last ends.
        var starts: [Int] = [0]
        /// Every relationship's, in entity and relationship order.
        var destinations: [Int?] = []
        var parents: [Int?] = []
    }

    /// `index`: the position of the first entity of a name.
    init(_ entities: [Entity], serial: Bool, index: (String) -> Int?) {
        let runLength = max(1, (entities.count + 63) / 64)
        self.runLength = runLength
        count = entities.count
        runs = ParallelMap.map((entities.count + runLength - 1) / runLength, serial: serial) { run in
            var links = Run()
            // The entities read in place: a copy of one retains everything it holds.
            for entity in run * runLength ..< min(entities.count, (run + 1) * runLength) {
                for relationship in entities[entity].relationships.indices {
                    links.destinations.append(index(entities[entity].relationships[relationship].destination))
                }
                links.starts.append(links.destinations.count)
                links.parents.append(entities[entity].parent.flatMap(index))
            }
            return links
        }
    }

    /// Where relationship `relationship` of entity `entity` points.
    func destination(of entity: Int, _ relationship: Int) -> Int? {
        let (run, position) = entity.quotientAndRemainder(dividingBy: runLength)
        return runs[run].destinations[runs[run].starts[position] + relationship]
    }

    /// Where each relationship of entity `entity` points.
    func destinations(of entity: Int) -> ArraySlice<Int?> {
        let (run, position) = entity.quotientAndRemainder(dividingBy: runLength)
        return runs[run].destinations[runs[run].starts[position] ..< runs[run].starts[position + 1]]
    }

    func parent(of entity: Int) -> Int? {
        let (run, position) = entity.quotientAndRemainder(dividingBy: runLength)
        return runs[run].parents[position]
    }
}

/// Fills in the inverse of the side that did not declare it: SwiftData takes `inverse:` on
/// one side only. The other side is found by `RelationshipGraph`'s rule (a relationship of
/// the destination, pointing back, naming this one); left empty when two claim it.
enum InverseResolver {
    /// One inverse to fill in: `entities[entity].relationships[relationship].inverse`.
    struct Fill {
        var entity: Int
        var relationship: Int
        var inverse: String
    }

    static func fill(_ entities: inout [Entity]) {
        apply(fills(entities), to: &entities)
    }

    /// What `fill` would set, found without changing anything (so it can run alongside
    /// other readers of the entities).
    static func fills(_ entities: [Entity]) -> [Fill] {
        let graph = RelationshipGraph(entities: entities)
        return fills(entities) { graph.index(named: entities[$0].relationships[$1].destination) }
    }

    /// `destination(entity, relationship)`: the position of the first entity named as the
    /// destination of `entities[entity].relationships[relationship]` (by
    /// `RelationshipGraph.index(named:)`, or the assembler's `EntityLinks`).
    static func fills(_ entities: [Entity], destination: (_ entity: Int, _ relationship: Int) -> Int?) -> [Fill] {
        var fills: [Fill] = []
        // By position, reading names in place: a copy of an entity retains every string it holds.
        for entityIndex in entities.indices {
            let relationships = entities[entityIndex].relationships
            for relationshipIndex in relationships.indices where relationships[relationshipIndex].inverse == nil {
                guard let destination = destination(entityIndex, relationshipIndex),
                      let inverse = RelationshipGraph.soleClaimant(
                          of: relationships[relationshipIndex].name, in: entities[entityIndex].name,
                          destination: entities[destination].name, relationships: entities[destination].relationships)
                else { continue }
                fills.append(Fill(entity: entityIndex, relationship: relationshipIndex, inverse: inverse))
            }
        }
        return fills
    }

    static func apply(_ fills: [Fill], to entities: inout [Entity]) {
        for fill in fills { entities[fill.entity].relationships[fill.relationship].inverse = fill.inverse }
    }
}
