import SwiftData

@Model final class Todo {
    var title: String = ""
    @Relationship(deleteRule: .nullify, inverse: \Tag.todos)
    var tags: [Tag] = []  // expect: non-optional-to-many

    init() {}
}

@Model final class Tag {
    var name: String = ""
    var todos: [Todo] = []  // expect: non-optional-to-many

    init() {}
}
