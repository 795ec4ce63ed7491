import Foundation
import SwiftData

/// Something kept in a bin: the heart of Stockroom.
@Model
final class Item {
    var id: UUID = UUID()
    var name: String = ""
    var notes: String?
    var quantity: Int = 1
    var createdAt: Date = Date()
    /// Filled in for a few appliances only, so no debug build ever wrote it.
    var warrantyExpires: Date?
    var condition: Condition = Condition.good
    var bin: Bin?
    var category: Category?

    @Relationship(deleteRule: .cascade, inverse: \ItemPhoto.item)
    var photos: [ItemPhoto]? = []
    @Relationship(inverse: \Tag.items)
    var tags: [Tag]? = []
    @Relationship(deleteRule: .cascade, inverse: \CustomField.item)
    var customFields: [CustomField]? = []
    @Relationship(deleteRule: .cascade, inverse: \Loan.item)
    var loans: [Loan]? = []

    init(name: String, bin: Bin? = nil) {
        self.name = name
        self.bin = bin
    }

    var isOnLoan: Bool {
        loans?.contains { $0.returnedAt == nil } ?? false
    }
}

enum Condition: String, Codable, CaseIterable {
    case new, good, worn, broken
}
