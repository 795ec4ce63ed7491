import Foundation
import ModelSource

/// A place in Swift source that configures a SwiftData store, and what it says about
/// CloudKit: `ModelConfiguration(...)`, `ModelContainer(for:)` without configurations,
/// and the SwiftUI `.modelContainer(for:)` modifier (both use a default configuration,
/// whose `cloudKitDatabase` is `.automatic`). Read by the model reader's store reading
/// (`StoreSites`), the one reading of store code.
package struct ModelConfigurationSite: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case configuration = "ModelConfiguration(...)"
        case containerDefault = "ModelContainer(for:) without configurations"
        case modifierDefault = ".modelContainer(for:)"
    }

    /// What the `cloudKitDatabase:` argument says.
    package typealias Database = CloudKitDatabaseSpelling

    package var kind: Kind
    package var line: Int
    package var database: Database
    package var inMemory: Bool
    /// Inside a `#Preview { ... }` body.
    package var inPreview: Bool

    /// The sites of one file's store reading, in line order.
    static func sites(in stores: StoreSites) -> [ModelConfigurationSite] {
        var sites = stores.configurations.map { configuration in
            ModelConfigurationSite(
                kind: .configuration, line: configuration.line, database: configuration.database,
                inMemory: configuration.inMemory, inPreview: configuration.inPreview)
        }
        for container in stores.containers where container.configurations.isEmpty {
            sites.append(ModelConfigurationSite(
                kind: container.kind == .modifier ? .modifierDefault : .containerDefault, line: container.line,
                database: .omitted, inMemory: container.inMemory, inPreview: container.inPreview))
        }
        return sites.sorted { $0.line < $1.line }
    }
}

/// A Core Data store description made a scratch store in memory (`url` `/dev/null`, as in
/// Xcode's Core Data + CloudKit template), with where that store would sync.
package struct ScratchStoreSite: Sendable, Equatable {
    package var line: Int
    /// Only in an `if` block (`if inMemory { … }`): the app's store is the same description.
    package var conditional: Bool
    package var sync: ModelStore.Sync
    package var spelling: String

    /// The scratch stores of one file's store reading that an NSPersistentCloudKitContainer loads.
    static func sites(in stores: StoreSites) -> [ScratchStoreSite] {
        stores.coreDataStores.compactMap { store in
            guard store.cloudKitContainer, let memory = store.inMemory else { return nil }
            return ScratchStoreSite(line: memory.line, conditional: memory.conditional, sync: memory.sync, spelling: memory.spelling)
        }
    }
}

/// A Swift file scanned for configuration traps.
package struct SwiftSourceFile: Sendable {
    package var path: String
    package var sites: [ModelConfigurationSite]
    /// Core Data scratch stores in memory.
    package var scratchStores: [ScratchStoreSite]
    /// A test file (imports XCTest or Testing, or lives in a `...Tests` folder) or preview
    /// code (`PreviewProvider`, a `Preview Content` folder, `Preview` in the file name).
    package var isTestOrPreview: Bool

    /// - Parameter projectPath: the path inside the project (relative to where lint runs),
    ///   for the test-folder heuristic; folders above the project must not count.
    package init(path: String, contents: [UInt8], projectPath: String? = nil) {
        self.path = path
        let stores = StoreSites.read(contents)
        sites = ModelConfigurationSite.sites(in: stores)
        scratchStores = ScratchStoreSite.sites(in: stores)
        isTestOrPreview = stores.isTestCode || stores.isPreviewCode || Self.isTestOrPreview(path: projectPath ?? path)
    }

    /// Whether the file may hold a site at all: a cheap byte search that lets a scan skip
    /// most files without lexing them.
    package static func mayConfigureStore(_ contents: [UInt8]) -> Bool {
        contains(contents, "ModelConfiguration") || contains(contents, "odelContainer") || contains(contents, "PersistentCloudKitContainer")
    }

    /// A folder ending in `Tests` or named `Preview Content`, or a file name holding `Tests`
    /// or `Preview`.
    static func isTestOrPreview(path: String) -> Bool {
        let components = path.split(separator: "/")
        let fileName = components.last.map(String.init) ?? path
        if components.dropLast().contains(where: { $0.hasSuffix("Tests") || $0 == "Preview Content" }) { return true }
        return fileName.contains("Tests") || fileName.contains("Preview")
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let bytes = Array(needle.utf8)
        guard let first = bytes.first, haystack.count >= bytes.count else { return false }
        var index = 0
        while index + bytes.count <= haystack.count {
            if haystack[index] == first && haystack[index..<index + bytes.count].elementsEqual(bytes) { return true }
            index += 1
        }
        return false
    }
}
