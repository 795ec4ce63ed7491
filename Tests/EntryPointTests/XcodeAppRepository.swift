import Foundation
import TestSupport

/// An iOS app repository shaped as Xcode writes one, adopting the gate the way README's
/// "Adopting it in an app" says: an Xcode project with the team and an app target, an
/// entitlements file with an iCloud container, an Info.plist, SwiftData models, SwiftUI views
/// with Xcode's stock `#Preview`, a `Tools/` package depending on this one by path, release
/// tags, a bare `origin`, and a fake `xcrun` serving the exports.
///
/// It lives in this package's `.build` (ignored, one per worktree) so that `Tools/.build`,
/// the consumer build the plugins need, survives from one test run to the next; everything
/// else (the history, the files, the remote) is made anew by `reset()`.
final class XcodeAppRepository: @unchecked Sendable {
    static let shared = Result { try XcodeAppRepository() }

    let root: String
    var tools: String { root + "/Tools" }
    /// The remote, the fake xcrun and its exports: beside the repository, outside it.
    let support: String
    var remote: String { support + "/origin.git" }
    var exports: String { support + "/exports" }
    var fakeBin: String { support + "/bin" }
    static let team = "AB12CD34EF", container = "iCloud.com.example.wayfarer"

    private init() throws {
        root = packageRoot + "/.build/plugin-e2e/XcodeApp"
        support = packageRoot + "/.build/plugin-e2e/XcodeApp-support"
        let fm = FileManager.default
        try fm.createDirectory(atPath: root, withIntermediateDirectories: true)
        for directory in [fakeBin, exports] { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        try Data(FakeXcrun.script.utf8).write(to: URL(fileURLWithPath: fakeBin + "/xcrun"))
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fakeBin + "/xcrun")
    }

    /// Everything but `Tools/.build` removed: only the names this fixture writes.
    func reset() throws {
        let fm = FileManager.default
        for name in [".git", "Wayfarer", "Wayfarer.xcodeproj", ".gitignore", ".cloudkit-schema.json", "Tools/Package.swift", "Tools/Package.resolved"] {
            try? fm.removeItem(atPath: root + "/" + name)
        }
        for name in ["origin.git", "exports/development.ckdb", "exports/production.ckdb", "exports/calls"] {
            try? fm.removeItem(atPath: support + "/" + name)
        }
        _ = try run("git", ["init", "-q", "--bare", remote], in: support)
        try git(["init", "-q", "-b", "main"])
        try git(["remote", "add", "origin", remote])
    }

