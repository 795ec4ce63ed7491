import SwiftData

@Model final class Item {
    var title: String = ""
    var rating: Int = 0
    var comment: String?

    init() {}
}
