import SwiftData

@Model final class Item {
    var title: String = ""
    var notes: String = ""
    var bin: Bin?
    // Methods and computed properties come and go freely.
    var summary: String { "\(title): \(notes)" }

    init() {}
}

@Model final class Bin {
    var items: [Item]? = []
    var label: String = ""

    init() {}
}
