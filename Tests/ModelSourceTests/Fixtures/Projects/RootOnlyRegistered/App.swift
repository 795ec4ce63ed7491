import SwiftData
import SwiftUI

@main
struct LibraryApp: App {
    var body: some Scene {
        WindowGroup { Text("Library") }
            // Only the root is registered; SwiftData reaches the rest through relationships.
            .modelContainer(for: Library.self, inMemory: false)
    }
}

// A preview's in-memory container is not the app's registration: Shelf stays unregistered.
#Preview {
    Text("Preview").modelContainer(for: [Library.self, Shelf.self], inMemory: true)
}
