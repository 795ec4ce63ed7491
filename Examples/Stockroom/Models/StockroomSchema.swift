import SwiftData

/// The registered model types: the app's source of truth for what syncs.
enum StockroomSchema {
    static let models: [any PersistentModel.Type] = [
        Item.self, Bin.self, Room.self, Tag.self, ItemPhoto.self,
        Category.self, SavedSearch.self, CustomField.self, Loan.self, StockCount.self,
    ]

    static func makeContainer(syncEnabled: Bool) throws -> ModelContainer {
        let schema = Schema(models)
        let configuration = ModelConfiguration(
            schema: schema, cloudKitDatabase: syncEnabled ? .private("iCloud.com.example.stockroom") : .none)
        return try ModelContainer(for: schema, configurations: configuration)
    }
}
