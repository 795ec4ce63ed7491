import SwiftData
import SwiftUI

@main
struct CubbyApp: App {
    let container: ModelContainer = {
        let schema = Schema([Item.self, Bin.self])
        // ModelConfiguration(schema: schema) in a comment is not code.
        /* Nor in a /* nested */ block: ModelConfiguration(schema: schema) */
        let label = "ModelConfiguration(schema: schema) in a string is not code either"
        let configuration = ModelConfiguration(schema: schema)  // expect: automatic-cloudkit-database
        return try! ModelContainer(for: schema, configurations: configuration)
    }()

    var body: some Scene {
        WindowGroup { ContentView() }
            .modelContainer(for: Item.self)  // expect: automatic-cloudkit-database
    }
}

enum Stores {
    static func shared() throws -> ModelContainer {
        try ModelContainer(for: Item.self, Bin.self)  // expect: automatic-cloudkit-database
    }

    static func explicitAutomatic(schema: Schema) -> ModelConfiguration {
        ModelConfiguration(  // expect: automatic-cloudkit-database
            "Main",
            schema: schema,
            cloudKitDatabase: .automatic
        )
    }
}
