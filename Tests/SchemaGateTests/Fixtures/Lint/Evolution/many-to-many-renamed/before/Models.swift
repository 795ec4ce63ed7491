import SwiftData

@Model final class Item {
    var title: String = ""
    @Relationship(inverse: \Tag.items) var tags: [Tag]? = []

    init() {}
}

@Model final class Tag {
    var name: String = ""
    var items: [Item]? = []

    init() {}
}
