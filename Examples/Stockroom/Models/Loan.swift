import Foundation
import SwiftData

@Model
final class Loan {
    var borrower: String = ""
    var lentAt: Date = Date()
    var dueAt: Date?
    var returnedAt: Date?
    var item: Item?

    init(borrower: String) {
        self.borrower = borrower
    }
}
