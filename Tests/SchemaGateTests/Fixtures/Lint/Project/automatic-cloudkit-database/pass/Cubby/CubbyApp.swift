import SwiftData
import SwiftUI

let containerID = "iCloud.com.example.cubby"

@main
struct CubbyApp: App {
    @AppStorage("isICloudSyncEnabled") var isICloudSyncEnabled = false

    var container: ModelContainer {
        let schema = Schema([Item.self, Bin.self])
        // The entitlement exists either way: the MODE is the privacy boundary.
        let config = isICloudSyncEnabled
            ? ModelConfiguration(schema: schema, cloudKitDatabase: .private(containerID))
            : ModelConfiguration(schema: schema, cloudKitDatabase: .none)
        let timetable = ModelConfiguration(
            schema: schema,
            url: URL(fileURLWithPath: "/tmp/store.sqlite"),
            cloudKitDatabase: .private("iCloud.com.example.timetable")
        )
        let chosen = ModelConfiguration(schema: schema, cloudKitDatabase: isICloudSyncEnabled ? .private(containerID) : .none)
        _ = (timetable, chosen)
        return try! ModelContainer(for: schema, configurations: config)
    }

    var body: some Scene {
        WindowGroup { ContentView() }
            .modelContainer(container)
    }
}

/// A type named like the API is not a call: `extension ModelConfiguration {` and annotations.
extension ModelConfiguration {
    static func local(_ schema: Schema) -> ModelConfiguration { ModelConfiguration(schema: schema, cloudKitDatabase: .none) }
}

func makeModelConfiguration(schema: Schema) -> Int { 0 }
