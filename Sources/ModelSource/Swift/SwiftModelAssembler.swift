import SchemaGateBasics
/// Turns the declarations of every Swift file into entities: picks the schema version
/// in use, resolves names across files (typealiases, nested versions, extensions),
/// follows relationships to models declared elsewhere, and checks the registered type
/// lists against the declarations.
///
/// Every name is looked up in indexes built once (`ModelNameIndex`, `TypeIndex`, the
/// version lists by version), never by a scan over the declarations, so assembly costs
/// time linear in the number of models, registrations and relationships.
///
/// A class: the closures that spread its work over the cores capture one reference, not
/// a copy of every index.
final class SwiftModelAssembler {
    let files: [SwiftFileDeclarations]
    let versions: SchemaVersions
    /// Every `@Model` class in every file and version.
    let models: [LocatedModel]
    let modelNames: ModelNames
    let typeIndex: TypeIndex
    let names: ModelNameIndex
    /// Whether a model is named like a Swift scalar type (a `Date` class), which a
    /// property's scalar type name then means.
    let scalarNamedModels: Bool
    /// The `models` lists of each versioned schema, by its canonical name, in file order.
    let versionLists: [String: [ModelListDeclaration]]

    /// A model by position: its declaration is read in place, in `files`, as a copy of it
    /// retains (and later releases) every array and string it holds, for each of an app's
    /// thousands of models, on one core.
    struct LocatedModel {
        /// Its file's position in `files`, and its own in that file's `models`.
        var file: Int
        var index: Int
        /// The versioned schema holding it, if any.
        var version: String?
        /// The number of its class name in `modelNames`.
        var name: Int
    }

    struct Result {
        var entities: [Entity]
        var registeredTypes: [String]?
        var activeSchemaVersion: String?
        var diagnostics: [ModelDiagnostic]
        var stores: [ModelStore] = []
        var unfollowedRegistrations: [UnfollowedRegistration] = []
        /// The Core Data stores the Swift files build, by file: resolved against the Core
        /// Data models by the reader.
        var coreDataStores: [(file: String, store: StoreSites.CoreDataStore)] = []
    }

    /// A list that registers models, with what each of its names (and those of the
    /// versions it includes) resolves to.
    struct Registration {
        var file: String
        var line: Int
        /// Each name as written, and the index in `models` of the class it names.
        var names: [(written: String, model: Int?)]
    }

    /// The version the app runs with. When nothing in the sources names one and models
    /// are declared outside every version, those are the current models and the
    /// versions frozen history; otherwise the newest version is the guess.
    let active: String?

    /// Keeps every step on the calling thread (tests).
    let serial: Bool

    init(files: [SwiftFileDeclarations], serial: Bool = false) {
        self.files = files
        self.serial = serial
        // The type index needs nothing else: built alongside the model indexes.
        let (typeIndex, located) = ParallelMap.both(serial: serial, { TypeIndex(files: files) }, { Self.locateModels(files) })
        self.typeIndex = typeIndex
        (versions, models, modelNames, active, names) = located
        scalarNamedModels = AttributeType.swiftScalarTypes.keys.contains(where: modelNames.contains)
        var versionLists: [String: [ModelListDeclaration]] = [:]
        for file in files.indices {
            for list in files[file].modelLists.indices where Self.isVersionList(files[file].modelLists[list], versions) {
                guard let version = versions.canonical(files[file].modelLists[list].scope.joined(separator: ".")) else { continue }
                versionLists[version, default: []].append(files[file].modelLists[list])
            }
        }
        self.versionLists = versionLists
    }

    /// The declaration of `models[model]`, where it is.
    func declaration(_ model: Int) -> ModelClassDeclaration {
        files[models[model].file].models[models[model].index]
    }

