import SwiftData
import Testing
@testable import Cubby

@Suite struct ItemTests {
    @Test func insertsAnItem() throws {
        let configuration = ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none)
        let container = try ModelContainer(for: Item.self, configurations: configuration)
        let other = try ModelContainer(for: Schema([Item.self]), configurations: [ModelConfiguration(schema: Schema([Item.self]), isStoredInMemoryOnly: true, cloudKitDatabase: ModelConfiguration.CloudKitDatabase.none)])
        _ = (container, other)
    }
}
