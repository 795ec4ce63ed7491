import SwiftData

@Model final class Tag {  // expect: unique-constraint
    #Unique<Tag>([\.name, \.group])

    @Attribute(.unique) var name: String = ""  // expect: unique-constraint
    var group: String = ""

    init(name: String = "") { self.name = name }
}
