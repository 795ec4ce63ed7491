import Foundation
import ModelSource
import Testing
import TestSupport
@testable import SchemaGate

/// The store-membership rule of Docs/StoreMembership.md over the ways an app spells its
/// stores: which models sync, and into which container, read from the code that builds them.
@Suite struct StoreMembershipTests {
    static let models = """
    import SwiftData
    @Model final class Item {
        var title: String = ""
        var tags: [Tag]? = []
        init() {}
    }
    @Model final class Tag {
        var name: String = ""
        var items: [Item]? = []
        init() {}
    }
    @Model final class Draft {
        var body: String = ""
        init() {}
    }
    """

    static func model(_ sources: [String: String]) -> AppModel {
        ModelReader.read(files: ([("App/Models.swift", models)] + sources.map { ($0.key, $0.value) })
            .map { ModelSourceFile(path: $0.0, contents: Array($0.1.utf8)) })
    }

    static func membership(_ store: String, localModels: [String] = []) -> StoreMembership {
        StoreMembership(model: model(["App/Store.swift": store]), localModels: localModels)
    }

    /// `model -> where it syncs`: `local`, `every` (every checked container), or the containers.
    static func placements(_ membership: StoreMembership) -> [String: String] {
        var result: [String: String] = [:]
        for name in ["Item", "Tag", "Draft"] {
            let placement = membership.placement(of: name)
            if placement.local != nil {
                result[name] = "local"
            } else if placement.everyContainer != nil {
                result[name] = "every"
            } else {
                result[name] = placement.containers.sorted().joined(separator: ",")
            }
        }
        return result
    }

    static func placements(_ store: String, localModels: [String] = []) -> [String: String] {
        placements(membership(store, localModels: localModels))
    }

    @Test func inlineConfigurationsSayWhereEachSchemaSyncs() {
        let store = """
        let container = try! ModelContainer(
            for: Schema([Item.self, Draft.self]),
            configurations: ModelConfiguration("Cloud", schema: Schema([Item.self]), cloudKitDatabase: .private("iCloud.com.example.a")),
                ModelConfiguration("Local", schema: Schema([Draft.self]), cloudKitDatabase: .none))
        """
        // Tag is reached from Item: it lives in Item's store.
        #expect(Self.placements(store) == ["Item": "iCloud.com.example.a", "Tag": "iCloud.com.example.a", "Draft": "local"])
    }

    /// Issue 27 case 1's spelling: the configuration given through a `let` reads as if inline.
    @Test func aConfigurationThroughALetReadsAsInline() {
        let store = """
        enum Stores {
            static func make() throws -> ModelContainer {
                let schema = Schema([Item.self, Draft.self])
                let cloud = ModelConfiguration(schema: Schema([Item.self]), cloudKitDatabase: .private("iCloud.com.example.a"))
                let local = ModelConfiguration(schema: Schema([Draft.self]), url: URL.documentsDirectory.appending(path: "local.store"), cloudKitDatabase: .none)
                return try ModelContainer(for: schema, configurations: [cloud, local])
            }
        }
        """
        #expect(Self.placements(store) == ["Item": "iCloud.com.example.a", "Tag": "iCloud.com.example.a", "Draft": "local"])
        // `.init(...)` given to a variable annotated with the type.
        let annotated = """
        let local: ModelConfiguration = .init(schema: Schema([Draft.self]), cloudKitDatabase: .none)
        let container = try! ModelContainer(for: Draft.self, configurations: local)
        """
        #expect(Self.placements(annotated)["Draft"] == "local")
    }

