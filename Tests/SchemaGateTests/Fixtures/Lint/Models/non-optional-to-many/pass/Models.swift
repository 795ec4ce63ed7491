import SwiftData

@Model final class Todo {
    var title: String = ""
    @Relationship(deleteRule: .nullify, inverse: \Tag.todos)
    var tags: [Tag]? = []

    init() {}
}

@Model final class Tag {
    var name: String = ""
    var todos: [Todo]? = []

    init() {}
}
