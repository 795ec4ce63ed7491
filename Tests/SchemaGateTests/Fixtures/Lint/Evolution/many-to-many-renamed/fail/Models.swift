import SwiftData

@Model final class Item {
    var title: String = ""
    @Relationship(inverse: \Tag.itemsStorage) var tagsStorage: [Tag]? = []  // expect: many-to-many-renamed
    var tags: [Tag] { tagsStorage ?? [] }

    init() {}
}

@Model final class Tag {
    var name: String = ""
    var itemsStorage: [Item]? = []
    var items: [Item] { itemsStorage ?? [] }

    init() {}
}
