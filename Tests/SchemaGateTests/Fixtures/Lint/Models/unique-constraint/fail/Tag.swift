import SwiftData

@Model final class Tag {
    #Unique<Tag>([\.name, \.group])  // expect: unique-constraint

    @Attribute(.unique) var name: String = ""  // expect: unique-constraint
    var group: String = ""

    init(name: String = "") { self.name = name }
}
