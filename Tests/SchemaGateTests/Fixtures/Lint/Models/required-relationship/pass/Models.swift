import SwiftData

@Model final class Bin {
    var label: String = ""
    @Relationship(deleteRule: .cascade, inverse: \Item.bin)
    var items: [Item]? = []

    init() {}
}

@Model final class Item {
    var title: String = ""
    var bin: Bin?

    init(bin: Bin? = nil) { self.bin = bin }
}
