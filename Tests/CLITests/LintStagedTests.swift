import Foundation
import Testing
import TestSupport

/// `lint --staged` (what the pre-commit hook runs): the tool, not the hook, decides what a
/// commit stages that lint reads, and lints the index's content, not the working tree's.
/// The real binary in real repositories; every run leaves nothing in TMPDIR.
@Suite struct LintStagedTests {
    static let bad = "import SwiftData\n\n@Model\nfinal class Item {\n    var title: String\n    init() { title = \"\" }\n}\n"
    static let good = bad.replacingOccurrences(of: "var title: String\n", with: "var title: String = \"\"\n")

    func repository() throws -> FixtureRepository {
        let repo = try FixtureRepository("staged")
        repo.write("README.md", "app\n")
        try repo.commit("initial")
        return repo
    }

    func lintStaged(_ repo: FixtureRepository, environment: [String: String?] = [:]) throws -> InputFaultRun {
        let run = try InputFaultRun(cloudkitSchemaBinary, ["lint", "--staged"], in: repo.path, environment: environment)
        #expect(run.leftNothingBehind, "\(run.trail)")
        return run
    }

    @Test func theIndexNotTheWorkingTree() throws {
        let repo = try repository()
        repo.write("App/Models/Item.swift", Self.bad)
        try repo.git(["add", "-A"])
        repo.write("App/Models/Item.swift", Self.good)
        let staged = try lintStaged(repo)
        #expect(staged.result.status == 1, "\(staged.result.output)")
        #expect(staged.result.output.contains("App/Models/Item.swift:5"), "paths read as repository paths: \(staged.result.output)")

        try repo.git(["add", "-A"])
        repo.write("App/Models/Item.swift", Self.bad)
        #expect(try lintStaged(repo).result.status == 0)
    }

    /// The staged checkout's scratch folder follows the tool's one TMPDIR rule: a relative
    /// TMPDIR is an error (exit 2), never a folder made inside the work tree.
    @Test func aRelativeTMPDIRIsAnErrorNotAFolderInTheWorkTree() throws {
        let repo = try repository()
        repo.write("App/Models/Item.swift", Self.good)
        try repo.git(["add", "-A"])
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = "scratch"
        environment["SKIP_CLOUDKIT_SCHEMA_CHECK"] = nil
        let run = try runProcess(cloudkitSchemaBinary, ["lint", "--staged"], in: repo.path, environment: environment)
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains("TMPDIR is 'scratch', a relative path"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: repo.path + "/scratch"))
    }

    /// The tool reads `@SwiftData.Model` as a model (the hook's own grep for `@Model` did not).
    @Test func whatLintReadsIsTheToolsChoice() throws {
        let repo = try repository()
        repo.write("NOTES.md", "@Model final class NotSwift {}\n")
        try repo.git(["add", "-A"])
        let nothing = try lintStaged(repo)
        #expect(nothing.result.status == 0, "\(nothing.result.output)")
        #expect(nothing.result.output.contains("Nothing staged that lint reads"))

        repo.write("App/Models/Item.swift", Self.bad.replacingOccurrences(of: "@Model", with: "@SwiftData.Model"))
        try repo.git(["add", "-A"])
        let qualified = try lintStaged(repo)
        #expect(qualified.result.status == 1, "\(qualified.result.output)")
        #expect(qualified.result.output.contains("[required-attribute]"))
    }

    /// Switching the current Core Data version stages only `.xccurrentversion`: the whole
    /// bundle comes from the index, or the reader would find a bundle without versions.
    @Test func aStagedModelVersionSwitchBringsItsBundle() throws {
        let repo = try repository()
        let bundle = "App/Model.xcdatamodeld"
        func contents(_ attribute: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\" usedWithCloudKit=\"YES\">\n    <entity name=\"Item\" representedClassName=\"Item\" syncable=\"YES\">\n        <attribute name=\"\(attribute)\" optional=\"YES\" attributeType=\"String\"/>\n    </entity>\n</model>\n"
        }
        func current(_ version: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>_XCCurrentVersionName</key>\n\t<string>\(version)</string>\n</dict>\n</plist>\n"
        }
        repo.write("\(bundle)/Model.xcdatamodel/contents", contents("name"))
        repo.write("\(bundle)/Model 2.xcdatamodel/contents", contents("title"))
        repo.write("\(bundle)/.xccurrentversion", current("Model.xcdatamodel"))
        try repo.commit("two versions")
        repo.write("\(bundle)/.xccurrentversion", current("Model 2.xcdatamodel"))
        try repo.git(["add", "-A"])
        let run = try lintStaged(repo)
        #expect(run.result.status == 0, "\(run.result.output)")
        #expect(run.result.output.contains("Linted 1 model(s)"), "\(run.result.output)")
    }

    /// The staged configuration's rule severities apply (as the gate applies them); one
    /// that is only in the working tree does not, since the commit does not record it.
    @Test func theStagedConfigurationSetsRuleSeverities() throws {
        let repo = try repository()
        let off = "{ \"severities\": { \"rules\": { \"required-attribute\": \"off\" } } }\n"
        repo.write("App/Models/Item.swift", Self.bad)
        try repo.git(["add", "-A"])
        repo.write(".cloudkit-schema.json", off)
        #expect(try lintStaged(repo).result.status == 1, "a working-tree configuration is not what the commit records")
        try repo.git(["add", "-A"])
        try repo.remove(".cloudkit-schema.json")
        let staged = try lintStaged(repo)
        #expect(staged.result.status == 0, "\(staged.result.output)")
    }

    @Test func plainLintAppliesTheConfigurationsRuleSeveritiesToo() throws {
        let directory = TemporaryDirectory("lint-severities")
        directory.write("Models/Item.swift", Self.bad)
        #expect(try runProcess(cloudkitSchemaBinary, ["lint", "--models", "Models"], in: directory.path).status == 1)
        directory.write(".cloudkit-schema.json", "{ \"severities\": { \"rules\": { \"required-attribute\": \"off\" } } }\n")
        let configured = try runProcess(cloudkitSchemaBinary, ["lint", "--models", "Models"], in: directory.path)
        #expect(configured.status == 0, "\(configured.output)")
        let overridden = try runProcess(cloudkitSchemaBinary, ["lint", "--models", "Models", "--rule", "required-attribute=error"], in: directory.path)
        #expect(overridden.status == 1, "--rule wins over the file: \(overridden.output)")
    }

    @Test(arguments: [["lint", "--staged", "App"], ["lint", "--staged", "--models", "App"], ["lint", "--staged", "--since", "HEAD"]])
    func stagedTakesNoPaths(arguments: [String]) throws {
        let repo = try repository()
        let run = try runProcess(cloudkitSchemaBinary, arguments, in: repo.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--staged lints the files the git index stages"))
    }

    @Test func outsideARepositoryIsAnInputError() throws {
        let directory = TemporaryDirectory("not-a-repo")
        let run = try runProcess(cloudkitSchemaBinary, ["lint", "--staged"], in: directory.path, environment: ["GIT_CEILING_DIRECTORIES": directory.url.deletingLastPathComponent().path])
        #expect(run.status == 2, "\(run.output)")
        #expect(run.stderr.contains("lint --staged reads the git index"))
    }
}
