import Foundation
import ModelSource
import TestSupport
import Testing
@testable import SchemaGate

/// Xcode's Core Data + CloudKit template (`Persistence.swift`, its exact text in
/// Fixtures/Lint/CoreDataTemplate): the app's store syncs, and the preview's store, the same
/// description made in memory with `/dev/null` inside `if inMemory`, keeps the CloudKit
/// options: the counterpart of `test-configuration-syncs` (Docs/StoreConfigurationRules.md).
@Suite struct CoreDataTemplateTests {
    static let template = (try? String(contentsOfFile: lintFixture("CoreDataTemplate/Persistence.swift"), encoding: .utf8)) ?? ""
    static let defaultDescription = "NSPersistentCloudKitContainer's default store description"

    /// The fix, followed exactly: `cloudKitContainerOptions = nil` on that description, next
    /// to its url, inside the same if.
    static let fixed = template.replacingOccurrences(
        of: "            container.persistentStoreDescriptions.first!.url = URL(fileURLWithPath: \"/dev/null\")\n",
        with: "            container.persistentStoreDescriptions.first!.url = URL(fileURLWithPath: \"/dev/null\")\n"
            + "            container.persistentStoreDescriptions.first!.cloudKitContainerOptions = nil\n")

    func findings(_ text: String) -> [Finding] {
        let file = SwiftSourceFile(path: "Pantry/Persistence.swift", contents: Array(text.utf8))
        return lint(TestConfigurationSyncsRule(), LintInput(model: AppModel(), swiftSources: [file]))
    }

    @Test func theAppsStoreSyncsAndThePreviewsStoreIsItInMemory() throws {
        let stores = StoreSites.read(Array(Self.template.utf8)).coreDataStores
        #expect(stores.count == 1, "\(stores)")
        let store = try #require(stores.first)
        #expect(store.cloudKitContainer && store.modelName == "Model")
        #expect(store.sync == .automatic && store.spelling == Self.defaultDescription)
        let memory = try #require(store.inMemory)
        #expect(memory.line == 37 && memory.conditional && memory.sync == .automatic && memory.spelling == Self.defaultDescription)
    }

    @Test func theTemplateGetsTheWarningWithTheCoreDataFix() throws {
        let found = findings(Self.template)
        #expect(found.map(\.line) == [37], "\(found)")
        let finding = try #require(found.first)
        #expect(finding.severity == .warning, "not settled by the evidence: at most a warning")
        #expect(finding.fix == TestConfigurationSyncsRule.coreDataFix)
        #expect(finding.message.contains("keeps its CloudKit options (\(Self.defaultDescription))"), "\(finding.message)")
    }

    /// Following the fix silences the finding and leaves the app's store syncing: the nil is
    /// the in-memory store's alone.
    @Test func followingTheFixSilencesItAndTheAppsStoreStillSyncs() throws {
        #expect(Self.fixed != Self.template)
        #expect(findings(Self.fixed).isEmpty)
        let store = try #require(StoreSites.read(Array(Self.fixed.utf8)).coreDataStores.first)
        #expect(store.sync == .automatic, "the app's store syncs: \(store)")
        #expect(store.inMemory?.sync == ModelStore.Sync.none)
    }

    /// A nil outside the if turns mirroring off for the app's store too: the app's store no
    /// longer syncs (and neither does the scratch store).
    @Test func aNilOutsideTheIfIsTheAppsStoresToo() throws {
        let text = Self.template.replacingOccurrences(
            of: "        container.viewContext.automaticallyMergesChangesFromParent = true\n",
            with: "        container.persistentStoreDescriptions.first!.cloudKitContainerOptions = nil\n")
        let store = try #require(StoreSites.read(Array(text.utf8)).coreDataStores.first)
        #expect(store.sync == ModelStore.Sync.none && store.inMemory?.sync == ModelStore.Sync.none)
        #expect(findings(text).isEmpty)
    }

    /// lint counts the file as one that configures a store.
    @Test func lintScansTheTemplate() throws {
        let directory = TemporaryDirectory("core-data-template")
        directory.write("Pantry/Persistence.swift", Self.template)
        let report = try LintRunner(reader: noModels, rules: [TestConfigurationSyncsRule()]).run(LintRequest(
            paths: [directory.path], workingDirectory: directory.path, environment: [:]))
        #expect(report.notes.contains { $0.contains("(1 configure a store)") }, "\(report.notes)")
        #expect(report.findings.map(\.line) == [37])
    }
}
