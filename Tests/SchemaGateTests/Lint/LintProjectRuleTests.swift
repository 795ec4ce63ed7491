import Foundation
import ModelSource
import Testing
@testable import SchemaGate

/// Configuration traps in real files: for every project rule, a `fail` folder whose marked
/// lines must be reported (rule id and line) and a `pass` folder that must stay clean.
@Suite struct LintProjectRuleTests {
    static let rules: [any LintRule] = LintRuleCatalog.projectRules

    @Test(arguments: LintRuleCatalog.projectRules.map { type(of: $0).info.id })
    func failingFixtureReportsEveryMarkedLine(rule id: String) throws {
        let root = lintFixture("Project/\(id)/fail")
        let expected = expectedPlaces(of: id, under: root)
        #expect(!expected.isEmpty, "the fail fixture must mark at least one line")
        let report = try run(id, root)
        #expect(report.findings.allSatisfy { $0.code == id })
        #expect(report.findings.map { "\($0.file!):\($0.line!)" }.sorted() == expected)
        #expect(report.status == (LintRuleCatalog.info(for: id)!.severity == .error ? .fail : .pass))
    }

    @Test(arguments: LintRuleCatalog.projectRules.map { type(of: $0).info.id })
    func passingFixtureIsClean(rule id: String) throws {
        let report = try run(id, lintFixture("Project/\(id)/pass"))
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        #expect(report.status == .pass)
    }

    @Test func automaticDatabaseNeedsAnICloudEntitlement() throws {
        let root = lintFixture("Project/automatic-cloudkit-database/fail")
        // The Swift files alone: no entitlements in scope, so nothing says the app syncs.
        let report = try run("automatic-cloudkit-database", root + "/Cubby/CubbyApp.swift", workingDirectory: root)
        #expect(report.findings.isEmpty)
        // --project brings the entitlements in when only the Swift file is linted (a staged file).
        let withProject = try LintRunner(reader: noModels, rules: [AutomaticCloudKitDatabaseRule()]).run(LintRequest(
            paths: ["Cubby/CubbyApp.swift"], projectDirectories: ["."], workingDirectory: root, environment: [:]))
        #expect(withProject.findings.map(\.line) == [11, 17, 23, 27])
        #expect(withProject.findings.first?.message.contains("iCloud.com.example.cubby") == true)
    }

    @Test func testConfigurationsAreFineInAnAppWithoutICloud() throws {
        let source = SwiftSourceFile(path: "AppTests/T.swift", contents: Array("import XCTest\nlet c = ModelConfiguration(isStoredInMemoryOnly: true)\n".utf8))
        let noICloud = PropertyListFile(path: "App/App.entitlements", kind: .entitlements, values: ["com.apple.security.app-sandbox": .other])
        #expect(TestConfigurationSyncsRule().check(LintInput(model: AppModel(), swiftSources: [source], propertyLists: [noICloud])).isEmpty)
        // Unknown (no entitlements in scope): reported, it costs one argument to be safe.
        #expect(TestConfigurationSyncsRule().check(LintInput(model: AppModel(), swiftSources: [source])).map(\.line) == [2])
    }

    /// A regex literal holding `"""` once hid the in-memory configuration after it.
    @Test func aRegexLiteralDoesNotHideATestConfiguration() throws {
        let text = "import XCTest\nlet quote = #/\"\"\"/#\nlet c = ModelConfiguration(isStoredInMemoryOnly: true)\n"
        let source = SwiftSourceFile(path: "AppTests/T.swift", contents: Array(text.utf8))
        let violations = TestConfigurationSyncsRule().check(LintInput(model: AppModel(), swiftSources: [source]))
        #expect(violations.map(\.line) == [3])
    }

    @Test func remoteNotificationInAParentFolderInfoPlistCounts() throws {
        let entitlements = PropertyListFile(path: "App/Config/App.entitlements", kind: .entitlements, values: [
            "com.apple.developer.icloud-services": .array([.string("CloudKit")])])
        let info = PropertyListFile(path: "App/Info.plist", kind: .infoPlist, values: [
            "UIBackgroundModes": .array([.string("remote-notification")])])
        #expect(MissingRemoteNotificationRule().check(LintInput(model: AppModel(), propertyLists: [entitlements, info])).isEmpty)
        let alone = MissingRemoteNotificationRule().check(LintInput(model: AppModel(), propertyLists: [entitlements]))
        #expect(alone.first?.message.contains("no Info.plist next to it") == true)
    }

    func run(_ id: String, _ path: String, workingDirectory: String? = nil) throws -> Report {
        let rule = try #require(LintRuleCatalog.all.first { type(of: $0).info.id == id })
        return try LintRunner(reader: noModels, rules: [rule]).run(LintRequest(
            paths: [path], workingDirectory: workingDirectory ?? path, environment: [:]))
    }
}
