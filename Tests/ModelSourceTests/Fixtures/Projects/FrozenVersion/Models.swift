import SwiftData

// The current models live at file scope; SchemaV1 keeps a frozen copy of the first
// release for migration. Nothing names the version in use, so the top-level classes win.
@Model final class Plant {
    var name: String = ""
    var wateredAt: Date?
    init() {}
}

enum SchemaV1: VersionedSchema {
    static var versionIdentifier = Schema.Version(1, 0, 0)
    static var models: [any PersistentModel.Type] { [Plant.self] }

    @Model final class Plant {
        var name: String = ""
        init() {}
    }
}
