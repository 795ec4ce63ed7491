import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport
@testable import SchemaGate

@Suite struct ResolvedConfigurationTests {
    let directory = TemporaryDirectory("config")

    func load(in subdirectory: String = "", environment: [String: String] = [:], _ overrides: ConfigOverrides = ConfigOverrides()) throws(ConfigError) -> ResolvedConfiguration {
        try ResolvedConfiguration.load(workingDirectory: directory.file(subdirectory), environment: environment, overrides: overrides)
    }

    @Test func isDiscoveredByWalkingUpFromTheWorkingDirectory() throws {
        directory.write(".cloudkit-schema.json", #"{"teamId": "ABCDE12345", "modelPaths": ["App/Models"]}"#)
        directory.write("App/Sources/Deep/file.txt", "")
        // Outside a git work tree only the working directory counts (ProjectRoot)...
        #expect(try load(in: "App/Sources/Deep").file == nil)
        // ...inside one, every directory up to its root.
        try git(["init", "-q"], in: directory.path)
        let configuration = try load(in: "App/Sources/Deep")
        #expect(configuration.file == directory.file(".cloudkit-schema.json"))
        #expect(configuration.root == directory.path)
        // Paths in the file are relative to the file, not to the working directory.
        #expect(configuration.modelPaths.value == [directory.file("App/Models")])
        #expect(configuration.modelPaths.source == .file)
    }

    @Test func withoutAFileDefaultsApply() throws {
        let configuration = try load()
        #expect(configuration.file == nil)
        #expect(configuration.teamID == nil && configuration.containers.isEmpty)
        #expect(configuration.modelPaths.source == .defaultValue)
        #expect(configuration.cktoolTimeout.value == CKToolRunner.defaultTimeout)
        #expect(throws: ConfigError.self) { try configuration.requireTeamID() }
        #expect(throws: ConfigError.self) { try configuration.requireContainers() }
    }

    @Test func theConfigFlagOverridesDiscovery() throws {
        directory.write(".cloudkit-schema.json", #"{"teamId": "ABCDE12345"}"#)
        directory.write("other/custom.json", #"{"teamId": "ZYXWV98765"}"#)
        #expect(try load(ConfigOverrides(configPath: "other/custom.json")).teamID?.value == "ZYXWV98765")
        // A directory means the configuration file inside it.
        directory.write("third/.cloudkit-schema.json", #"{"teamId": "QWERT12345"}"#)
        #expect(try load(ConfigOverrides(configPath: "third")).teamID?.value == "QWERT12345")
        #expect(throws: ConfigError.notFound("missing.json")) { try load(ConfigOverrides(configPath: "missing.json")) }
    }

    @Test func precedenceIsFlagsThenEnvironmentThenFile() throws {
        directory.write(".cloudkit-schema.json", #"{"teamId": "FILEAAAAAA", "containers": [{"id": "iCloud.file"}]}"#)
        let fromFile = try load()
        #expect(fromFile.teamID == Sourced("FILEAAAAAA", .file, "teamId"))
        #expect(fromFile.containers.map(\.id) == [Sourced("iCloud.file", .file, "containers")])

        let environment = ["TEAM_ID": "ENVBBBBBBB", "CONTAINER_ID": "iCloud.env"]
        let fromEnvironment = try load(environment: environment)
        #expect(fromEnvironment.teamID == Sourced("ENVBBBBBBB", .environment, "TEAM_ID"))
        #expect(fromEnvironment.containers.map(\.id.value) == ["iCloud.env"])

        let fromFlags = try load(environment: environment, ConfigOverrides(teamID: "FLAGCCCCCC", containerIDs: ["iCloud.flag"]))
        #expect(fromFlags.teamID == Sourced("FLAGCCCCCC", .flag, "--team-id"))
        #expect(fromFlags.containers.map(\.id) == [Sourced("iCloud.flag", .flag, "--container-id")])
    }

    @Test func severalContainersAndPerContainerSettings() throws {
        directory.write("cloudkit/production.ckdb", "DEFINE SCHEMA\n")
        directory.write(".cloudkit-schema.json", """
        {"modelPaths": ["Shared"], "containers": [
          {"id": "iCloud.app", "productionSnapshot": "snapshots/app.ckdb"},
          {"id": "iCloud.widgets", "modelPaths": ["Widgets"]}
        ]}
        """)
        let all = try load()
        #expect(all.containers.map(\.id.value) == ["iCloud.app", "iCloud.widgets"])
        #expect(all.containers[0].modelPaths == [directory.file("Shared")])
        #expect(all.containers[0].productionSnapshot == .init(path: directory.file("snapshots/app.ckdb"), explicit: true))
        #expect(all.containers[1].modelPaths == [directory.file("Widgets")])
        // With several containers the conventional snapshot path is not guessed.
        #expect(all.containers[1].productionSnapshot == nil)
        #expect(throws: ConfigError.self) { try all.requireSingleContainer() }

        // CONTAINER_ID picks containers (comma-separated); the file still supplies their settings.
        let picked = try load(environment: ["CONTAINER_ID": "iCloud.widgets, iCloud.new"])
        #expect(picked.containers.map(\.id.value) == ["iCloud.widgets", "iCloud.new"])
        #expect(picked.containers[0].modelPaths == [directory.file("Widgets")])
        #expect(picked.containers[1].modelPaths == [directory.file("Shared")])
    }

    @Test func theConventionalSnapshotIsUsedWhenItExists() throws {
        directory.write(".cloudkit-schema.json", #"{"containers": [{"id": "iCloud.app"}]}"#)
        #expect(try load().containers[0].productionSnapshot == nil)
        directory.write("cloudkit/production.ckdb", "DEFINE SCHEMA\n")
        #expect(try load().containers[0].productionSnapshot == .init(path: directory.file("cloudkit/production.ckdb"), explicit: false))
    }

    @Test func modelsFlagIsRelativeToTheWorkingDirectory() throws {
        directory.write(".cloudkit-schema.json", #"{"modelPaths": ["FromFile"]}"#)
        directory.write("sub/x", "")
        let configuration = try load(in: "sub", ConfigOverrides(modelPaths: ["Models"]))
        #expect(configuration.modelPaths == Sourced([directory.file("sub/Models")], .flag, "--models"))
    }

    @Test func badEnvironmentValuesAreErrorsNamingTheVariable() throws {
        #expect {
            try load(environment: ["TEAM_ID": "not a team"])
        } throws: { error in
            (error as? ConfigError)?.message.hasPrefix("environment variable TEAM_ID: 'not a team' is not an Apple team id") == true
        }
        #expect(throws: ConfigError.self) { try load(environment: ["CONTAINER_ID": " , "]) }
        // Empty means unset (CI systems export empty variables).
        #expect(try load(environment: ["TEAM_ID": "", "CONTAINER_ID": ""]).teamID == nil)
    }

    /// A container id goes on cktool's command line: from a flag, the environment or the
    /// file, one that is not a container id is an error naming where it came from.
    @Test(arguments: ["--environment=development", "--output-file=/x", "--help", "iCloud.a b", "iCloud.a;b"])
    func containerIDsAreCheckedWhereverTheyComeFrom(id: String) {
        func message(_ body: () throws -> ResolvedConfiguration) -> String {
            do { _ = try body(); return "" } catch { return (error as? ConfigError)?.message ?? "" }
        }
        let problem = "'\(id)' is not a CloudKit container id"
        #expect(message { try load(ConfigOverrides(containerIDs: [id])) }.hasPrefix("--container-id: \(problem)"))
        if !id.contains(" ") {
            #expect(message { try load(environment: ["CONTAINER_ID": "iCloud.ok,\(id)"]) }.hasPrefix("environment variable CONTAINER_ID: \(problem)"))
        }
        directory.write(".cloudkit-schema.json", #"{"containers": [{"id": "\#(id)"}]}"#)
        #expect(message { try load() }.contains("containers[0].id: \(problem)"))
    }

    @Test func anInvalidFileIsAnErrorEvenWhenEnvironmentOverridesIt() {
        directory.write(".cloudkit-schema.json", #"{"teamId": 12}"#)
        #expect(throws: ConfigError.self) { try load(environment: ["TEAM_ID": "ABCDE12345"]) }
    }

    /// A `.git` that another user owns is no project root (git's own ownership check):
    /// someone who can write /tmp could otherwise plant one, with a configuration beside
    /// it, above a folder outside git. Needs root to give the folder away.
    @Test(.enabled(if: geteuid() == 0)) func aGitFolderOwnedByAnotherUserIsNoProjectRoot() throws {
        directory.write(".cloudkit-schema.json", #"{"teamId": "ABCDE12345"}"#)
        directory.write("plain/file.txt", "")
        try git(["init", "-q"], in: directory.path)
        #expect(try load(in: "plain").file == directory.file(".cloudkit-schema.json"))
        #expect(ProjectRoot.find(from: directory.file("plain")) == directory.path)
        #expect(chown(directory.file(".git"), 65534, 65534) == 0)
        #expect(ProjectRoot.find(from: directory.file("plain")) == nil)
        #expect(try load(in: "plain").file == nil)
    }
}

/// The last layer: what the project says, under flags, the environment and the file.
@Suite struct ProjectLayerTests {
    let directory = TemporaryDirectory("project-layer")

    func writeApp() {
        try? FileManager.default.createDirectory(atPath: directory.file(".git"), withIntermediateDirectories: true)
        directory.write("App.xcodeproj/project.pbxproj", XcodeProjectFixture.pbxproj(project: [:], targets: [
            XcodeProjectFixture.Target("App", ["DEVELOPMENT_TEAM": "ABCDE12345"]),
        ]))
        directory.write("App/App.entitlements", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.icloud-container-identifiers</key><array><string>iCloud.com.example.app</string></array></dict></plist>
            """)
        directory.write("App/Models/Item.swift", "import SwiftData\n@Model final class Item { var name: String = \"\" }\n")
    }

    @Test func withoutAFileTheProjectSaysEverythingFromAnyFolderOfIt() throws {
        writeApp()
        let configuration = try ResolvedConfiguration.load(workingDirectory: directory.file("App/Models"), environment: [:])
        #expect(configuration.root == directory.path, "the work tree's top, as git finds it")
        #expect(configuration.teamID == Sourced("ABCDE12345", .survey, "App.xcodeproj/project.pbxproj"))
        #expect(configuration.containers.map(\.id) == [Sourced("iCloud.com.example.app", .survey, "App/App.entitlements")])
        #expect(configuration.modelPaths == Sourced([directory.file("App/Models")], .survey, "App/Models/Item.swift"))
        #expect(configuration.containers.first?.modelPaths == [directory.file("App/Models")])
    }

    @Test func everyGivenLayerWinsKeyByKey() throws {
        writeApp()
        directory.write(".cloudkit-schema.json", #"{ "modelPaths": ["App"] }"#)
        let configuration = try ResolvedConfiguration.load(
            workingDirectory: directory.path, environment: ["TEAM_ID": "ZYXWV98765"], overrides: ConfigOverrides(containerIDs: ["iCloud.flag"]))
        #expect(configuration.teamID?.source == .environment)
        #expect(configuration.containers.map(\.id.source) == [.flag])
        #expect(configuration.modelPaths.source == .file)
    }

    /// A repository walk costs more than many commands do: nothing asks for it when the
    /// file already says everything.
    @Test func theProjectIsNotWalkedWhenNothingIsMissing() throws {
        writeApp()
        directory.write(".cloudkit-schema.json", #"{ "teamId": "ABCDE12345", "containers": [{ "id": "iCloud.a.b" }], "modelPaths": ["App"], "tagPattern": "v*" }"#)
        let configuration = try ResolvedConfiguration.load(workingDirectory: directory.path, environment: [:])
        _ = (configuration.teamID, configuration.containers, configuration.modelPaths, configuration.tagPattern, configuration.severities)
        #expect(!configuration.project.hasSurveyed)
        directory.write(".cloudkit-schema.json", #"{ "modelPaths": ["App"] }"#)
        let partial = try ResolvedConfiguration.load(workingDirectory: directory.path, environment: [:])
        _ = partial.modelPaths
        #expect(!partial.project.hasSurveyed, "model paths from the file need no walk")
        _ = partial.teamID
        #expect(partial.project.hasSurveyed)
    }
}
