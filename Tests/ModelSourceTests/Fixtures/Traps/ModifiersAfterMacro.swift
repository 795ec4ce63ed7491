import Foundation
import SwiftData

// Trap: `@available` before the macro, `nonisolated public final` after it.
@available(iOS 17, macOS 14, *)
@Model
nonisolated public final class Receipt {
    public var total: Double = 0
    public var issuedAt: Date = Date.now
    @available(*, deprecated, message: "use total")
    public var amount: Double?

    public init() {}
}
