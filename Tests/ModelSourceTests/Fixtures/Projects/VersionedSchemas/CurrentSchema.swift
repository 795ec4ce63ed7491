import SwiftData

typealias Item = SchemaV2.Item
typealias Tag = SchemaV2.Tag
typealias Note = SchemaV2.Attachments.Note

enum InventoryMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self, SchemaV2.self] }
    static var stages: [MigrationStage] { [.lightweight(fromVersion: SchemaV1.self, toVersion: SchemaV2.self)] }
}
