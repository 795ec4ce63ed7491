import SwiftData

@Model final class Item {
    var title: String = ""
    var rating: Int  // expect: new-required-property

    init(rating: Int) { self.rating = rating }
}
