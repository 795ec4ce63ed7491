import Foundation
import SwiftData

@Model final class Library {
    var name: String = ""
    @Relationship(deleteRule: .cascade, inverse: \Book.library) var books: [Book]? = []
    init() {}
}

@Model final class Book {
    var title: String = ""
    var library: Library?
    var author: Author?
    init() {}
}

@Model final class Author {
    var name: String = ""
    var books: [Book]? = []
    init() {}
}

@Model final class Shelf {
    var label: String = ""
    init() {}
}

// Declared, never registered, not reachable: SwiftData never syncs it.
@Model final class Orphan {
    var note: String = ""
    init() {}
}
