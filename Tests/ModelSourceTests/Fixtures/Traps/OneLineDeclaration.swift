import SwiftData

// Trap: the macro, modifiers, `class` and the opening brace share one line.
@Model public final class Shelf {
    public var name: String = ""
    public var position: Int = 0

    public init(name: String) { self.name = name }
}
