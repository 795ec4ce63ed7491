import SwiftData
import SwiftUI

struct ContentView: View {
    var body: some View { Text("Cubby") }
}

@MainActor let previewContainer: ModelContainer = {
    let configuration = ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none)
    return try! ModelContainer(for: Item.self, configurations: configuration)
}()

#Preview {
    ContentView()
        .modelContainer(previewContainer)
}

/// The app's own store, outside previews and tests, is another rule's business.
let appConfiguration = ModelConfiguration(schema: Schema([Item.self]), cloudKitDatabase: .private("iCloud.com.example.cubby"))
