/// Turns the declarations of every Swift file into entities: picks the schema version
/// in use, resolves names across files (typealiases, nested versions, extensions),
/// follows relationships to models declared elsewhere, and checks the registered type
/// lists against the declarations.
///
/// Every name is looked up in indexes built once (`ModelNameIndex`, `TypeIndex`, the
/// version lists by version), never by a scan over the declarations, so assembly costs
/// time linear in the number of models, registrations and relationships.
struct SwiftModelAssembler {
    let files: [SwiftFileDeclarations]
    let versions: SchemaVersions
    /// Every `@Model` class in every file and version.
    let models: [LocatedModel]
    let modelNames: Set<String>
    let typeIndex: TypeIndex
    let names: ModelNameIndex
    /// The `models` lists of each versioned schema, by its canonical name, in file order.
    let versionLists: [String: [ModelListDeclaration]]

    struct LocatedModel {
        var declaration: ModelClassDeclaration
        var file: String
        /// The versioned schema holding it, if any.
        var version: String?
    }

    struct Result {
        var entities: [Entity]
        var registeredTypes: [String]?
        var activeSchemaVersion: String?
        var diagnostics: [ModelDiagnostic]
    }

    /// A list that registers models, with what each of its names (and those of the
    /// versions it includes) resolves to.
    struct Registration {
        var file: String
        var line: Int
        var names: [(written: String, model: LocatedModel?)]
    }

    /// The version the app runs with. When nothing in the sources names one and models
    /// are declared outside every version, those are the current models and the
    /// versions frozen history; otherwise the newest version is the guess.
    let active: String?

    /// Keeps every step on the calling thread (tests).
    var serial = false

    init(files: [SwiftFileDeclarations], serial: Bool = false) {
        self.files = files
        self.serial = serial
        let versions = SchemaVersions(files: files)
        self.versions = versions
        let models = files.flatMap { file in
            file.models.map { LocatedModel(declaration: $0, file: file.file, version: versions.version(containing: $0.scope)) }
        }
        self.models = models
        let active = versions.isExplicit || !models.contains { $0.version == nil } ? versions.active : nil
        self.active = active
        modelNames = Set(models.map(\.declaration.name))
        typeIndex = TypeIndex(files: files)
        names = ModelNameIndex(models: models, typeAliases: files.flatMap(\.typeAliases), active: active)
        var versionLists: [String: [ModelListDeclaration]] = [:]
        for list in files.flatMap(\.modelLists) where Self.isVersionList(list, versions) {
            guard let version = versions.canonical(list.scope.joined(separator: ".")) else { continue }
            versionLists[version, default: []].append(list)
        }
        self.versionLists = versionLists
    }

    func assemble() -> Result {
        let registrations = resolvedRegistrations()
        let selected = selectModels(registrations)
        var diagnostics: [ModelDiagnostic] = []
        var entities: [Entity] = []
        // Each entity needs only its own declaration and the shared indexes.
        let builder = EntityBuilder(modelNames: modelNames, types: typeIndex)
        let built = ParallelMap.map(selected.count, serial: serial) { index in
            builder.entity(from: selected[index].declaration, file: selected[index].file)
        }
        for (entity, problems) in built {
            entities.append(entity)
            diagnostics += problems
        }
        InverseResolver.fill(&entities)
        let registration = registeredTypes(registrations)
        if let registered = registration.names {
            diagnostics += registrationDiagnostics(entities: entities, registered: registered, sites: registration.sites)
        }
        return Result(
            entities: entities, registeredTypes: registration.names,
            activeSchemaVersion: active, diagnostics: diagnostics)
    }

    // MARK: - Which declarations make the current model

    /// Unversioned models and those of the active version, the models the registration
    /// lists and the active version's list name (possibly from older versions), then
    /// everything reachable through relationships. One declaration per class name: a
    /// registered one wins, then the active version's, then a top-level one.
    private func selectModels(_ registrations: [Registration]) -> [LocatedModel] {
        var chosen: [String: Choice] = [:]
        var order: [String] = []
        func add(_ model: LocatedModel, priority: Int) {
            let name = model.declaration.name
            guard var existing = chosen[name] else {
                chosen[name] = Choice(model: model, priority: priority)
                order.append(name)
                return
            }
            if priority > existing.priority {
                chosen[name] = Choice(model: model, priority: priority)
            } else if priority == existing.priority {
                // The same class twice (`#if` branches, two targets): keep every property once.
                existing.merge(model)
                chosen[name] = existing
            }
        }
        for model in models where model.version == nil || model.version == active {
            add(model, priority: model.version == nil ? 1 : 2)
        }
        for registration in registrations {
            for case (_, let model?) in registration.names { add(model, priority: 3) }
        }
        // Relationships may point at models no list names (SwiftData follows them).
        var cursor = 0
        while cursor < order.count {
            let model = chosen[order[cursor]]!.model
            cursor += 1
            for property in model.declaration.properties {
                guard let destination = destinationName(of: property), chosen[destination] == nil,
                      let found = resolve(destination, in: model.declaration.scope) else { continue }
                add(found, priority: 0)
            }
        }
        return order.compactMap { chosen[$0]?.model }
    }

    /// The declaration chosen for a class name so far.
    private struct Choice {
        var model: LocatedModel
        var priority: Int
        /// Names of `model`'s properties, made at the first merge (most classes have none).
        var known: Set<String>?

