import SwiftData

/// Tags and items are many-to-many: Core Data links them with CDMR records.
@Model
final class Tag {
    var name: String = ""
    var colorHex: String = "#8E8E93"
    var items: [Item]? = []

    init(name: String) {
        self.name = name
    }
}