    /// The versions, every model with the version holding it and its name's number, the
    /// version in use, and the index of the models' names.
    private static func locateModels(_ files: [SwiftFileDeclarations])
        -> (SchemaVersions, [LocatedModel], ModelNames, active: String?, ModelNameIndex) {
        let versions = SchemaVersions(files: files)
        var modelNames = ModelNames()
        var models: [LocatedModel] = []
        var count = 0
        for file in files.indices { count += files[file].models.count }
        models.reserveCapacity(count)
        modelNames.reserveCapacity(count)
        for file in files.indices {
            for index in files[file].models.indices {
                models.append(LocatedModel(
                    file: file, index: index, version: versions.version(containing: files[file].models[index].scope),
                    name: modelNames.number(adding: files[file].models[index].name)))
            }
        }
        let active = versions.isExplicit || !models.contains { $0.version == nil } ? versions.active : nil
        let names = ModelNameIndex(files: files, models: models, modelNames: modelNames, active: active)
        return (versions, models, modelNames, active, names)
    }

    func assemble() -> Result {
        var registrations = resolvedRegistrations()
        // Which properties name a model depends on nothing else: found for every model on
        // every core, once, for choosing the models and building their entities.
        var destinations = ParallelMap.map(models.count, serial: serial) { model in
            self.destinations(of: self.files[self.models[model].file].models[self.models[model].index].properties)
        }
        let selected = selectModels(registrations, destinations: destinations)
        // Each entity needs only its own declaration and the shared indexes. The model is
        // read in place: a copy of it retains every array and string it holds.
        let builder = EntityBuilder(modelNames: modelNames, types: typeIndex)
        var entities = ParallelMap.map(selected.count, serial: serial) { index in
            let model = selected[index].model
            let file = self.models[model].file, position = self.models[model].index
            guard case .some(let merged) = selected[index].merged else {
                return builder.entity(
                    from: self.files[file].models[position], properties: self.files[file].models[position].properties,
                    destinations: destinations[model], file: self.files[file].file)
            }
            return builder.entity(from: self.files[file].models[position], properties: merged, destinations: nil, file: self.files[file].file)
        }
        // By position: passing the entities to a function value copies each of them.
        var diagnostics: [ModelDiagnostic] = []
        for index in entities.indices { diagnostics += EntityBuilder.unknownTypeDiagnostics(of: entities[index]) }
        // One entity per class name: an entity is found by the number of its name, without
        // an index of the entities' names of its own.
        var positions = [Int?](repeating: nil, count: modelNames.count)
        for index in selected.indices { positions[models[selected[index].model].name] = index }
        let entityOfName = positions
        let entityIndex = { (name: String) in self.modelNames.number(of: name).flatMap { entityOfName[$0] } }
        // Where relationships and parents point, looked up by name on every core, once: the
        // two steps below follow them by position.
        let links = EntityLinks(entities, serial: serial, index: entityIndex)
        // Finding the inverses to fill in and checking the registration only read the
        // entities: done side by side, then the inverses are filled in.
        // The destinations (an array per model) and the registrations are freed there too,
        // one on each side, rather than one by one on this thread once assembly is done.
        // Most apps build no store in code the reader follows through names: nothing to do.
        let unfollowed = files.contains { $0.stores != nil } ? unfollowedRegistrations() : []
        let (fills, registration) = ParallelMap.both(serial: serial, {
            destinations = []
            return InverseResolver.fills(entities) { links.destination(of: $0, $1) }
        }, {
            let registration = self.registeredTypes(registrations)
            registrations = []
            let registered = registration.numbers.compactMap { $0.flatMap { entityOfName[$0] } }
            return (names: registration.names, diagnostics: registration.names == nil ? [] : self.registrationDiagnostics(
                entities: entities, registered: registered, links: links, undeclared: registration.undeclared,
                complete: unfollowed.isEmpty))
        })
        InverseResolver.apply(fills, to: &entities)
        diagnostics += registration.diagnostics + unfollowed.map(Self.diagnostic)
        var result = Result(
            entities: entities, registeredTypes: registration.names,
            activeSchemaVersion: active, diagnostics: diagnostics, unfollowedRegistrations: unfollowed)
        if files.contains(where: { $0.stores != nil }) {
            result.stores = resolvedStores()
            result.coreDataStores = files.flatMap { file in (file.stores?.coreDataStores ?? []).map { (file.file, $0) } }
        }
        return result
    }

