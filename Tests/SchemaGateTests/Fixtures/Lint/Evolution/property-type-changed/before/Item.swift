import SwiftData

enum Kind: String, Codable { case box, bag }

@Model final class Item {
    var count: Int = 0
    var size: Int32 = 0
    var title: String = ""
    var kind: Kind = Kind.box

    init() {}
}
