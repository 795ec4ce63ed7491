import Foundation
import SwiftData

/// A labelled box on a shelf.
@Model
final class Bin {
    var id: UUID = UUID()
    var label: String = ""
    var location: String?
    var room: Room?

    @Relationship(deleteRule: .nullify, inverse: \Item.bin)
    var items: [Item]? = []
    @Relationship(deleteRule: .cascade, inverse: \StockCount.bin)
    var counts: [StockCount]? = []

    init(label: String) {
        self.label = label
    }
}
