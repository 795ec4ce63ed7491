/// Builds an `Entity` from a parsed `@Model` class: each stored property becomes a
/// relationship (its type names a model, or it carries `@Relationship`) or an attribute.
/// A property whose type cannot be told is kept, with a nil type and a diagnostic.
struct EntityBuilder {
    let modelNames: Set<String>
    let types: TypeIndex

    /// Types whose static members (`Date.now`, `UUID()`) tell a property's type.
    static let builtinTypes = Set(AttributeType.swiftScalarTypes.keys)

    func entity(from model: ModelClassDeclaration, file: String) -> (Entity, [ModelDiagnostic]) {
        var entity = Entity(name: model.name, file: file, line: model.line, uniqueConstraints: model.uniqueConstraints)
        entity.uniqueConstraintLines = model.uniqueConstraintLines
        if let superclass = model.inherited.first.map(SwiftTypeShape.lastComponent), superclass != model.name,
           modelNames.contains(superclass) {
            entity.parent = superclass
        }
        var diagnostics: [ModelDiagnostic] = []
        entity.attributes.reserveCapacity(model.properties.count)
        for property in model.properties {
            var typeText = property.typeText
            var inferredOptional = false
            if typeText == nil, let value = property.defaultValue, let (type, optional) = infer(value) {
                typeText = type
                inferredOptional = optional
            }
            guard let typeText, !typeText.isEmpty else {
                entity.attributes.append(Attribute(
                    name: property.name, swiftType: nil, optional: false, hasDefault: property.defaultValue != nil,
                    line: property.line))
                diagnostics.append(ModelDiagnostic(
                    kind: .unknownType,
                    message: "\(model.name).\(property.name) has no type annotation and its initial value does not tell the type without a compiler; write 'var \(property.name): Type = ...' so its CloudKit field type is known",
                    file: file, line: property.line))
                continue
            }
            let annotation = typeText == property.typeText ? property.annotation ?? TypeAnnotation(typeText) : TypeAnnotation(typeText)
            let shape = annotation.shape
            let destination = annotation.elementName
            if property.relationship != nil || (modelNames.contains(destination) && !shape.isDictionary) {
                entity.relationships.append(Relationship(
                    name: property.name, destination: destination, toMany: shape.element != nil,
                    optional: shape.optional || inferredOptional, inverse: property.relationship?.inverse?.last,
                    deleteRule: property.relationship?.deleteRule.flatMap(DeleteRule.init(rawValue:)) ?? .nullify,
                    originalName: property.relationship?.originalName ?? property.attribute?.originalName, line: property.line))
            } else {
                // Most properties have no options: a Set answers `contains` by hashing even when empty.
                let options = property.attribute?.options ?? []
                let has = { (option: String) in !options.isEmpty && options.contains(option) }
                let type = AttributeType.swiftData(base: shape.base, isCollection: shape.isCollection, transformable: has("transformable"))
                entity.attributes.append(Attribute(
                    name: property.name, swiftType: shape.base, optional: shape.optional || inferredOptional,
                    hasDefault: property.defaultValue != nil, externalStorage: has("externalStorage"),
                    unique: has("unique"), allowsCloudEncryption: has("allowsCloudEncryption"),
                    originalName: property.attribute?.originalName, attributeType: type,
                    enumType: type == .composite && types.declaration(named: shape.base)?.kind == .enum, line: property.line))
            }
        }
        return (entity, diagnostics)
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
        var fills: [Fill] = []
        for (entityIndex, entity) in entities.enumerated() {
            for (relationshipIndex, relationship) in entity.relationships.enumerated() where relationship.inverse == nil {
                guard let destination = graph.entity(named: relationship.destination) else { continue }
                let claimants = RelationshipGraph.claimants(of: relationship, in: entity, destination: destination)
                guard claimants.count == 1 else { continue }
                fills.append(Fill(entity: entityIndex, relationship: relationshipIndex, inverse: claimants[0].name))
            }
        }
        return fills
    }

    static func apply(_ fills: [Fill], to entities: inout [Entity]) {
        for fill in fills { entities[fill.entity].relationships[fill.relationship].inverse = fill.inverse }
    }
}
