import SwiftData

enum AppSchema {
    // Cubby-style registered type list, used by Schema(AppSchema.persistentModelTypes).
    static let persistentModelTypes: [any PersistentModel.Type] = [
        Folder.self,
        Document.self,
        Ghost.self,
    ]

    static var schema: Schema { Schema(persistentModelTypes) }
}

@Model final class Folder {
    var name: String = ""
    var documents: [Document]? = []
    init() {}
}

@Model final class Document {
    var title: String = ""
    var folder: Folder?
    var revisions: [Revision]? = []
    init() {}
}

// Left out of the list but reached through Document.revisions.
@Model final class Revision {
    var number: Int = 0
    var document: Document?
    init() {}
}

// Left out of the list and unreachable.
@Model final class Draft {
    var text: String = ""
    init() {}
}
