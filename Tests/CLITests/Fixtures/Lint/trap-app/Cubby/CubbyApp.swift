import SwiftData
import SwiftUI

enum Store {
    static func make(schema: Schema) throws -> ModelContainer {
        let configuration = ModelConfiguration(schema: schema)
        return try ModelContainer(for: schema, configurations: configuration)
    }
}
