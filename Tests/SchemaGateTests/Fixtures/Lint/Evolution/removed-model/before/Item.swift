import SwiftData

@Model final class Item {
    var title: String = ""

    init() {}
}
