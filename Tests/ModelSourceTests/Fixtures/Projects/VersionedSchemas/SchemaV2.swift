import SwiftData

enum SchemaV2: VersionedSchema {
    static var versionIdentifier = Schema.Version(2, 0, 0)
    static var models: [any PersistentModel.Type] {
        [Item.self, Tag.self, Note.self]
    }

    @Model final class Item {
        var title: String = ""
        var priority: Int = 0
        @Relationship(inverse: \SchemaV2.Tag.items) var tags: [Tag]? = []
        var notes: [Note]? = []
        init() {}
    }
}

// Models added to the version in extensions, one of them two levels deep.
extension SchemaV2 {
    @Model final class Tag {
        var name: String = ""
        var colorHex: String = "#FFFFFF"
        var items: [Item]?
        init() {}
    }
}

extension SchemaV2 {
    enum Attachments {
        @Model final class Note {
            var text: String = ""
            var item: Item?
            init() {}
        }
    }
}
