import SwiftData

@Model final class Item {
    var name: String = ""

    init() {}
}
