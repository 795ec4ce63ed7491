import SwiftData

@Model
final class Room {
    var name: String = ""
    var floor: Int = 0

    @Relationship(deleteRule: .cascade, inverse: \Bin.room)
    var bins: [Bin]? = []

    init(name: String) {
        self.name = name
    }
}
