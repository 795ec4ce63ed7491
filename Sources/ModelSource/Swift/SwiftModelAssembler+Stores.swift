/// The stores the Swift files build, with the models each holds (names resolved as the
/// registrations' are: typealiases, versions, other files' `let`s), and the registrations
/// no file settles. Docs/StoreMembership.md.
extension SwiftModelAssembler {
    /// The app's SwiftData stores: each configuration of each container (its default one
    /// when none is given), outside previews and memory.
    func resolvedStores() -> [ModelStore] {
        var stores: [ModelStore] = []
        for file in files {
            guard let sites = file.stores else { continue }
            for container in sites.containers where !container.inMemory && !container.inPreview {
                let held = names(of: container.models)
                let spelled = container.kind == .modifier ? ".modelContainer(for:)" : "ModelContainer(for:)"
                guard !container.configurations.isEmpty else {
                    stores.append(ModelStore(
                        file: file.file, line: container.line, sync: .automatic, models: held.names,
                        spelling: "\(spelled) without a configuration (cloudKitDatabase .automatic)", unlisted: held.unlisted))
                    continue
                }
                for reference in container.configurations {
                    guard let (configurationFile, configuration) = self.configuration(reference, in: file) else {
                        stores.append(ModelStore(
                            file: file.file, line: container.line, sync: .unknown, models: held.names,
                            spelling: "a configuration the reader could not follow (\(Self.written(reference)))", unlisted: held.unlisted))
                        continue
                    }
                    guard !configuration.inMemory else { continue }
                    let own = configuration.models.map { self.names(of: $0) } ?? held
                    stores.append(ModelStore(
                        file: configurationFile, line: configuration.line, sync: configuration.database.sync, models: own.names,
                        spelling: "ModelConfiguration(\(configuration.name.map { "\"\($0)\", " } ?? "")cloudKitDatabase: \(Self.written(configuration.database)))",
                        unlisted: own.unlisted))
                }
            }
        }
        // The app's container and its widget's often share one configuration: listed once.
        var unique: [ModelStore] = []
        for store in stores where !unique.contains(store) { unique.append(store) }
        return unique
    }

    /// Registering calls whose lists no file settles: one per call, with the part the reader
    /// could not follow.
    func unfollowedRegistrations() -> [UnfollowedRegistration] {
        var unfollowed: [UnfollowedRegistration] = []
        for file in files {
            for registration in file.stores?.unresolvedRegistrations ?? [] {
                let open = registration.references.first { !isRegistrationSettled(byReference: $0) }
                guard let part = registration.unreadable ?? open else { continue }
                unfollowed.append(UnfollowedRegistration(file: file.file, line: registration.line, call: registration.call, part: part))
            }
        }
        return unfollowed
    }

    /// Whether a name another file binds answers for a registration that uses it: a
    /// `Schema(...)` bound to it (which registers on its own), a complete list, or a
    /// `[any PersistentModel.Type]` property of that name.
    private func isRegistrationSettled(byReference reference: String) -> Bool {
        let name = DottedName.lastComponent(reference)
        let bound = files.compactMap { $0.stores?.namedLists[StoreSites.key(forReference: reference)] }
        if !bound.isEmpty { return bound.allSatisfy { $0.isSchemaCall || $0.list.isComplete } }
        return !schemaLists(boundTo: name).isEmpty || !propertyLists(named: name, qualifiedAs: reference).isEmpty
    }

    /// The lists of the `Schema(...)` calls bound to `name` in any file (read by the fast
    /// reading, which keeps no `StoreSites`).
    private func schemaLists(boundTo name: String) -> [ModelListDeclaration] {
        files.flatMap { file in file.modelLists.filter { $0.boundName == name } }
    }

    /// Those lists when one file holds them all: the same name bound in several files names
    /// different things (the fast reading keeps no owner to tell them apart).
    private func unambiguousSchemaLists(boundTo name: String) -> [ModelListDeclaration]? {
        let holders = files.filter { $0.modelLists.contains { $0.boundName == name } }
        return holders.count == 1 ? holders[0].modelLists.filter { $0.boundName == name } : nil
    }

    /// `[any PersistentModel.Type]` properties (and `models` lists) of that name: of the
    /// type the reference qualifies it with, when it does.
    private func propertyLists(named name: String, qualifiedAs reference: String) -> [ModelListDeclaration] {
        let owner = DottedName(reference).isQualified ? DottedName.lastComponent(String(reference.dropLast(name.count + 1))) : nil
        var lists: [ModelListDeclaration] = []
        for file in files {
            for list in file.modelLists {
                guard case .property(let property) = list.source, property == name else { continue }
                if let owner, list.scope.last != owner { continue }
                lists.append(list)
            }
        }
        return lists
    }

    /// The entity names a list holds; nil (with the part not followed) when it cannot be listed.
    func names(of list: StoreModelList, depth: Int = 0) -> (names: [String]?, unlisted: String?) {
        if let unreadable = list.unreadable { return (nil, unreadable) }
        var resolved: [(written: String, model: Int?)] = []
        appendResolvedNames(of: ModelListDeclaration(source: .call, scope: [], names: list.names, line: 0), to: &resolved)
        var held = resolved.map { written, model in model.map { declaration($0).name } ?? DottedName.lastComponent(written) }
        for included in list.includes {
            if let version = versions.canonical(included), let lists = versionLists[version] {
                var versioned: [(written: String, model: Int?)] = []
                for other in lists { appendResolvedNames(of: other, to: &versioned) }
                held += versioned.map { written, model in model.map { declaration($0).name } ?? DottedName.lastComponent(written) }
                continue
            }
            // `Models.models`: a type's own `models` list that is no version.
            let properties = propertyLists(named: "models", qualifiedAs: included + ".models")
            guard !properties.isEmpty else { return (nil, included + ".models") }
            for property in properties { held += property.names.map(DottedName.lastComponent) }
        }
        for reference in list.references {
            let name = DottedName.lastComponent(reference)
            let bound = files.compactMap { $0.stores?.namedLists[StoreSites.key(forReference: reference)]?.list }
            if let first = bound.first, bound.allSatisfy({ $0 == first }), depth < 4 {
                let (more, unlisted) = self.names(of: first, depth: depth + 1)
                guard let more else { return (nil, unlisted) }
                held += more
                continue
            }
            if bound.isEmpty, !schemaLists(boundTo: name).isEmpty {
                guard let calls = unambiguousSchemaLists(boundTo: name) else { return (nil, reference) }
                // `Schema([A.self])` lists its names; `Schema(versionedSchema: V.self)` names a version.
                var list = StoreModelList()
                for call in calls {
                    if case .versionedSchemaReference = call.source { list.includes += call.names } else { list.names += call.names }
                }
                let (more, unlisted) = self.names(of: list, depth: depth + 1)
                guard let more else { return (nil, unlisted) }
                held += more
                continue
            }
            let properties = propertyLists(named: name, qualifiedAs: reference)
            guard !properties.isEmpty, bound.isEmpty else { return (nil, reference) }
            for property in properties { held += property.names.map(DottedName.lastComponent) }
        }
        var seen = Set<String>()
        return (held.filter { seen.insert($0).inserted }, nil)
    }

    /// The configuration a container of `file` is given, with the file that holds it.
    private func configuration(
        _ reference: StoreSites.ConfigurationReference, in file: SwiftFileDeclarations
    ) -> (String, StoreSites.Configuration)? {
        switch reference {
        case .site(let index):
            return file.stores.map { (file.file, $0.configurations[index]) }
        case .reference(let written):
            let key = StoreSites.key(forReference: written)
            let found = files.compactMap { other in
                other.stores.flatMap { sites in sites.namedConfigurations[key].map { (other.file, sites.configurations[$0]) } }
            }
            // One configuration of that name: another file's `static let local = ModelConfiguration(...)`.
            return found.count == 1 ? found[0] : nil
        case .unreadable:
            return nil
        }
    }

    private static func written(_ reference: StoreSites.ConfigurationReference) -> String {
        switch reference {
        case .site: return "a ModelConfiguration"
        case .reference(let name), .unreadable(let name): return name
        }
    }

    static func written(_ database: CloudKitDatabaseSpelling) -> String {
        switch database {
        case .omitted: return "omitted, so .automatic"
        case .automatic: return ".automatic"
        case .none: return ".none"
        case .private(let id?): return ".private(\"\(id)\")"
        case .private(nil): return ".private(a container the reader cannot read)"
        case .conditional: return "an expression that may be .none or not"
        case .unknown: return "an expression the reader cannot evaluate"
        }
    }
}
