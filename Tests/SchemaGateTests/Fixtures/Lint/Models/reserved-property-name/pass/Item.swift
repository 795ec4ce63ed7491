import Foundation
import SwiftData

@Model final class Item {
    var kindName: String = ""
    var receiptData: Data?
    var name: String = ""
    /// A computed property may use the name: it is not stored.
    var entityName: String { "Item" }

    init() {}
}
