import Foundation
import TestSupport
import Testing

/// The plugins run the tool where the user ran `swift package`: from an app repository's
/// root with the tools package elsewhere (`--package-path Tools`), relative paths mean what
/// the user typed, no arguments means the zero-configuration lint, and `--target` can name
/// the app's Xcode target.
@Suite(.serialized, .waitsOnProcesses) struct PluginWorkingDirectoryTests {
    var consumer: ConsumerPackage { get throws { try ConsumerPackage.shared.get() } }

    /// An Xcode-shaped app (project, entitlements, models, a view with the stock preview)
    /// outside the consumer package, without a configuration file.
    func app() -> TemporaryDirectory {
        let directory = TemporaryDirectory("plugin-app")
        directory.write("Pantry.xcodeproj/project.pbxproj", XcodeProjectFixture.pbxproj(project: ["SDKROOT": "iphoneos"], targets: [
            XcodeProjectFixture.Target("Pantry", ["DEVELOPMENT_TEAM": "ABCDE12345", "CODE_SIGN_ENTITLEMENTS": "Pantry/Pantry.entitlements"],
                                       synchronizedFolders: ["Pantry"]),
        ]))
        directory.write("Pantry/Pantry.entitlements", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>com.apple.developer.icloud-container-identifiers</key><array><string>iCloud.com.example.pantry</string></array>
            <key>com.apple.developer.icloud-services</key><array><string>CloudKit</string></array>
            </dict></plist>
            """)
        directory.write("Pantry/Models/Item.swift", ConsumerPackage.itemModel)
        directory.write("Pantry/PantryApp.swift", """
            import SwiftUI
            import SwiftData
            @main struct PantryApp: App {
                var body: some Scene { WindowGroup { Text("") }.modelContainer(for: Item.self) }
            }
            """)
        directory.write("Pantry/Views/ItemView.swift", """
            import SwiftUI
            import SwiftData
            #Preview { Text("").modelContainer(for: Item.self, inMemory: true) }
            """)
        return directory
    }

    @Test func relativeModelPathsMeanWhatTheUserTyped() throws {
        let app = app()
        let run = try consumer.swiftPackage([], "lint-models", ["--models", "Pantry/Models"], in: app.path)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("Linted 1 model(s)"), "\(run.output)")
    }

    @Test func noArgumentsLintsWhatTheProjectSays() throws {
        let app = app()
        let run = try consumer.swiftPackage([], "lint-models", [], in: app.path)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("Linted 1 model(s)") && run.stdout.contains("(2 configure a store)"), "\(run.output)")
        #expect(run.stdout.contains("[test-configuration-syncs]"), "the stock preview is a warning: \(run.output)")
    }

    @Test func targetNamesTheAppsXcodeTarget() throws {
        let app = app()
        let run = try consumer.swiftPackage([], "lint-models", ["--target", "Pantry"], in: app.path)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("Linted 1 model(s)"), "\(run.output)")
    }
}
