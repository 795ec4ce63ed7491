import SwiftData

// Swift 6 reads bare /regex/ literals: a quote or a brace inside one is not a string
// or a scope, and must not hide the properties after it.
@Model
final class Coupon {
    var code: String = ""
    var isWellFormed: Bool { code.contains(/^[A-Z]{3}"[0-9]+$/) }
    var discount: Double = 0
    var hasBrace: Bool { code.firstMatch(of: /\}|{/) != nil }
    var redeemedAt: Date?
    var half: Double { discount / 2 / 1 }
    var note: String?

    init() {}
}
