import Foundation
import SwiftData

/// Comments and strings may say café: only names reach CloudKit.
@Model final class Cafe {
    var creme: String = "crème"
    var name: String = ""
    /// A computed property may use any name: it is not stored.
    var café: String { name }

    init() {}
}
