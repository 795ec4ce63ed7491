import SwiftData

// Trap: #Unique and #Index macros in the class body.
@Model final class Person {
    #Unique<Person>([\.firstName, \.lastName], [\.email])
    #Index<Person>([\.lastName])

    var firstName: String = ""
    var lastName: String = ""
    @Attribute(.unique) var email: String = ""

    init() {}
}
