import Foundation
import TestSupport

/// A standard Xcode app repository for the Pantry app, as Xcode 16's template and a new
/// user leave it: `Pantry.xcodeproj` (team, entitlements and a synchronized `Pantry`
/// folder), the entitlements with the iCloud container, the models in `Pantry/Models`, the
/// app file that registers them, a view with Xcode's stock `#Preview`, and no
/// `.cloudkit-schema.json`. Tag v1.0, then `notes` added to Item. A fake xcrun serves both
/// environments.
final class XcodeAppFixture: @unchecked Sendable {
    let repo: FixtureRepository
    let fake: FakeXcrun
    var path: String { repo.path }

    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>aps-environment</key>
        \t<string>development</string>
        \t<key>com.apple.developer.icloud-container-identifiers</key>
        \t<array>
        \t\t<string>\(Pantry.container)</string>
        \t</array>
        \t<key>com.apple.developer.icloud-services</key>
        \t<array>
        \t\t<string>CloudKit</string>
        \t</array>
        </dict>
        </plist>

        """

    static func app(database: String = ".private(\"\(Pantry.container)\")") -> String {
        """
        import SwiftUI
        import SwiftData

        @main
        struct PantryApp: App {
            var sharedModelContainer: ModelContainer = {
                let schema = Schema([Item.self])
                let configuration = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false, cloudKitDatabase: \(database))
                return try! ModelContainer(for: schema, configurations: [configuration])
            }()

            var body: some Scene {
                WindowGroup { ItemView() }.modelContainer(sharedModelContainer)
            }
        }

        """
    }

    /// Xcode's stock preview: an in-memory container built by the modifier.
    static let view = view(preview: ".modelContainer(for: Item.self, inMemory: true)")

    static func view(preview: String) -> String {
        """
        import SwiftUI
        import SwiftData

        struct ItemView: View {
            @Query private var items: [Item]
            var body: some View { List(items) { Text($0.name) } }
        }

        #Preview {
            ItemView()
                \(preview)
        }

        """
    }

    static func project(_ extra: [String: String] = [:]) -> String {
        XcodeProjectFixture.pbxproj(project: ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "18.0"], targets: [
            XcodeProjectFixture.Target("Pantry", [
                "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.pantry",
                "DEVELOPMENT_TEAM": Pantry.team, "CODE_SIGN_ENTITLEMENTS": "Pantry/Pantry.entitlements",
                "GENERATE_INFOPLIST_FILE": "YES", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator",
            ].merging(extra) { $1 }, synchronizedFolders: ["Pantry"], release: [:]),
        ])
    }

    init(changeModel: Bool = true, production: String = Pantry.productionMissingField) throws {
        repo = try FixtureRepository("xcode-app")
        repo.write("Pantry.xcodeproj/project.pbxproj", Self.project())
        repo.write("Pantry/Pantry.entitlements", Self.entitlements)
        repo.write("Pantry/PantryApp.swift", Self.app())
        repo.write("Pantry/Views/ItemView.swift", Self.view)
        try Pantry.release(repo, model: "Pantry/Models/Item.swift", thenAddNotes: changeModel)
        fake = FakeXcrun(development: Pantry.development, production: production)
    }

    func run(_ arguments: [String], mode: String = "ok", in subdirectory: String = "", _ extra: [String: String] = [:]) -> RunResult {
        runTool(arguments, in: subdirectory.isEmpty ? repo.path : repo.directory.file(subdirectory),
                environment: fake.environment(mode: mode, extra))
    }

    /// What the fake cktool was asked for, as `team container environment` per export.
    var exports: [String] {
        fake.calls.filter { $0.count > 1 && $0[1] == "export-schema" }.map { call in
            func value(_ flag: String) -> String { call.firstIndex(of: flag).map { call[$0 + 1] } ?? "-" }
            return "\(value("--team-id")) \(value("--container-id")) \(value("--environment"))"
        }
    }
}
