import Foundation
import SwiftData

@Model
final class StockCount {
    var countedAt: Date = Date()
    var quantity: Int = 0
    var bin: Bin?

    init(quantity: Int) {
        self.quantity = quantity
    }
}
