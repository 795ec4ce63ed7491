/// The Core Data stores the Swift files set up, resolved against the Core Data models read
/// (Docs/StoreMembership.md): a container loads the model its `name:` names (the only one,
/// when one is read); a description holds the entities of its `configuration` (every entity
/// without one).
enum CoreDataStores {
    static func resolve(_ sites: [(file: String, store: StoreSites.CoreDataStore)], models: [CoreDataModelReader.Model]) -> [ModelStore] {
        sites.map { file, store in
            let (entities, unlisted) = entities(of: store, in: models)
            return ModelStore(
                file: file, line: store.line, sync: store.sync, models: entities,
                spelling: store.spelling + (store.configuration.map { ", configuration \"\($0)\"" } ?? ""), unlisted: unlisted)
        }
    }

    /// The entities a store holds, or nil with the reason the reader cannot list them.
    private static func entities(of store: StoreSites.CoreDataStore, in models: [CoreDataModelReader.Model]) -> ([String]?, String?) {
        let matching = models.filter { $0.name == store.modelName }
        guard let model = matching.count == 1 ? matching[0] : (models.count == 1 ? models[0] : nil) else {
            return (nil, store.modelName.map { "the model \"\($0)\", which is not among the Core Data models read" }
                ?? "a managed object model given in code")
        }
        guard !store.configurationUnreadable else { return (nil, "a configuration set from an expression") }
        guard let name = store.configuration else { return (model.entities, nil) }
        guard let configuration = model.configurations.first(where: { $0.name == name }) else {
            return (nil, "configuration \"\(name)\", which \(model.name) does not define")
        }
        return (configuration.entities, nil)
    }
}
