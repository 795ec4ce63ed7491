import Foundation
import SwiftData

// Trap: whole models, and single properties, inside #if blocks.
#if DEBUG
@Model
final class DebugEvent {
    var message: String = ""
    var createdAt: Date = Date()
    init() {}
}
#else
// Release builds log nothing.
#endif

#if os(iOS) || os(macOS)
@Model final class Sticker {
    #if os(iOS)
    var hapticPattern: String?
    #endif
    var emoji: String = "⭐️"
    init() {}
}
#endif