    // MARK: - Which declarations make the current model

    /// For each property, what its declared type names: a model class (the number of its
    /// name), a Swift scalar type, or neither.
    private func destinations(of properties: [PropertyDeclaration]) -> [NamedType] {
        properties.indices.map { index in
            guard let name = properties[index].annotation?.elementName else { return .other }
            // Most properties are `String`, `Int`, `Date`...: told apart from models without
            // hashing, and the type kept for their attribute.
            if !scalarNamedModels, let scalar = AttributeType.scalarType(named: name) { return .scalar(scalar) }
            return modelNames.number(of: name).map(NamedType.model) ?? .other
        }
    }

    /// Unversioned models and those of the active version, the models the registration
    /// lists and the active version's list name (possibly from older versions), then
    /// everything reachable through relationships. One declaration per class name: a
    /// registered one wins, then the active version's, then a top-level one.
    private func selectModels(_ registrations: [Registration], destinations: [[NamedType]]) -> [Choice] {
        var choices: [Choice] = []  // in the order names were first chosen
        choices.reserveCapacity(modelNames.count)
        var chosen = [Int?](repeating: nil, count: modelNames.count)  // class name -> its choice
        func add(_ model: Int, priority: Int) {
            let name = models[model].name
            guard let existing = chosen[name] else {
                chosen[name] = choices.count
                choices.append(Choice(model: model, priority: priority))
                return
            }
            if priority > choices[existing].priority {
                choices[existing] = Choice(model: model, priority: priority)
            } else if priority == choices[existing].priority {
                // The same class twice (`#if` branches, two targets): keep every property once.
                choices[existing].merge(declaration(model).properties, into: declaration(choices[existing].model).properties)
            }
        }
        // By position: a copy of a model, a registration or a choice retains what it holds.
        for index in models.indices where models[index].version == nil || models[index].version == active {
            add(index, priority: models[index].version == nil ? 1 : 2)
        }
        for registration in registrations.indices {
            for case (_, let model?) in registrations[registration].names { add(model, priority: 3) }
        }
        // Relationships may point at models no list names (SwiftData follows them).
        var cursor = 0
        while cursor < choices.count {
            let model = choices[cursor].model
            let targets = choices[cursor].merged.map(self.destinations) ?? destinations[model]
            cursor += 1
            for case .model(let destination) in targets {
                guard chosen[destination] == nil, let found = resolve(modelNames.names[destination], in: declaration(model).scope) else { continue }
                add(found, priority: 0)
            }
        }
        return choices
    }

    /// The declaration chosen for a class name so far (an index into `models`).
    private struct Choice {
        var model: Int
        var priority: Int
        /// Its properties and those of the same class declared again, once a second
        /// declaration was merged in (most classes have none).
        var merged: [PropertyDeclaration]?
        var known: Set<String> = []

        mutating func merge(_ other: [PropertyDeclaration], into own: [PropertyDeclaration]) {
            if merged == nil {
                merged = own
                known = Set(own.map(\.name))
            }
            let added = other.filter { !known.contains($0.name) }
            merged! += added
            known.formUnion(added.map(\.name))
        }
    }

    /// Every list that counts as a registration, in file and list order, with its names
    /// resolved: lists are independent of each other, so they are resolved on every core.
    private func resolvedRegistrations() -> [Registration] {
        // By position: the lists are read in place, not copied.
        var lists: [(file: Int, list: Int)] = []
        for file in files.indices {
            for list in files[file].modelLists.indices where countsAsRegistration(files[file].modelLists[list]) {
                lists.append((file, list))
            }
        }
        return ParallelMap.map(lists.count, serial: serial) { index in
            let (file, list) = lists[index]
            var names: [(written: String, model: Int?)] = []
            names.reserveCapacity(files[file].modelLists[list].names.count)
            appendResolvedNames(of: files[file].modelLists[list], to: &names)
            return Registration(file: files[file].file, line: files[file].modelLists[list].line, names: names)
        }
    }

