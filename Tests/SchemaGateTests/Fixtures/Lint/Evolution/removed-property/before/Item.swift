import SwiftData

@Model final class Item {
    var title: String = ""
    var notes: String = ""
    var bin: Bin?

    init() {}
}

@Model final class Bin {
    var items: [Item]? = []

    init() {}
}
