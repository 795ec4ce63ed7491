import SwiftData
import SwiftUI

struct ContentView: View {
    var body: some View { Text("Cubby") }
}

@MainActor let previewContainer: ModelContainer = {
    let configuration = ModelConfiguration(isStoredInMemoryOnly: true)  // expect: test-configuration-syncs
    let synced = ModelConfiguration(schema: Schema([Item.self]), isStoredInMemoryOnly: true, cloudKitDatabase: .automatic)  // expect: test-configuration-syncs
    _ = synced
    return try! ModelContainer(for: Item.self, configurations: configuration)
}()

#Preview("Empty") {
    ContentView()
        .modelContainer(for: Item.self, inMemory: true)  // expect: test-configuration-syncs
}

#Preview {
    let configuration = ModelConfiguration(schema: Schema([Item.self]), cloudKitDatabase: .private("iCloud.com.example.cubby"))  // expect: test-configuration-syncs
    return ContentView().modelContainer(try! ModelContainer(for: Item.self, configurations: configuration))
}
