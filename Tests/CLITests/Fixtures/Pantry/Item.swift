import Foundation
import SwiftData

@Model
final class Item {
    var name: String = ""
    var quantity: Int = 0
    var notes: String?
    var addedAt: Date = Date.now

    init(name: String = "") {
        self.name = name
    }
}
