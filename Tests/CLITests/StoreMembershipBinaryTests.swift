import Foundation
import Testing
import TestSupport

/// Which models sync, and where, through the real binary with a fake `xcrun`: issue 27
/// cases 1 and 2 (a test-only or local-only model is neither required in Production nor
/// linted against CloudKit's rules) and issue 26 item 5 (a registration the reader cannot
/// follow is never hidden by a subset it can).
@Suite(.waitsOnProcesses) struct StoreMembershipBinaryTests {
    static let container = Pantry.container

    /// Runs the built executable in the repository, with the fake xcrun and nothing of the
    /// machine's CloudKit variables.
    static func run(_ arguments: [String], in repo: FixtureRepository, fake: FakeXcrun) throws -> TestSupport.ProcessResult {
        var environment: [String: String?] = fake.environment().mapValues { $0 }
        for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "GITHUB_STEP_SUMMARY"] {
            environment.updateValue(nil, forKey: name)
        }
        return try runProcess(cloudkitSchemaBinary, arguments, in: repo.path, environment: environment)
    }

    static let entitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>com.apple.developer.icloud-container-identifiers</key>
        <array><string>\(container)</string></array>
        <key>com.apple.developer.icloud-services</key>
        <array><string>CloudKit</string></array>
    </dict>
    </plist>
    """

    /// Issue 27 case 1: a model only test code declares and stores (through a `let`, in a
    /// store that never syncs) is not required in Production, with the model paths the
    /// project survey finds (the Xcode test target is not among them) and with the test
    /// folder configured as a model path.
    @Test func aTestOnlyModelIsNotRequiredInProduction() throws {
        let repo = try FixtureRepository("test-only-model")
        repo.write("App/Item.swift", Pantry.model)
        repo.write("App/PantryApp.swift", """
        import SwiftData
        let container = try! ModelContainer(for: Item.self, configurations: ModelConfiguration(cloudKitDatabase: .private("\(Self.container)")))
        """)
        repo.write("App/App.entitlements", Self.entitlements)
        repo.write("App.xcodeproj/project.pbxproj", XcodeProjectFixture.pbxproj(project: ["DEVELOPMENT_TEAM": Pantry.team], targets: [
            .init("App", ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.pantry"], synchronizedFolders: ["App"]),
            .init("AppTests", productType: "com.apple.product-type.bundle.unit-test", [:], synchronizedFolders: ["AppTests"]),
        ]))
        repo.write("AppTests/FixtureTests.swift", """
        import XCTest
        import SwiftData
        @testable import App

        @Model final class FixtureRecord {
            var name: String = ""
            init() {}
        }

        final class FixtureTests: XCTestCase {
            func testFixture() throws {
                let configuration = ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none)
                let container = try ModelContainer(for: FixtureRecord.self, configurations: configuration)
                XCTAssertNotNil(container)
            }
        }
        """)
        try repo.commit("app")
        let fake = FakeXcrun(development: Pantry.development, production: Pantry.productionComplete)

        let zeroConfiguration = try Self.run(["check"], in: repo, fake: fake)
        #expect(zeroConfiguration.status == 0, "\(zeroConfiguration.stdout)\(zeroConfiguration.stderr)")
        #expect(!zeroConfiguration.stdout.contains("FixtureRecord"))

        repo.write(".cloudkit-schema.json", "{ \"modelPaths\": [\"App\", \"AppTests\"] }")
        let configured = try Self.run(["check"], in: repo, fake: fake)
        #expect(configured.status == 0, "\(configured.stdout)\(configured.stderr)")
        #expect(!configured.stdout.contains("FixtureRecord"))
    }

    static let draft = """
    import SwiftData

    @Model final class Draft {
        var body: String
        @Attribute(.unique) var key: String = ""
        init(body: String) { self.body = body }
    }
    """

    /// Issue 27 case 2 (SwiftData): a model only a `cloudKitDatabase: .none` store holds gets
    /// no CloudKit finding from lint and is not required in Production by check.
    @Test func aLocalOnlySwiftDataModelIsNeitherLintedNorRequired() throws {
        let repo = try FixtureRepository("local-only-swiftdata")
        repo.write(".cloudkit-schema.json", Pantry.configuration)
        repo.write("App/Models/Item.swift", Pantry.model)
        repo.write("App/Models/Draft.swift", Self.draft)
        repo.write("App/Models/Stores.swift", """
        import Foundation
        import SwiftData

        enum Stores {
            static func make() throws -> ModelContainer {
                let schema = Schema([Item.self, Draft.self])
                let cloud = ModelConfiguration("Cloud", schema: Schema([Item.self]), cloudKitDatabase: .private("\(Self.container)"))
                let local = ModelConfiguration("Local", schema: Schema([Draft.self]), url: URL.documentsDirectory.appending(path: "drafts.store"), cloudKitDatabase: .none)
                return try ModelContainer(for: schema, configurations: [cloud, local])
            }
        }
        """)
        let fake = FakeXcrun(development: Pantry.development, production: Pantry.productionComplete)
        let lint = try Self.run(["lint"], in: repo, fake: fake)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(!lint.stdout.contains("required-attribute") && !lint.stdout.contains("unique-constraint"))
        #expect(lint.stdout.contains("Not linted against CloudKit's model rules (local: no store that holds them syncs): Draft."))
        let check = try Self.run(["check"], in: repo, fake: fake)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains("CD_Draft"))
        #expect(check.stdout.contains("Stores: Draft is local"))
    }

    /// Issue 27 case 2 (Core Data): an entity only a store description without CloudKit
    /// options holds, and every entity of a plain `NSPersistentContainer`, are local.
    @Test func aLocalOnlyCoreDataEntityIsNeitherLintedNorRequired() throws {
        let repo = try FixtureRepository("local-only-coredata")
        repo.write(".cloudkit-schema.json", """
        { "teamId": "\(Pantry.team)", "containers": [{ "id": "\(Self.container)" }], "modelPaths": ["App"] }
        """)
        repo.write("App/Pantry.xcdatamodeld/Pantry.xcdatamodel/contents", """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="23A344" minimumToolsVersion="Automatic" sourceLanguage="Swift">
            <entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="class">
                <attribute name="addedAt" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="notes" optional="YES" attributeType="String"/>
                <attribute name="quantity" optional="YES" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
            </entity>
            <entity name="CacheEntry" representedClassName="CacheEntry" syncable="YES" codeGenerationType="class">
                <attribute name="key" attributeType="String"/>
                <uniquenessConstraints><uniquenessConstraint><constraint value="key"/></uniquenessConstraint></uniquenessConstraints>
            </entity>
            <configuration name="Cloud"><memberEntity name="Item"/></configuration>
            <configuration name="Local"><memberEntity name="CacheEntry"/></configuration>
        </model>
        """)
        repo.write("App/Persistence.swift", """
        import CoreData

        final class Persistence {
            let container = NSPersistentCloudKitContainer(name: "Pantry")

            init() {
                let directory = NSPersistentContainer.defaultDirectoryURL()
                let cloud = NSPersistentStoreDescription(url: directory.appendingPathComponent("Cloud.sqlite"))
                cloud.configuration = "Cloud"
                cloud.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "\(Self.container)")
                let local = NSPersistentStoreDescription(url: directory.appendingPathComponent("Local.sqlite"))
                local.configuration = "Local"
                container.persistentStoreDescriptions = [cloud, local]
                container.loadPersistentStores { _, error in precondition(error == nil) }
            }
        }
        """)
        let fake = FakeXcrun(development: Pantry.development, production: Pantry.productionComplete)
        let lint = try Self.run(["lint"], in: repo, fake: fake)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(!lint.stdout.contains("required-attribute") && !lint.stdout.contains("unique-constraint"))
        #expect(lint.stdout.contains("(local: no store that holds them syncs): CacheEntry."))
        let check = try Self.run(["check"], in: repo, fake: fake)
        #expect(!check.stdout.contains("CD_CacheEntry"), "\(check.stdout)")
        #expect(check.stdout.contains("Stores: CacheEntry is local"))
    }

    /// Issue 26 item 5: the app registers Item and Tag through a helper the reader cannot
    /// follow; a widget registers Item directly. The widget's subset is not the app's
    /// registration: Tag is required (the gate fails while Production lacks CD_Tag), no
    /// warning says Tag will not sync, and the report names the call not followed.
    @Test func aFollowedSubsetDoesNotHideTheRegistrationNotFollowed() throws {
        let repo = try FixtureRepository("hidden-registration")
        repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(of: "\"modelPaths\": [\"App/Models\"]", with: "\"modelPaths\": [\"App/Models\", \"Widget\"]"))
        repo.write("App/Models/Tag.swift", "import SwiftData\n\n@Model final class Tag {\n    var label: String = \"\"\n    init() {}\n}\n")
        repo.write("App/Models/AppSchema.swift", """
        import SwiftData

        enum AppSchema {
            static func models() -> [any PersistentModel.Type] { [Item.self, Tag.self] }
        }

        @MainActor let appContainer = try! ModelContainer(for: Schema(AppSchema.models()), configurations: ModelConfiguration(cloudKitDatabase: .private("\(Self.container)")))
        """)
        repo.write("Widget/WidgetStore.swift", "import SwiftData\n\nlet widgetContainer = try! ModelContainer(for: Item.self)\n")
        try Pantry.release(repo, model: "App/Models/Item.swift", thenAddNotes: true)
        let fake = FakeXcrun(development: Pantry.development, production: Pantry.productionComplete)
        let gate = try Self.run(["gate"], in: repo, fake: fake)
        #expect(gate.status == 1, "\(gate.stdout)\(gate.stderr)")
        #expect(gate.stdout.contains("CD_Tag"))
        #expect(!gate.stdout.contains("neither registered"))
        #expect(gate.stdout.contains("App/Models/AppSchema.swift:7"))
        #expect(gate.stdout.contains("AppSchema.models()"))
    }
}