    @Test func aConfigurationInAnotherFileIsFollowedByName() {
        let model = Self.model([
            "App/Configurations.swift": """
            enum Configurations {
                static let local = ModelConfiguration("Local", schema: Schema([Draft.self]), groupContainer: .identifier("group.com.example"), cloudKitDatabase: .none)
                static let cloud = ModelConfiguration("Cloud", schema: Schema([Item.self]), cloudKitDatabase: .private("iCloud.com.example.a"))
            }
            """,
            "App/Store.swift": "let container = try! ModelContainer(for: AppSchema.all, configurations: Configurations.local, Configurations.cloud)",
            "App/AppSchema.swift": "enum AppSchema { static let all = Schema([Item.self, Draft.self]) }",
        ])
        #expect(model.registrationIsComplete)
        #expect(Self.placements(StoreMembership(model: model)) == ["Item": "iCloud.com.example.a", "Tag": "iCloud.com.example.a", "Draft": "local"])
    }

    @Test func aVersionedSchemaGivesTheActiveVersionsModels() {
        let store = """
        enum SchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Item.self, Draft.self] }
        }
        enum Plan: SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }
            static var stages: [MigrationStage] { [] }
        }
        let container = try! ModelContainer(
            for: Schema(versionedSchema: SchemaV1.self), migrationPlan: Plan.self,
            configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.a")))
        """
        #expect(Self.placements(store) == ["Item": "iCloud.com.example.a", "Tag": "iCloud.com.example.a", "Draft": "iCloud.com.example.a"])
    }

    @Test func severalContainersEachHoldTheirOwnModels() {
        let store = """
        let notes = try! ModelContainer(for: Draft.self, configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.notes")))
        let items = try! ModelContainer(for: Item.self, configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.a")))
        """
        let membership = Self.membership(store)
        #expect(Self.placements(membership) == ["Item": "iCloud.com.example.a", "Tag": "iCloud.com.example.a", "Draft": "iCloud.com.example.notes"])
        #expect(membership.isRequired("Draft", in: "iCloud.com.example.notes") && !membership.isRequired("Draft", in: "iCloud.com.example.a"))
    }

    @Test func automaticByNameOrOmissionIsEveryContainer() {
        for store in [
            "let c = try! ModelContainer(for: Item.self, Draft.self)",
            "let c = try! ModelContainer(for: Item.self, Draft.self, configurations: ModelConfiguration(cloudKitDatabase: .automatic))",
            "let c = try! ModelContainer(for: Item.self, Draft.self, configurations: ModelConfiguration(isStoredInMemoryOnly: false))",
            "struct V: View { var body: some View { Text(\"\").modelContainer(for: [Item.self, Draft.self]) } }",
        ] {
            let membership = Self.membership(store)
            #expect(Self.placements(membership) == ["Item": "every", "Tag": "every", "Draft": "every"], "\(store)")
            guard case .automatic? = membership.placement(of: "Item").everyContainer else {
                Issue.record("\(store): not read as .automatic")
                continue
            }
        }
    }

    @Test func aPrivateContainerNamedThroughALetOfTheFile() {
        let store = """
        enum Sync {
            static let containerID = "iCloud.com.example.a"
            static let container = try! ModelContainer(for: Item.self, configurations: ModelConfiguration(cloudKitDatabase: .private(Self.containerID)))
        }
        """
        #expect(Self.placements(store)["Item"] == "iCloud.com.example.a")
    }

    @Test func whatTheCodeDoesNotSettleIsEveryContainerUnlessDeclaredLocal() {
        let unknown = "let c = try! ModelContainer(for: Draft.self, configurations: ModelConfiguration(cloudKitDatabase: Settings.database))"
        #expect(Self.placements(unknown)["Draft"] == "every")
        guard case .unsettled? = Self.membership(unknown).placement(of: "Draft").everyContainer else {
            Issue.record("not unsettled")
            return
        }
        #expect(Self.placements(unknown, localModels: ["Draft"])["Draft"] == "local")
        // A condition between .none and one literal container: when it syncs, it syncs there.
        let conditional = "let c = try! ModelContainer(for: Draft.self, configurations: ModelConfiguration(cloudKitDatabase: sync ? .private(\"iCloud.com.example.a\") : .none))"
        #expect(Self.placements(conditional)["Draft"] == "iCloud.com.example.a")
    }

