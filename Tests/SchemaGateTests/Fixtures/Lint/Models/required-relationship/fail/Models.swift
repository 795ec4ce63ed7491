import SwiftData

@Model final class Bin {
    var label: String = ""
    @Relationship(deleteRule: .cascade, inverse: \Item.bin)
    var items: [Item]? = []

    init() {}
}

@Model final class Item {
    var title: String = ""
    var bin: Bin  // expect: required-relationship

    init(bin: Bin) { self.bin = bin }
}
