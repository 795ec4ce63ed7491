import SwiftData

// Several models per file; the same class names come back in SchemaV2.
enum SchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Item.self, Tag.self] }

    @Model final class Item {
        var title: String = ""
        var tags: [Tag]? = []
        init() {}
    }

    @Model final class Tag {
        var name: String = ""
        var items: [Item]?
        init() {}
    }
}
