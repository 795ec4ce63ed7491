import SwiftData

// Trap: stored properties with observers next to computed ones.
@Model final class Counter {
    var value: Int = 0 {
        didSet { if value < 0 { value = 0 } }
    }
    var label: String = "" { willSet { print(newValue) } }
    var name: String {
        didSet { print("renamed") }
    }
    var doubled: Int { value * 2 }
    var display: String {
        get { label.isEmpty ? "-" : label }
        set { label = newValue }
    }

    init(name: String) { self.name = name }
}
