import Foundation
import SwiftData

@Model
final class Item {
    var title: String = ""
    var notes: String?
    var count: Int = 0
    var created: Date = Date.now
    @Transient var cache: [String: Int] = [:]
    var display: String { title.isEmpty ? "Untitled" : title }
    static var placeholder: String { "Item" }

    init(title: String = "") {
        self.title = title
    }
}

/// Not a model: the same required properties are fine here.
struct ItemInput {
    var title: String
    var created: Date
}
