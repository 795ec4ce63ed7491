import ModelSource

/// The app-side half of `create`: a DEBUG-only Swift file that, when the app is launched
/// with a flag, materializes every record type and field of the models in the CloudKit
/// Development environment with `initializeCloudKitSchema()`, then exits.
///
/// Design: a throwaway store in its own temporary directory (never the app's
/// store), the managed object model generated from the same type list SwiftData uses,
/// the store unloaded and its directory (with Core Data's hidden `.<name>_SUPPORT`
/// folder) deleted afterwards, everything but an empty `runIfRequested()` inside `#if DEBUG`
/// so Release builds cannot push schema (and the app's call compiles in both), and a
/// header mark (`ScaffoldMarker`) so change detection does not count the file.
package struct InitializerScaffold: Sendable {
    package var containerID: String
    package var models: Models
    /// The launch argument that triggers it.
    package var launchArgument: String
    package var typeName: String

    package static let defaultLaunchArgument = "-initializeCloudKitSchema"

    /// The types to materialize.
    package enum Models: Equatable, Sendable {
        /// Model type names, as registered with SwiftData.
        case types([String])
        /// The `VersionedSchema` in use; its `models` list is used.
        case versionedSchema(String)

        package var description: String {
            switch self {
            case .types(let names): return "\(names.count) model type\(names.count == 1 ? "" : "s"): \(names.joined(separator: ", "))"
            case .versionedSchema(let name): return "the models of \(name)"
            }
        }
    }

    package init(containerID: String, models: Models, launchArgument: String = defaultLaunchArgument,
                typeName: String = "CloudKitSchemaInitializer") {
        self.containerID = containerID
        self.models = models
        self.launchArgument = launchArgument
        self.typeName = typeName
    }

    /// Whether a name can be pasted into Swift source as a type reference.
    package static func isTypeName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            guard let first = part.first, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
    }

    /// What the app prints, last, on each outcome: create recipes that cannot pass on the
    /// app's exit status (a simulator launch) decide on these lines, and `create` fails
    /// on the failure line whatever the exit status.
    package static let successLine = "cloudkit-schema scaffold: initializeCloudKitSchema succeeded"
    package static let failureLine = "cloudkit-schema scaffold: initializeCloudKitSchema failed"

    /// Where to call `runIfRequested()`, for the file's comments and `scaffold`'s output:
    /// before the app's own container opens its syncing store.
    package var placementGuide: [String] {
        let call = "\(typeName).runIfRequested()"
        return [
            "Call \(call)",
            "before the app opens its own ModelContainer, or its syncing store is already open.",
            "A stored property's initializer runs before the App's init, so with Xcode's",
            "template make the call the first statement of the closure that builds the container:",
            "",
            "    var sharedModelContainer: ModelContainer = {",
            "        \(call)",
            "        let schema = Schema([Item.self])",
            "        ...",
            "    }()",
            "",
            "A container built in init: make the call init's first statement, before the",
            "container is built:",
            "",
            "    init() {",
            "        \(call)",
            "        container = try! ModelContainer(for: Item.self)",
            "    }",
            "",
            "A container in a static let or a shared controller: the first statement of the",
            "code that builds it. With .modelContainer(for:) on a scene, the App's init is early",
            "enough. Release builds compile \(call) as an empty function.",
        ]
    }

    package var source: String {
        header.map { $0.isEmpty ? "//" : "// " + $0 }.joined(separator: "\n") + "\n\n" + code
    }

    /// The marker line first (`ScaffoldMarker`), then what the file does and where to call it.
    private var header: [String] {
        [
            "\(ScaffoldMarker.token) -- written by `cloudkit-schema scaffold`; keep this line at the top.",
            "The file lists the model types only to create their CloudKit schema in a throwaway",
            "store and persists nothing, so change detection does not count it as a model change",
            "(an @Model declared here would still count). Edit freely; regenerate for new models.",
            "",
            "Launched with \(launchArgument), a DEBUG build creates every record type and field of",
            "the models below in the CloudKit *Development* environment of \(containerID),",
            "prints \"\(Self.successLine)\"",
            "(or \"\(Self.failureLine): ...\") and exits with status 0",
            "(1 on failure), so `cloudkit-schema create` can run it unattended. Then deploy",
            "Development to Production in CloudKit Console and let `cloudkit-schema gate` verify",
            "Production before each release.",
            "",
        ] + placementGuide + [
            "",
            "Launch it (Docs/running-on-macos.md): a macOS app by the executable inside its bundle,",
            "App.app/Contents/MacOS/App \(launchArgument), not with `open` (which reports its own exit",
            "status and passes no arguments to a running app); an iOS app in a simulator signed in to",
            "iCloud, with `xcrun simctl launch --console <device> <bundle id> \(launchArgument)`.",
            "`cloudkit-schema init` writes a create command for the Xcode project it finds.",
        ]
    }

    private var typeList: String {
        switch models {
        case .types(let names):
            return "/// Keep this list equal to the types the app registers with its Schema.\n"
                + "    static var modelTypes: [any PersistentModel.Type] {\n        [\n"
                + names.map { "            \($0).self,\n" }.joined() + "        ]\n    }"
        case .versionedSchema(let name):
            return "/// The schema version the app runs with: keep it the current one.\n"
                + "    static var modelTypes: [any PersistentModel.Type] { \(name).models }"
        }
    }

    private var code: String {
        """
        import Foundation
        #if DEBUG
        import CoreData
        import SwiftData
        #endif

        enum \(typeName) {
            static let launchArgument = "\(launchArgument)"

            #if DEBUG
            /// Runs and exits the process when the launch argument is present; otherwise returns.
            static func runIfRequested(arguments: [String] = ProcessInfo.processInfo.arguments) {
                guard arguments.contains(launchArgument) else { return }
                do {
                    try initialize()
                    report("\(Self.successLine) for \\(containerIdentifier)")
                    exit(0)
                } catch {
                    report("\(Self.failureLine): \\(error)")
                    exit(1)
                }
            }
            #else
            /// Release builds: nothing, so a shipped app can never change the CloudKit schema.
            static func runIfRequested() {}
            #endif
        }

        #if DEBUG
        extension \(typeName) {
            static let containerIdentifier = "\(containerID)"

            \(typeList)

            /// Carries loadPersistentStores' error out of its handler, which runs before the
            /// call returns (shouldAddStoreAsynchronously is false), in any Swift language mode.
            private final class LoadOutcome: @unchecked Sendable {
                var error: Error?
            }

            /// One unbuffered write: the line is out before exit(), to a terminal or a pipe.
            private static func report(_ line: String) {
                FileHandle.standardOutput.write(Data((line + "\\n").utf8))
            }

            /// Materializes the schema through a throwaway store, never the app's own.
            static func initialize() throws {
                let directory = FileManager.default.temporaryDirectory
                    .appendingPathComponent("\(typeName)-\\(UUID().uuidString)", isDirectory: true)
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                // Removes the store, its -wal/-shm files and Core Data's hidden .Schema_SUPPORT folder.
                defer { try? FileManager.default.removeItem(at: directory) }

                try autoreleasepool {
                    guard let model = NSManagedObjectModel.makeManagedObjectModel(for: modelTypes) else {
                        throw CocoaError(.featureUnsupported, userInfo: [
                            NSLocalizedDescriptionKey: "could not build a managed object model from modelTypes",
                        ])
                    }
                    let description = NSPersistentStoreDescription(url: directory.appendingPathComponent("Schema.store"))
                    description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(
                        containerIdentifier: containerIdentifier)
                    description.shouldAddStoreAsynchronously = false
                    let container = NSPersistentCloudKitContainer(name: "Schema", managedObjectModel: model)
                    container.persistentStoreDescriptions = [description]
                    let loading = LoadOutcome()
                    container.loadPersistentStores { _, error in loading.error = error }
                    if let error = loading.error { throw error }
                    try container.initializeCloudKitSchema(options: [])
                    // Unload before the directory is deleted, so nothing writes into it afterwards.
                    let coordinator = container.persistentStoreCoordinator
                    for store in coordinator.persistentStores {
                        try coordinator.remove(store)
                    }
                }
            }
        }
        #endif

        """
    }
}