        mutating func merge(_ other: LocatedModel) {
            var known = self.known ?? Set(model.declaration.properties.map(\.name))
            let added = other.declaration.properties.filter { !known.contains($0.name) }
            model.declaration.properties += added
            known.formUnion(added.map(\.name))
            self.known = known
        }
    }

    /// Every list that counts as a registration, in file and list order, with its names
    /// resolved: lists are independent of each other, so they are resolved on every core.
    private func resolvedRegistrations() -> [Registration] {
        let lists = files.flatMap { file in file.modelLists.filter(countsAsRegistration).map { (file: file.file, list: $0) } }
        return ParallelMap.map(lists.count, serial: serial) { index in
            let (file, list) = lists[index]
            return Registration(file: file, line: list.line, names: expandedNames(of: list).map { written, scope in
                (written, resolve(written, in: scope))
            })
        }
    }

    /// A list's names with the scope to resolve each in, including the `models` of the
    /// versions it concatenates (`SchemaV1.models + [Tag.self]`), transitively.
    private func expandedNames(of list: ModelListDeclaration, depth: Int = 0) -> [(String, [String])] {
        var names = list.names.map { ($0, list.scope) }
        guard depth < 8 else { return names }
        for included in list.includes {
            guard let version = versions.canonical(included) else { continue }
            for other in versionLists[version] ?? [] {
                names += expandedNames(of: other, depth: depth + 1)
            }
        }
        return names
    }

    /// Registration calls, model-type list properties, and the active version's `models`.
    private func countsAsRegistration(_ list: ModelListDeclaration) -> Bool {
        switch list.source {
        case .call: return true
        case .property: return !Self.isVersionList(list, versions) || (active != nil && versions.canonical(list.scope.joined(separator: ".")) == active)
        case .versionedSchemaReference, .migrationPlan: return false
        }
    }

    private static func isVersionList(_ list: ModelListDeclaration, _ versions: SchemaVersions) -> Bool {
        if case .property(let name) = list.source, name == "models", versions.version(containing: list.scope) != nil {
            return true
        }
        return false
    }

    /// The model class a property's declared type names, if any.
    private func destinationName(of property: PropertyDeclaration) -> String? {
        guard let name = property.annotation?.elementName else { return nil }
        return modelNames.contains(name) ? name : nil
    }

    /// Resolves a written type name (`Item`, `SchemaV2.Item`, a typealias) seen in `scope`.
    func resolve(_ written: String, in scope: [String], depth: Int = 0) -> LocatedModel? {
        guard depth < 8 else { return nil }
        let components = written.split(separator: ".")
        guard let name = components.last.map(String.init) else { return nil }
        if components.count > 1 {
            if let exact = names.model(qualifiedAs: written) { return models[exact] }
        } else {
            // Lexical lookup: the scope and its ancestors, innermost first.
            var length = scope.count
            while length >= 0 {
                let prefix = Array(scope.prefix(length))
                if let model = names.model(named: name, directlyIn: prefix) { return models[model] }
                if let alias = names.alias(named: name, directlyIn: prefix) {
                    return resolve(alias.target, in: prefix, depth: depth + 1)
                }
                length -= 1
            }
        }
        return names.model(simplyNamed: name).map { models[$0] }
    }

    // MARK: - Registration

    /// Names from `Schema([...])`, `ModelContainer(for:)`, model-type list properties and
    /// the active version's `models`; nil when the sources register nothing.
    private func registeredTypes(_ registrations: [Registration]) -> (names: [String]?, sites: [String: (file: String, line: Int)]) {
        var names: [String] = []
        var sites: [String: (file: String, line: Int)] = [:]
        for registration in registrations {
            for (written, model) in registration.names {
                let name = model?.declaration.name ?? written.split(separator: ".").last.map(String.init) ?? written
                if sites[name] == nil {
                    names.append(name)
                    sites[name] = (registration.file, registration.line)
                }
            }
        }
        return (registrations.isEmpty ? nil : names, sites)
    }

    private func registrationDiagnostics(
        entities: [Entity], registered: [String], sites: [String: (file: String, line: Int)]
    ) -> [ModelDiagnostic] {
        var diagnostics: [ModelDiagnostic] = []
        for name in registered where !modelNames.contains(name) {
            let site = sites[name]
            diagnostics.append(ModelDiagnostic(
                kind: .undeclaredModel,
                message: "\(name) is registered as a model type but no @Model class \(name) was found in the model paths; add the file that declares it to --models",
                file: site?.file ?? "", line: site?.line))
        }
        let reachable = Reachability.closure(from: registered, in: entities)
        for entity in entities where !reachable.contains(entity.name) {
            diagnostics.append(ModelDiagnostic(
                kind: .unregisteredModel,
                message: "@Model \(entity.name) is declared but neither registered (Schema, ModelContainer, VersionedSchema.models) nor reachable through a relationship, so SwiftData will not sync it; register it or delete it",
                file: entity.file, line: entity.line))
        }
        return diagnostics
    }
}

/// Which entities SwiftData includes given the registered ones: registered types, the
/// destinations of their relationships, and their parents, transitively.
public enum Reachability {
    public static func closure(from registered: [String], in entities: [Entity]) -> Set<String> {
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reached = Set<String>()
        var pending = registered
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let entity = byName[name] else { continue }
            pending += entity.relationships.map(\.destination)
            if let parent = entity.parent { pending.append(parent) }
        }
        return reached
    }
}
