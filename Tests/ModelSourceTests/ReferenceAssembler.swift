@testable import ModelSource
@testable import SchemaGateBasics

/// The model assembler as it was before its name indexes (issue 17), kept verbatim as a
/// test-only oracle: every lookup is a linear scan over all declarations, which is slow
/// (quadratic on dense model code) but plainly right. `AssemblyOracleTests` checks that
/// the indexed `SwiftModelAssembler` gives the same `AppModel` on every fixture and on
/// randomised model sets. Do not "improve" it: its value is that it is the old code.
struct ReferenceAssembler {
    let files: [SwiftFileDeclarations]
    let versions: SchemaVersions
    /// Every `@Model` class in every file and version.
    let models: [LocatedModel]
    let modelNames: Set<String>
    let typeIndex: TypeIndex

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
        active = versions.isExplicit || !models.contains { $0.version == nil } ? versions.active : nil
        modelNames = Set(models.map(\.declaration.name))
        typeIndex = TypeIndex(files: files)
    }

    func assemble() -> Result {
        let selected = selectModels()
        var diagnostics: [ModelDiagnostic] = []
        var entities: [Entity] = []
        // Each entity needs only its own declaration and the shared indexes.
        let builder = EntityBuilder(modelNames: ModelNames(Array(modelNames)), types: typeIndex)
        let built = ParallelMap.map(selected.count, serial: serial) { index in
            builder.entity(from: selected[index].declaration, file: selected[index].file)
        }
        for (entity, problems) in built {
            entities.append(entity)
            diagnostics += problems
        }
        InverseResolver.fill(&entities)
        let registration = registeredTypes()
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
    private func selectModels() -> [LocatedModel] {
        var chosen: [String: (model: LocatedModel, priority: Int)] = [:]
        var order: [String] = []
        func add(_ model: LocatedModel, priority: Int) {
            let name = model.declaration.name
            guard let existing = chosen[name] else {
                chosen[name] = (model, priority)
                order.append(name)
                return
            }
            if priority > existing.priority {
                chosen[name] = (model, priority)
            } else if priority == existing.priority {
                // The same class twice (`#if` branches, two targets): keep every property once.
                var merged = existing.model
                let known = Set(merged.declaration.properties.map(\.name))
                merged.declaration.properties += model.declaration.properties.filter { !known.contains($0.name) }
                chosen[name] = (merged, priority)
            }
        }
        for model in models where model.version == nil || model.version == active {
            add(model, priority: model.version == nil ? 1 : 2)
        }
        for list in files.flatMap(\.modelLists) where countsAsRegistration(list) {
            for (name, scope) in expandedNames(of: list) {
                if let model = resolve(name, in: scope) { add(model, priority: 3) }
            }
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

    /// A list's names with the scope to resolve each in, including the `models` of the
    /// versions it concatenates (`SchemaV1.models + [Tag.self]`), transitively.
    private func expandedNames(of list: ModelListDeclaration, depth: Int = 0) -> [(String, [String])] {
        var names = list.names.map { ($0, list.scope) }
        guard depth < 8 else { return names }
        for included in list.includes {
            guard let version = versions.canonical(included) else { continue }
            for other in files.flatMap(\.modelLists) where isVersionList(other) && versions.canonical(other.scope.joined(separator: ".")) == version {
                names += expandedNames(of: other, depth: depth + 1)
            }
        }
        return names
    }

    /// Registration calls, model-type list properties, and the active version's `models`.
    private func countsAsRegistration(_ list: ModelListDeclaration) -> Bool {
        switch list.source {
        case .call: return true
        case .property: return !isVersionList(list) || (active != nil && versions.canonical(list.scope.joined(separator: ".")) == active)
        case .versionedSchemaReference, .migrationPlan: return false
        }
    }

    private func isVersionList(_ list: ModelListDeclaration) -> Bool {
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
        let components = written.split(separator: ".").map(String.init)
        guard let name = components.last else { return nil }
        if components.count > 1 {
            if let exact = models.first(where: { $0.declaration.qualifiedName == written || $0.declaration.qualifiedName.hasSuffix("." + written) }) {
                return exact
            }
        } else {
            // Lexical lookup: the scope and its ancestors, innermost first.
            var length = scope.count
            while length >= 0 {
                let prefix = Array(scope.prefix(length))
                if let model = models.first(where: { $0.declaration.name == name && $0.declaration.scope == prefix }) { return model }
                if let alias = files.lazy.flatMap(\.typeAliases).first(where: { $0.name == name && $0.scope == prefix }) {
                    return resolve(alias.target, in: prefix, depth: depth + 1)
                }
                length -= 1
            }
        }
        let candidates = models.filter { $0.declaration.name == name }
        return candidates.first { $0.version == active && $0.version != nil }
            ?? candidates.first { $0.version == nil }
            ?? candidates.last
    }

    // MARK: - Registration

    /// Names from `Schema([...])`, `ModelContainer(for:)`, model-type list properties and
    /// the active version's `models`; nil when the sources register nothing.
    private func registeredTypes() -> (names: [String]?, sites: [String: (file: String, line: Int)]) {
        var names: [String] = []
        var sites: [String: (file: String, line: Int)] = [:]
        var found = false
        for file in files {
            for list in file.modelLists where countsAsRegistration(list) {
                found = true
                for (written, scope) in expandedNames(of: list) {
                    let name = resolve(written, in: scope)?.declaration.name
                        ?? written.split(separator: ".").last.map(String.init) ?? written
                    if !names.contains(name) {
                        names.append(name)
                        sites[name] = (file.file, list.line)
                    }
                }
            }
        }
        return (found ? names : nil, sites)
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
