import SwiftData

enum Kind: String, Codable { case box, bag }
struct ItemKind: Codable { var name = "" }

@Model final class Item {
    var count: String = ""  // expect: property-type-changed
    var size: Int64 = 0
    var title: String?
    var kind: ItemKind = ItemKind()  // expect: property-type-changed

    init() {}
}