    /// `localModels` never makes local what the code syncs: the model stays required and a
    /// finding says why.
    @Test func localModelsDoNotOverrideCodeThatSyncs() {
        let store = "let c = try! ModelContainer(for: Draft.self, configurations: ModelConfiguration(cloudKitDatabase: .private(\"iCloud.com.example.a\")))"
        let membership = Self.membership(store, localModels: ["Draft", "Ghost"])
        #expect(Self.placements(membership)["Draft"] == "iCloud.com.example.a")
        #expect(membership.findings.map(\.code) == ["local-models-mismatch", "local-models-mismatch"])
        #expect(membership.findings.first?.message.contains("localModels lists Draft, but") == true)
        #expect(membership.findings.last?.message.contains("Ghost") == true)
    }

    /// Stores in memory, in a `#Preview` or in test code are not the app's: they make no
    /// model local (nor synced).
    @Test func inMemoryPreviewAndTestStoresAreNotTheApps() {
        let model = Self.model([
            "App/Store.swift": """
            let c = try! ModelContainer(for: Item.self, Draft.self, configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.a")))
            let scratch = try! ModelContainer(for: Draft.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none))
            #Preview { Text("").modelContainer(try! ModelContainer(for: Draft.self, configurations: ModelConfiguration(cloudKitDatabase: .none))) }
            """,
            "AppTests/DraftTests.swift": """
            import XCTest
            @Model final class FixtureRecord { var name: String = ""; init() {} }
            final class DraftTests: XCTestCase {
                func testDraft() throws {
                    let configuration = ModelConfiguration(cloudKitDatabase: .none)
                    _ = try ModelContainer(for: Draft.self, FixtureRecord.self, configurations: configuration)
                }
            }
            """,
        ])
        #expect(model.entities.map(\.name).sorted() == ["Draft", "Item", "Tag"], "test code declares no app model")
        #expect(model.stores.count == 1)
        #expect(Self.placements(StoreMembership(model: model)) == ["Item": "iCloud.com.example.a", "Tag": "iCloud.com.example.a", "Draft": "iCloud.com.example.a"])
    }

    @Test func noStoreReadIsEveryContainerAndSaysSo() {
        let model = Self.model(["App/Schema.swift": "let schema = Schema([Item.self, Draft.self])"])
        let membership = StoreMembership(model: model)
        #expect(Self.placements(membership) == ["Item": "every", "Tag": "every", "Draft": "every"])
        let notes = membership.notes(for: model.entities, container: "iCloud.a", checked: ["iCloud.a"])
        #expect(notes.count == 1)
        #expect(notes.first?.contains("no code that builds a store") == true)
        #expect(notes.first?.contains("localModels") == true)
    }

    @Test func aContainerThatIsNotCheckedIsAnError() {
        let store = "let c = try! ModelContainer(for: Draft.self, configurations: ModelConfiguration(cloudKitDatabase: .private(\"iCloud.com.example.notes\")))"
        let model = Self.model(["App/Store.swift": store])
        let findings = StoreMembership(model: model).uncheckedContainerFindings(checked: ["iCloud.com.example.a"], entities: model.entities)
        #expect(findings.map(\.code) == ["unchecked-container"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("Draft syncs into iCloud.com.example.notes") == true)
        #expect(findings.first?.fix?.contains("{\"id\": \"iCloud.com.example.notes\"}") == true)
    }

    /// The scaffold registers every declared model when a registration is not followed:
    /// the followed subset would leave the rest out of Development.
    @Test func theScaffoldRegistersEveryModelWhenARegistrationIsNotFollowed() throws {
        let directory = TemporaryDirectory("scaffold-unfollowed")
        directory.write("App/Models.swift", Self.models)
        directory.write("App/Store.swift", "let app = try! ModelContainer(for: Schema(AppSchema.models()))\nlet widget = try! ModelContainer(for: Item.self)\n")
        let models = try RegisteredModelTypes.find(modelPaths: [directory.file("App")], workingDirectory: directory.path)
        #expect(models == .types(["Item", "Tag", "Draft"]))
    }

    // MARK: - Core Data

