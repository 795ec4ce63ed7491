import SwiftData

// Model inheritance (iOS 26): the subclass shares its root's record type.
@Model class Animal {
    var name: String = ""
    init() {}
}

@Model final class Dog: Animal {
    var breed: String?
}