    // MARK: files

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    /// Wayfarer 1.0, before the tool: the project, entitlements, Info.plist, four models,
    /// the app (registering them, syncing to the private database) and two views, one with
    /// the stock `#Preview` of Xcode's SwiftData template.
    func writeApp() throws {
        try write("Wayfarer.xcodeproj/project.pbxproj", XcodeProjectFixture.pbxproj(
            project: ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "17.5"],
            targets: [XcodeProjectFixture.Target("Wayfarer", [
                "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.wayfarer",
                "DEVELOPMENT_TEAM": Self.team, "CODE_SIGN_ENTITLEMENTS": "Wayfarer/Wayfarer.entitlements",
                "INFOPLIST_FILE": "Wayfarer/Info.plist", "INFOPLIST_KEY_UIBackgroundModes": "remote-notification",
                "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator", "SUPPORTS_MACCATALYST": "NO",
            ])]))
        try write("Wayfarer/Wayfarer.entitlements", Self.plist("""
            \t<key>aps-environment</key>
            \t<string>development</string>
            \t<key>com.apple.developer.icloud-container-identifiers</key>
            \t<array>
            \t\t<string>\(Self.container)</string>
            \t</array>
            \t<key>com.apple.developer.icloud-services</key>
            \t<array>
            \t\t<string>CloudKit</string>
            \t</array>
            """))
        try write("Wayfarer/Info.plist", Self.plist("""
            \t<key>UIBackgroundModes</key>
            \t<array>
            \t\t<string>remote-notification</string>
            \t</array>
            """))
        try write("Wayfarer/WayfarerApp.swift", Self.app(models: ["Trip", "JournalEntry", "Photo", "Place"]))
        try write("Wayfarer/Models/Trip.swift", Self.trip)
        try write("Wayfarer/Models/JournalEntry.swift", Self.journalEntry)
        try write("Wayfarer/Models/Photo.swift", Self.photo)
        try write("Wayfarer/Models/Place.swift", Self.place)
        try write("Wayfarer/Views/TripListView.swift", Self.tripList(preview: Self.stockPreview))
        try write("Wayfarer/Views/AboutView.swift", Self.about("Wayfarer"))
        try write(".gitignore", "build/\nDerivedData/\nTools/.build/\n")
    }

    /// README's tools package: no targets, this package as a dependency.
    func writeToolsPackage() throws {
        try write("Tools/Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Tools",
                platforms: [.macOS(.v13)],
                dependencies: [
                    .package(path: "\(packageRoot)"),
                ],
                targets: []
            )

            """)
    }

    // MARK: running things

    /// The environment of every run: the fake xcrun first on PATH, a token the tool must
    /// never print, git without the user's configuration.
    var environment: [String: String?] {
        let path = fakeBin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return [
            "PATH": path, FakeXcrun.exportsVariable: exports, "CLOUDKIT_MANAGEMENT_TOKEN": ContractCommands.token,
            "SKIP_CLOUDKIT_SCHEMA_CHECK": nil, "NO_COLOR": "1", "CLOUDKIT_SCHEMA": nil, "CLOUDKIT_SCHEMA_PACKAGE": nil,
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Trial", "GIT_AUTHOR_EMAIL": "trial@example.com",
            "GIT_COMMITTER_NAME": "Trial", "GIT_COMMITTER_EMAIL": "trial@example.com",
        ]
    }

    func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
             environment extra: [String: String?] = [:]) throws -> ProcessResult {
        try runProcess(executable, arguments, in: directory ?? root, environment: environment.merging(extra) { $1 })
    }

    @discardableResult
    func git(_ arguments: [String], environment extra: [String: String?] = [:]) throws -> String {
        let result = try run("git", arguments, environment: extra)
        guard result.status == 0 else { throw ContractError("git \(arguments.joined(separator: " ")) failed: \(result.output)") }
        return result.stdout
    }

    /// `git add -A && git commit`, through the installed pre-commit hook.
    func commit(_ message: String, environment extra: [String: String?] = [:]) throws -> ProcessResult {
        try git(["add", "-A"])
        return try run("git", ["commit", "-q", "-m", message], environment: extra)
    }

    /// `swift package --package-path Tools <options> <verb> <arguments>` from the repository
    /// root, as README says. SwiftPM locks the package's .build anyway: one at a time.
    func swiftPackage(_ options: [String], _ verb: String, _ arguments: [String]) throws -> ProcessResult {
        try Self.lock.withLock {
            let arguments = ["package", "--package-path", "Tools"] + options + [verb] + arguments
            let first = try run("swift", arguments)
            // SwiftPM itself occasionally dies of a signal on Linux (Foundation's Process
            // crash); that is the toolchain, not the plugin under test: run it once more.
            guard first.status > 128 else { return first }
            return try run("swift", arguments)
        }
    }

    private static let lock = NSLock()

    /// The tool the plugins built in `Tools/.build`: what the hooks find there.
    var toolsBuild: String { tools + "/.build/debug/cloudkit-schema-tool" }

    /// Production and Development as exported: both hold what `models` require.
    func deploy(models directory: String) throws {
        let expected = try ContractCommands.expectedSchema(models: root + "/" + directory)
        try Data(expected.utf8).write(to: URL(fileURLWithPath: exports + "/development.ckdb"))
        try Data(expected.utf8).write(to: URL(fileURLWithPath: exports + "/production.ckdb"))
    }

    /// Development has what the models need, Production still what it had.
    func createInDevelopment(models directory: String) throws {
        let expected = try ContractCommands.expectedSchema(models: root + "/" + directory)
        try Data(expected.utf8).write(to: URL(fileURLWithPath: exports + "/development.ckdb"))
    }

    // MARK: sources

    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
    }

    static func app(models: [String]) -> String {
        """
        import SwiftUI
        import SwiftData

        @main
        struct WayfarerApp: App {
            var sharedModelContainer: ModelContainer = {
                let schema = Schema([
                    \(models.map { "\($0).self" }.joined(separator: ", ")),
                ])
                let modelConfiguration = ModelConfiguration(
                    schema: schema, isStoredInMemoryOnly: false,
                    cloudKitDatabase: .private("\(container)"))
                do {
                    return try ModelContainer(for: schema, configurations: [modelConfiguration])
                } catch {
                    fatalError("Could not create ModelContainer: \\(error)")
                }
            }()

            var body: some Scene {
                WindowGroup { TripListView() }
                    .modelContainer(sharedModelContainer)
            }
        }

        """
    }

    static let trip = """
        import Foundation
        import SwiftData

        @Model
        final class Trip {
            var title: String = ""
            var startDate: Date = Date.now
            var endDate: Date?
            var notes: String?
            @Relationship(deleteRule: .cascade, inverse: \\JournalEntry.trip)
            var entries: [JournalEntry]? = []

            init(title: String = "", startDate: Date = .now) {
                self.title = title
                self.startDate = startDate
            }
        }

        """

    static let journalEntry = """
        import Foundation
        import SwiftData

        @Model
        final class JournalEntry {
            var text: String = ""
            var writtenAt: Date = Date.now
            var trip: Trip?
            @Relationship(deleteRule: .cascade, inverse: \\Photo.entry)
            var photos: [Photo]? = []
            @Relationship(inverse: \\Place.entries)
            var place: Place?

            init(text: String = "") { self.text = text }
        }

        """

    static let photo = """
        import Foundation
        import SwiftData

        @Model
        final class Photo {
            @Attribute(.externalStorage) var imageData: Data?
            var caption: String?
            var entry: JournalEntry?

            init(imageData: Data? = nil) { self.imageData = imageData }
        }

        """

    static let place = """
        import Foundation
        import SwiftData

        @Model
        final class Place {
            var name: String = ""
            var latitude: Double = 0
            var longitude: Double = 0
            var entries: [JournalEntry]? = []

            init(name: String = "") { self.name = name }
        }

        """

    /// Xcode's SwiftData template preview: an in-memory container that, with CloudKit
    /// entitlements, can sync (lint's test-configuration-syncs).
    static let stockPreview = ".modelContainer(for: Trip.self, inMemory: true)"
    /// The fix lint names: a configuration that never syncs.
    static let safePreview = ".modelContainer(try! ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none)))"

    static func tripList(preview: String) -> String {
        """
        import SwiftUI
        import SwiftData

        struct TripListView: View {
            @Query(sort: \\Trip.startDate, order: .reverse) private var trips: [Trip]
            @Environment(\\.modelContext) private var modelContext

            var body: some View {
                NavigationStack {
                    List(trips) { trip in
                        Text(trip.title)
                    }
                    .toolbar {
                        Button("Add", systemImage: "plus") { modelContext.insert(Trip(title: "New trip")) }
                    }
                }
            }
        }

        #Preview {
            TripListView()
                \(preview)
        }

        """
    }

    static func about(_ title: String) -> String {
        """
        import SwiftUI

        struct AboutView: View {
            var body: some View {
                Text("\(title)")
            }
        }

        #Preview {
            AboutView()
        }

        """
    }
}