    static let coreDataModel = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
        <entity name="Note" representedClassName="Note" syncable="YES">
            <attribute name="text" optional="YES" attributeType="String"/>
        </entity>
        <entity name="CacheEntry" representedClassName="CacheEntry" syncable="YES">
            <attribute name="key" attributeType="String"/>
        </entity>
        <configuration name="Cloud" usedWithCloudKit="YES">
            <memberEntity name="Note"/>
        </configuration>
        <configuration name="Local">
            <memberEntity name="CacheEntry"/>
        </configuration>
    </model>
    """

    static func coreData(_ stack: String?, localModels: [String] = []) -> [String: String] {
        var files = [ModelSourceFile(path: "App/Notes.xcdatamodeld/Notes.xcdatamodel/contents", contents: Array(coreDataModel.utf8))]
        if let stack { files.append(ModelSourceFile(path: "App/Persistence.swift", contents: Array(stack.utf8))) }
        let membership = StoreMembership(model: ModelReader.read(files: files), localModels: localModels)
        var result: [String: String] = [:]
        for name in ["Note", "CacheEntry"] {
            let placement = membership.placement(of: name)
            result[name] = placement.local != nil ? "local" : placement.everyContainer != nil ? "every" : placement.containers.sorted().joined(separator: ",")
        }
        return result
    }

    @Test func coreDataStoreDescriptionsSayWhatSyncs() {
        // A plain container never mirrors.
        #expect(Self.coreData("let container = NSPersistentContainer(name: \"Notes\")") == ["Note": "local", "CacheEntry": "local"])
        // NSPersistentCloudKitContainer's default description: the first container of the entitlements.
        #expect(Self.coreData("let container = NSPersistentCloudKitContainer(name: \"Notes\")") == ["Note": "every", "CacheEntry": "every"])
        // Its default description with mirroring turned off.
        #expect(Self.coreData("""
        let container = NSPersistentCloudKitContainer(name: "Notes")
        container.persistentStoreDescriptions.first?.cloudKitContainerOptions = nil
        """) == ["Note": "local", "CacheEntry": "local"])
        // Two descriptions, one per configuration: the cloud one names its container.
        #expect(Self.coreData("""
        let container = NSPersistentCloudKitContainer(name: "Notes")
        let cloud = NSPersistentStoreDescription(url: cloudURL)
        cloud.configuration = "Cloud"
        let options = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.com.example.notes")
        cloud.cloudKitContainerOptions = options
        let local = NSPersistentStoreDescription(url: localURL)
        local.configuration = "Local"
        container.persistentStoreDescriptions = [cloud, local]
        """) == ["Note": "iCloud.com.example.notes", "CacheEntry": "local"])
        // The default description given a configuration and options; the local store added.
        #expect(Self.coreData("""
        let container = NSPersistentCloudKitContainer(name: "Notes")
        guard let description = container.persistentStoreDescriptions.first else { fatalError() }
        description.configuration = "Cloud"
        description.cloudKitContainerOptions = NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.com.example.notes")
        let local = NSPersistentStoreDescription(url: localURL)
        local.configuration = "Local"
        container.persistentStoreDescriptions.append(local)
        """) == ["Note": "iCloud.com.example.notes", "CacheEntry": "local"])
        // Options the code does not settle.
        #expect(Self.coreData("""
        let container = NSPersistentCloudKitContainer(name: "Notes")
        container.persistentStoreDescriptions.first?.cloudKitContainerOptions = Settings.options
        """) == ["Note": "every", "CacheEntry": "every"])
    }

    /// Without the code that sets the stores up, the "Used with CloudKit" flag decides
    /// nothing: every entity is expected (and the note says how to settle it).
    @Test func coreDataWithoutStoreCodeIsEveryContainer() {
        #expect(Self.coreData(nil) == ["Note": "every", "CacheEntry": "every"])
        #expect(Self.coreData(nil, localModels: ["CacheEntry"]) == ["Note": "every", "CacheEntry": "local"])
    }
}
