import Foundation
import SwiftData

@Model
final class Item {
    var title: String  // expect: required-attribute
    var notes: String?
    var count: Int = 0
    var created: Date  // expect: required-attribute
    var tags = [String]()

    init(title: String, created: Date) {
        self.title = title
        self.created = created
    }
}
