import ModelSource

/// Which CloudKit containers each model syncs into, decided from the stores the app's code
/// builds (`AppModel.stores`). The rule and its evidence: Docs/StoreMembership.md.
///
/// * A store holds the models it is given and every model they reach through relationships
///   (and parents): SwiftData's schema, Core Data's configuration.
/// * A model syncs into a container when any store that holds it syncs there; it is local
///   only when stores hold it and none of them syncs.
/// * A literal container (`.private("iCloud.a")`, `containerIdentifier: "iCloud.a"`) is the
///   only one the model is required in. `.automatic` (or its omission, or Core Data's default
///   store description) takes the first container of the entitlements of the target that
///   runs it: the model is expected in every checked container. So is a model whose store
///   the code does not settle (a variable, a condition, a list the reader could not follow,
///   no store found): fail closed, said in a note with how to settle it.
/// * `localModels` in the configuration declares models local where the code does not
///   settle it; it never overrides code that syncs a model (a finding says so).
package struct StoreMembership: Sendable {
    /// Where one model syncs, and why.
    package struct Placement: Sendable, Equatable {
        /// The literal containers it syncs into.
        package var containers: Set<String> = []
        /// Why it is expected in every checked container; nil when it is not.
        package var everyContainer: Assumption?
        /// Why it is local, when it syncs nowhere.
        package var local: String?

        package var isSynced: Bool { !containers.isEmpty || everyContainer != nil }

        package func syncs(into container: String) -> Bool { everyContainer != nil || containers.contains(container) }
    }

    /// Why a model is expected in every checked container.
    package enum Assumption: Sendable, Equatable, Hashable {
        /// A store that holds it syncs to the first container of the entitlements.
        case automatic(String)
        /// A store that holds it (or may hold it) syncs where the code does not say.
        case unsettled(String)
        /// No store the reader followed holds it.
        case noStore(String)

        var text: String {
            switch self {
            case .automatic(let why), .unsettled(let why), .noStore(let why): return why
            }
        }
    }

    private var placements: [String: Placement] = [:]
    /// `localModels` entries the code contradicts or no model has, as findings.
    package private(set) var findings: [Finding] = []
    /// Whether the sources read build any store.
    package let readsStores: Bool

    package init(model: AppModel, localModels: [String] = []) {
        readsStores = !model.stores.isEmpty
        let held = model.stores.map { store in store.models.map { Reachability.closure(from: $0, in: model.entities) } }
        let declaredLocal = Set(localModels)
        for entity in model.entities where placements[entity.name] == nil {
            placements[entity.name] = Self.place(entity.name, stores: model.stores, held: held, declaredLocal: declaredLocal.contains(entity.name))
        }
        findings = Self.localModelFindings(localModels, model: model, placements: placements)
    }

    /// Where a model of this name syncs (a name no entity has: nowhere known, so everywhere).
    package func placement(of entity: String) -> Placement {
        placements[entity] ?? Placement(everyContainer: .noStore("no model of that name was read"))
    }

    /// Whether the model must be in `container`'s Production (nil: in any container's).
    package func isRequired(_ entity: String, in container: String?) -> Bool {
        let placement = placement(of: entity)
        return container.map(placement.syncs(into:)) ?? placement.isSynced
    }

    private static func place(_ name: String, stores: [ModelStore], held: [Reachability?], declaredLocal: Bool) -> Placement {
        var placement = Placement()
        var settled = false  // a store known to hold it syncs (to a known container or .automatic)
        var holding: [ModelStore] = []
        var unlisted: [ModelStore] = []
        for (index, store) in stores.enumerated() {
            let isHeld: Bool
            if let reach = held[index] { isHeld = reach.contains(name) } else { isHeld = false }
            guard isHeld || held[index] == nil else { continue }
            if isHeld { holding.append(store) } else { unlisted.append(store) }
            switch store.sync {
            case .none:
                break
            case .container(let id):
                placement.containers.insert(id)
                settled = settled || isHeld
            case .automatic where isHeld:
                settled = true
                // A store that holds it for certain says more than one that may.
                if case .automatic? = placement.everyContainer {} else { placement.everyContainer = .automatic(automaticReason(store)) }
            case .automatic, .unknown:
                let why = isHeld
                    ? "\(store.location) sets where it syncs with \(store.spelling), which the code does not settle"
                    : "the store at \(store.location) (\(store.spelling)) may hold it: its models are given through \(store.unlisted ?? "code the reader cannot follow")"
                placement.everyContainer = placement.everyContainer ?? .unsettled(why)
            }
        }
        if declaredLocal && !settled {
            return Placement(local: "listed in localModels")
        }
        if placement.isSynced { return placement }
        if !holding.isEmpty {
            return Placement(local: holding.map { "\($0.spelling) at \($0.location)" }.joined(separator: "; "))
        }
        let why = stores.isEmpty
            ? "no code that builds a store (ModelContainer, ModelConfiguration, NSPersistentCloudKitContainer) was read in the model paths"
            : "no store the reader followed holds it" + (unlisted.isEmpty ? "" : " (\(unlisted.map { "\($0.location) lists its models through \($0.unlisted ?? "code")" }.joined(separator: "; ")))")
        return Placement(everyContainer: .noStore(why))
    }

    private static func automaticReason(_ store: ModelStore) -> String {
        "\(store.location) stores it with \(store.spelling), which syncs to the first iCloud container of the entitlements of the target that runs it"
    }

    /// A `localModels` entry no model has, or that the code syncs anyway.
    private static func localModelFindings(_ localModels: [String], model: AppModel, placements: [String: Placement]) -> [Finding] {
        var findings: [Finding] = []
        for name in localModels {
            guard let placement = placements[name] else {
                findings.append(Finding(
                    severity: .warning, code: FindingCode.localModelsMismatch.id,
                    message: "localModels lists \(name), but no model of that name was read in the model paths",
                    fix: "Remove \(name) from localModels, or correct its spelling (the @Model class or Core Data entity name)."))
                continue
            }
            guard placement.local == nil else { continue }
            let stores = model.stores.filter { $0.models?.contains(name) == true && $0.sync != .none }
            let entity = model.entity(named: name)
            findings.append(Finding(
                severity: .warning, code: FindingCode.localModelsMismatch.id,
                message: "localModels lists \(name), but \(stores.map { "\($0.spelling) at \($0.location)" }.first ?? "a store of the app") syncs it, so it stays required in Production",
                fix: "Store \(name) with cloudKitDatabase: .none (or cloudKitContainerOptions = nil) if it must not sync, or remove it from localModels.",
                file: entity?.file, line: entity?.line))
        }
        return findings
    }

    /// Models that sync into containers that are not checked: their Production is never
    /// measured, so each such container is an error with the fix.
    package func uncheckedContainerFindings(checked: [String], entities: [Entity]) -> [Finding] {
        var byContainer: [String: [Entity]] = [:]
        for entity in entities {
            for container in placement(of: entity.name).containers where !checked.contains(container) {
                byContainer[container, default: []].append(entity)
            }
        }
        return byContainer.keys.sorted().map { container in
            let models = byContainer[container] ?? []
            let checkedText = checked.isEmpty ? "no container is checked" : "the checked container\(checked.count == 1 ? " is" : "s are") \(checked.joined(separator: ", "))"
            return Finding(
                severity: .error, code: FindingCode.uncheckedContainer.id,
                message: "\(Self.list(models.map(\.name))) sync\(models.count == 1 ? "s" : "") into \(container), but \(checkedText): that container's Production is never checked",
                fix: "Add {\"id\": \"\(container)\"} to \"containers\" in .cloudkit-schema.json (or pass --container-id \(container)) so its Production is checked, or correct the container identifier in the code.",
                file: models.first?.file, line: models.first?.line)
        }
    }

    /// What the membership assumed or found for the models `entities`, measured against
    /// `container` (nil: any container), in a few lines for a report's notes.
    package func notes(for entities: [Entity], container: String?, checked: [String]) -> [String] {
        var local: [String: [String]] = [:]
        var assumed: [Assumption: [String]] = [:]
        var elsewhere: [String] = []
        for entity in entities {
            let placement = placement(of: entity.name)
            if let why = placement.local {
                local[why, default: []].append(entity.name)
            } else if let assumption = placement.everyContainer {
                // One container checked: `.automatic` syncs into it; nothing was assumed.
                if case .automatic = assumption, checked.count <= 1 { continue }
                assumed[assumption, default: []].append(entity.name)
            } else if let container, !placement.syncs(into: container) {
                elsewhere.append("\(entity.name) (\(placement.containers.sorted().joined(separator: ", ")))")
            }
        }
        var notes: [String] = []
        for why in local.keys.sorted() {
            let names = local[why] ?? []
            notes.append("Stores: \(Self.list(names)) \(names.count == 1 ? "is" : "are") local (\(why)): not required in Production and not linted against CloudKit's rules.")
        }
        for assumption in assumed.keys.sorted(by: { $0.text < $1.text }) {
            let names = assumed[assumption] ?? []
            let settle: String
            switch assumption {
            case .automatic:
                settle = "To require \(names.count == 1 ? "it" : "them") in one container only, name it: cloudKitDatabase: .private(\"iCloud.…\") (Core Data: NSPersistentCloudKitContainerOptions(containerIdentifier:))."
            case .unsettled, .noStore:
                settle = "Settle it in the code (cloudKitDatabase: .private(\"iCloud.…\") or .none, written out; cloudKitContainerOptions likewise), or, for models that never sync, list them in \"localModels\" in .cloudkit-schema.json."
            }
            notes.append("Stores: \(Self.list(names)) \(names.count == 1 ? "is" : "are") expected in every checked container: \(assumption.text). \(settle)")
        }
        if !elsewhere.isEmpty {
            notes.append("Stores: \(elsewhere.joined(separator: ", ")) sync\(elsewhere.count == 1 ? "s" : "") into other containers only, so \(container.map { "\($0)'s" } ?? "this") Production need not hold \(elsewhere.count == 1 ? "it" : "them").")
        }
        return notes
    }

    static func list(_ names: [String]) -> String {
        names.count <= 6 ? names.joined(separator: ", ") : names.prefix(5).joined(separator: ", ") + " and \(names.count - 5) more"
    }
}
