import SwiftData

@Model final class Item {
    var title: String = ""
    @Relationship(inverse: \Tag.itemsStorage) var tags: [Tag]? = []

    init() {}
}

@Model final class Tag {
    var name: String = ""
    // Only this end renamed: Item.tags stays as the anchor.
    var itemsStorage: [Item]? = []

    init() {}
}