    /// Appends a list's names, each with the model it names in the list's scope, then those
    /// of the `models` of the versions it concatenates (`SchemaV1.models + [Tag.self]`),
    /// transitively. Resolved as they are met: a list of the names with their scopes first
    /// would copy the scope for every name.
    func appendResolvedNames(of list: ModelListDeclaration, depth: Int = 0, to names: inout [(written: String, model: Int?)]) {
        for written in list.names { names.append((written, resolve(written, in: list.scope))) }
        guard depth < 8 else { return }
        for included in list.includes {
            guard let version = versions.canonical(included), let others = versionLists[version] else { continue }
            for other in others.indices { appendResolvedNames(of: others[other], depth: depth + 1, to: &names) }
        }
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

    /// Resolves a written type name (`Item`, `SchemaV2.Item`, a typealias) seen in `scope`.
    /// The index in `models` of the class it names.
    func resolve(_ written: String, in scope: [String], depth: Int = 0) -> Int? {
        guard depth < 8 else { return nil }
        let dotted = DottedName(written)
        guard let name = dotted.last else { return nil }
        // Looked up once: every step below that asks for a model of this name uses it.
        let number = modelNames.number(of: name)
        if dotted.isQualified {
            if let exact = names.model(qualifiedAs: written) { return exact }
        } else {
            // Lexical lookup: the scope and its ancestors, innermost first.
            // The typealiases of the name, looked up only when no model of it is found first
            // (a registration at file scope of a model declared there, nearly all).
            var aliases: [TypeAliasDeclaration]?, aliasesLookedUp = false
            var length = scope.count
            while length >= 0 {
                let prefix = scope.prefix(length)
                if let number, let model = names.model(numbered: number, named: name, directlyIn: prefix) { return model }
                if !aliasesLookedUp { (aliases, aliasesLookedUp) = (names.aliases(named: name), true) }
                if let aliases, let alias = aliases.first(where: { $0.scope.elementsEqual(prefix) }) {
                    return resolve(alias.target, in: Array(prefix), depth: depth + 1)
                }
                length -= 1
            }
        }
        return number.flatMap(names.model(simplyNumbered:))
    }

    // MARK: - Registration

    /// Names from `Schema([...])`, `ModelContainer(for:)`, model-type list properties and
    /// the active version's `models`; nil when the sources register nothing. `undeclared`:
    /// the names no `@Model` class has, in the same order, each with where it is first
    /// registered.
    ///
    /// A name is kept once: declared ones are told apart by their numbers, so only the
    /// undeclared (few) are hashed again. `numbers`: the number of each name in
    /// `modelNames` (nil: no model has it).
    private func registeredTypes(_ registrations: [Registration])
        -> (names: [String]?, numbers: [Int?], undeclared: [(name: String, file: String, line: Int)]) {
        var names: [String] = []
        var numbers: [Int?] = []
        var undeclared: [(name: String, file: String, line: Int)] = []
        var seen = [Bool](repeating: false, count: modelNames.count)
        var seenUndeclared = Set<String>()
        names.reserveCapacity(registrations.reduce(0) { $0 + $1.names.count })
        for registration in registrations {
            for (written, model) in registration.names {
                let name = model.map { declaration($0).name } ?? DottedName.lastComponent(written)
                let number = model.map({ models[$0].name }) ?? modelNames.number(of: name)
                if let number {
                    guard !seen[number] else { continue }
                    seen[number] = true
                } else {
                    guard seenUndeclared.insert(name).inserted else { continue }
                    undeclared.append((name, registration.file, registration.line))
                }
                names.append(name)
                numbers.append(number)
            }
        }
        return (registrations.isEmpty ? nil : names, numbers, undeclared)
    }

    /// `registered`: the positions of the registered entities. Without a `complete`
    /// registration no model is said to be unregistered: the call not followed may register it.
    private func registrationDiagnostics(
        entities: [Entity], registered: [Int], links: EntityLinks, undeclared: [(name: String, file: String, line: Int)],
        complete: Bool
    ) -> [ModelDiagnostic] {
        var diagnostics: [ModelDiagnostic] = []
        for (name, file, line) in undeclared {
            diagnostics.append(ModelDiagnostic(
                kind: .undeclaredModel,
                message: "\(name) is registered as a model type but no @Model class \(name) was found in the model paths; add the file that declares it to --models",
                file: file, line: line))
        }
        guard complete else { return diagnostics }
        let reached = Reachability.reached(from: registered, links: links)
        for index in entities.indices where !reached[index] {
            let name = entities[index].name
            diagnostics.append(ModelDiagnostic(
                kind: .unregisteredModel,
                message: "@Model \(name) is declared but neither registered (Schema, ModelContainer, VersionedSchema.models) nor reachable through a relationship, so SwiftData will not sync it; register it or delete it",
                file: entities[index].file, line: entities[index].line))
        }
        return diagnostics
    }
}

extension SwiftModelAssembler {
    /// What the reports say about a registration not followed, and how to make it readable.
    static func diagnostic(_ unfollowed: UnfollowedRegistration) -> ModelDiagnostic {
        ModelDiagnostic(
            kind: .unresolvedRegistration,
            message: "\(unfollowed.call) registers models through \(unfollowed.part), which the reader cannot follow, so the registered models are unknown: every declared @Model is expected in Production and none is reported as unregistered",
            file: unfollowed.file, line: unfollowed.line)
    }
}

/// Which entities SwiftData includes given the registered ones: registered types, the
/// destinations of their relationships, and their parents, transitively.
///
/// Entities are marked by position, so only a name never seen as an entity's is kept as
/// a string: an app has thousands of models, and hashing each reached name twice (the set
/// of names, then the lookup) was most of the cost.
package struct Reachability {
    /// The first entity of each name, and for every entity the first of its name.
    private let byName: [String: Int]
    private let firstOfName: [Int]
    /// Whether the name of the entity at a position (a first of its name) was reached.
    private var reached: [Bool]
    /// Reached names no entity has (registered but undeclared, unknown destinations).
    private var others = Set<String>()

    package static func closure(from registered: [String], in entities: [Entity]) -> Reachability {
        var reachability = Reachability(entities)
        let byName = reachability.byName
        reachability.follow(registered, in: entities) { byName[$0] }
        return reachability
    }

    /// Whether each entity is reached from those at positions `registered`, when no two
    /// entities share a name and `links` hold where each entity's relationships and parent
    /// point (the assembler's): followed by position, no name is hashed.
    static func reached(from registered: [Int], links: EntityLinks) -> [Bool] {
        var reached = [Bool](repeating: false, count: links.count)
        var pending = registered
        while let index = pending.popLast() {
            guard !reached[index] else { continue }
            reached[index] = true
            for case let destination? in links.destinations(of: index) { pending.append(destination) }
            if let parent = links.parent(of: index) { pending.append(parent) }
        }
        return reached
    }

    private init(_ entities: [Entity]) {
        var byName: [String: Int] = [:]
        byName.reserveCapacity(entities.count)
        var firstOfName: [Int] = []
        firstOfName.reserveCapacity(entities.count)
        for index in entities.indices {
            firstOfName.append(byName[entities[index].name, default: index])
            if firstOfName[index] == index { byName[entities[index].name] = index }
        }
        self.byName = byName
        self.firstOfName = firstOfName
        reached = Array(repeating: false, count: entities.count)
    }

    /// `position`: the position of the first entity of a name.
    private mutating func follow(_ registered: [String], in entities: [Entity], index position: (String) -> Int?) {
        var pending = registered
        while let name = pending.popLast() {
            guard let index = position(name) else {
                others.insert(name)
                continue
            }
            guard !reached[index] else { continue }
            reached[index] = true
            for relationship in entities[index].relationships.indices {
                pending.append(entities[index].relationships[relationship].destination)
            }
            if let parent = entities[index].parent { pending.append(parent) }
        }
    }

    /// Whether `name` was reached.
    package func contains(_ name: String) -> Bool {
        guard let index = byName[name] else { return others.contains(name) }
        return reached[index]
    }

    /// Whether the name of the entity at `index` (of those given) was reached.
    func contains(entityAt index: Int) -> Bool {
        reached[firstOfName[index]]
    }
}
