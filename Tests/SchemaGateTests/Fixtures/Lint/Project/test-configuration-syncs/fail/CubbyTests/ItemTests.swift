import SwiftData
import Testing
@testable import Cubby

@Suite struct ItemTests {
    @Test func insertsAnItem() throws {
        let configuration = ModelConfiguration(schema: Schema([Item.self]))  // expect: test-configuration-syncs
        let container = try ModelContainer(for: Item.self, configurations: configuration)
        let quick = try ModelContainer(for: Item.self)  // expect: test-configuration-syncs
        _ = (container, quick)
    }
}
