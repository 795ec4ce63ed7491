import SwiftData

// Trap: two relationships naming the same inverse.
@Model final class Account {
    var name: String = ""
    @Relationship(inverse: \Transfer.account) var incoming: [Transfer]? = []
    @Relationship(inverse: \Transfer.account) var outgoing: [Transfer]? = []

    init() {}
}

@Model final class Transfer {
    var amount: Double = 0
    var account: Account?

    init() {}
}
