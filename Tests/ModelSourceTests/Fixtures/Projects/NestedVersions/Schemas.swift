import SwiftData

// Versions nested in a namespace, two levels deep.
enum AppSchemas {
    enum V1: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 0, 0)
        static var models: [any PersistentModel.Type] { [Habit.self] }
        @Model final class Habit {
            var name: String = ""
            init() {}
        }
    }

    enum V2: VersionedSchema {
        static let versionIdentifier = Schema.Version(1, 1, 0)
        static var models: [any PersistentModel.Type] { [Habit.self, Check.self] }
    }
}

extension AppSchemas.V2 {
    @Model final class Habit {
        var name: String = ""
        var streak: Int = 0
        @Relationship(deleteRule: .cascade, inverse: \AppSchemas.V2.Check.habit)
        var checks: [Check]? = []
        init() {}
    }

    @Model final class Check {
        var day: Date = Date()
        var habit: Habit?
        init() {}
    }
}

let container = try! ModelContainer(for: Schema(versionedSchema: AppSchemas.V2.self))
