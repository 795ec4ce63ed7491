import SwiftData
import SwiftUI

typealias Trip = SchemaV2.Trip

@main
struct TripsApp: App {
    let container: ModelContainer = {
        do {
            return try ModelContainer(for: Trip.self, migrationPlan: TripsMigrationPlan.self)
        } catch {
            fatalError("Could not create the container: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup { Text("Trips") }.modelContainer(container)
    }
}

enum TripsMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
    static var stages: [MigrationStage] { [] }
}
