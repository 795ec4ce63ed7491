import SwiftData

// Work in progress: the newest file, not yet the schema the app runs with.
enum SchemaV3: VersionedSchema {
    static var versionIdentifier = Schema.Version(3, 0, 0)
    static var models: [any PersistentModel.Type] { [Trip.self, Expense.self] }

    @Model final class Trip {
        var name: String = ""
        var startDate: Date = Date()
        var budget: Double = 0
        var expenses: [Expense]? = []
        init() {}
    }

    @Model final class Expense {
        var amount: Double = 0
        var trip: Trip?
        init() {}
    }
}
