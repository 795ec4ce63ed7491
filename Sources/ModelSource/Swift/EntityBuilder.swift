/// Builds an `Entity` from a parsed `@Model` class: each stored property becomes a
/// relationship (its type names a model, or it carries `@Relationship`) or an attribute.
/// A property whose type cannot be told is kept, with a nil type and a diagnostic.
struct EntityBuilder {
    let modelNames: ModelNames
    let types: TypeIndex

    /// Types whose static members (`Date.now`, `UUID()`) tell a property's type.
    static let builtinTypes = Set(AttributeType.swiftScalarTypes.keys)

    func entity(from model: ModelClassDeclaration, file: String) -> (Entity, [ModelDiagnostic]) {
        entity(from: model, properties: model.properties, destinations: nil, file: file)
    }

    /// `properties` are the model's own or those merged from its declarations;
    /// `destinations`, when given, holds for each of them the number of the model its
    /// annotation's element names (nil: none), looked up once for choosing the models.
    func entity(
        from model: ModelClassDeclaration, properties: [PropertyDeclaration], destinations: [Int?]?, file: String
    ) -> (Entity, [ModelDiagnostic]) {
        var entity = Entity(name: model.name, file: file, line: model.line, uniqueConstraints: model.uniqueConstraints)
        entity.uniqueConstraintLines = model.uniqueConstraintLines
        if let superclass = model.inherited.first.map(SwiftTypeShape.lastComponent), superclass != model.name,
           modelNames.contains(superclass) {
            entity.parent = superclass
        }
        var diagnostics: [ModelDiagnostic] = []
        entity.attributes.reserveCapacity(properties.count)
        for index in properties.indices {
            let known = destinations.map { $0[index] != nil }
            if !add(properties, index, namesModel: known, to: &entity) {
                let name = properties[index].name
                diagnostics.append(ModelDiagnostic(
                    kind: .unknownType,
                    message: "\(model.name).\(name) has no type annotation and its initial value does not tell the type without a compiler; write 'var \(name): Type = ...' so its CloudKit field type is known",
                    file: file, line: properties[index].line))
            }
        }
        return (entity, diagnostics)
    }

    /// Adds stored property `properties[index]` to `entity` as a relationship or an
    /// attribute; false when its type cannot be told (it is added with none). `known`:
    /// whether the property's own annotation names a model, when already looked up.
    ///
    /// The property's fields are read in place: a copy of the whole property would retain
    /// every string it holds, for each of an app's thousands of properties.
    private func add(_ properties: [PropertyDeclaration], _ index: Int, namesModel known: Bool?, to entity: inout Entity) -> Bool {
        var typeText = properties[index].typeText
        var inferredOptional = false
        if typeText == nil, let value = properties[index].defaultValue, let (type, optional) = infer(value) {
            typeText = type
            inferredOptional = optional
        }
        guard let typeText, !typeText.isEmpty else {
            entity.attributes.append(Attribute(
                name: properties[index].name, swiftType: nil, optional: false,
                hasDefault: properties[index].defaultValue != nil, line: properties[index].line))
            return false
        }
        // An annotated property's type was taken apart while parsing; an inferred one's is not.
        let annotated = properties[index].typeText != nil
        let annotation = annotated ? properties[index].annotation ?? TypeAnnotation(typeText) : TypeAnnotation(typeText)
        let isRelationship = properties[index].relationship != nil
            || (!annotation.shape.isDictionary && ((annotated ? known : nil) ?? modelNames.contains(annotation.elementName)))
        if isRelationship {
            entity.relationships.append(relationship(properties, index, annotation, inferredOptional: inferredOptional))
        } else {
            entity.attributes.append(attribute(properties, index, annotation.shape, inferredOptional: inferredOptional))
        }
        return true
    }

    private func relationship(
        _ properties: [PropertyDeclaration], _ index: Int, _ annotation: TypeAnnotation, inferredOptional: Bool
    ) -> Relationship {
        let arguments = properties[index].relationship
        return Relationship(
            name: properties[index].name, destination: annotation.elementName, toMany: annotation.shape.element != nil,
            optional: annotation.shape.optional || inferredOptional, inverse: arguments?.inverse?.last,
            deleteRule: arguments?.deleteRule.flatMap(DeleteRule.init(rawValue:)) ?? .nullify,
            originalName: arguments?.originalName ?? properties[index].attribute?.originalName, line: properties[index].line)
    }

    private func attribute(
        _ properties: [PropertyDeclaration], _ index: Int, _ shape: SwiftTypeShape, inferredOptional: Bool
    ) -> Attribute {
        let arguments = properties[index].attribute
        // Most properties have no options, the others one or two: comparing those costs
        // less than hashing each option asked for (a Set hashes even when empty).
        let options = arguments?.options ?? []
        let has = { (option: String) in
            !options.isEmpty && (options.count > 4 ? options.contains(option) : options.contains { $0 == option })
        }
        let type = AttributeType.swiftData(base: shape.base, isCollection: shape.isCollection, transformable: has("transformable"))
        return Attribute(
            name: properties[index].name, swiftType: shape.base, optional: shape.optional || inferredOptional,
            hasDefault: properties[index].defaultValue != nil, externalStorage: has("externalStorage"),
            unique: has("unique"), allowsCloudEncryption: has("allowsCloudEncryption"),
            originalName: arguments?.originalName, attributeType: type,
            enumType: type == .composite && types.declaration(named: shape.base)?.kind == .enum, line: properties[index].line)
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
        // By position, reading names in place: a copy of an entity retains every string it holds.
        for entityIndex in entities.indices {
            let relationships = entities[entityIndex].relationships
            for relationshipIndex in relationships.indices where relationships[relationshipIndex].inverse == nil {
                guard let destination = graph.index(named: relationships[relationshipIndex].destination) else { continue }
                let claimants = RelationshipGraph.claimants(
                    of: relationships[relationshipIndex].name, in: entities[entityIndex].name,
                    destination: entities[destination].name, relationships: entities[destination].relationships)
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
