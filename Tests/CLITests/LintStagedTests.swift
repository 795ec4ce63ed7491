import Foundation
import Testing
import TestSupport

/// `lint --staged` (what the pre-commit hook runs): the tool, not the hook, decides what a
/// commit stages that lint reads, and lints the index's content, not the working tree's.
/// The real binary in real repositories; every run leaves nothing in TMPDIR.
@Suite(.waitsOnProcesses) struct LintStagedTests {
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

    // MARK: the whole model set, this commit's findings

    static let photo = "import SwiftData\n\n@Model\nfinal class Photo {\n    var caption: String?\n    var entry: JournalEntry?\n    init() {}\n}\n"
    static let entry = "import SwiftData\n\n@Model\nfinal class JournalEntry {\n    var text: String = \"\"\n    @Relationship(inverse: \\Photo.entry) var photos: [Photo]? = []\n    @Relationship(inverse: \\Place.entries) var place: Place?\n    init() {}\n}\n"
    static let place = "import SwiftData\n\n@Model\nfinal class Place {\n    var name: String = \"\"\n    var entries: [JournalEntry]? = []\n    init() {}\n}\n"
    static let app = "import SwiftData\nimport SwiftUI\n\n@main\nstruct TripApp: App {\n    var container: ModelContainer = {\n        let schema = Schema([Photo.self, JournalEntry.self, Place.self])\n        return try! ModelContainer(for: schema, configurations: [ModelConfiguration(schema: schema, cloudKitDatabase: .private(\"iCloud.com.example.trips\"))])\n    }()\n    var body: some Scene { WindowGroup { Text(\"Trips\") }.modelContainer(container) }\n}\n"

    /// A committed app of three models and their registration: lint of the whole is clean.
    func appRepository() throws -> FixtureRepository {
        let repo = try FixtureRepository("staged-app")
        repo.write("App/Models/Photo.swift", Self.photo)
        repo.write("App/Models/JournalEntry.swift", Self.entry)
        repo.write("App/Models/Place.swift", Self.place)
        repo.write("App/TripApp.swift", Self.app)
        try repo.commit("app")
        let whole = try runProcess(cloudkitSchemaBinary, ["lint", "."], in: repo.path)
        #expect(whole.status == 0, "the committed app is clean: \(whole.output)")
        return repo
    }

    /// The inverse lives in another file: staging only Photo.swift with a relationship
    /// nothing points back to fails as the lint of the whole app does.
    @Test func aStagedModelIsJudgedWithTheWholeModelSet() throws {
        let repo = try appRepository()
        repo.write("App/Models/Photo.swift", Self.photo.replacingOccurrences(of: "    init() {}", with: "    var place: Place?\n    init() {}"))
        try repo.git(["add", "App/Models/Photo.swift"])
        let staged = try lintStaged(repo)
        #expect(staged.result.status == 1, "\(staged.result.output)")
        #expect(staged.result.stdout.contains("[missing-inverse]"), "\(staged.result.output)")
        #expect(staged.result.stdout.contains("at App/Models/Photo.swift:7"), "\(staged.result.output)")
        let whole = try runProcess(cloudkitSchemaBinary, ["lint", "."], in: repo.path)
        #expect(whole.status == 1 && whole.stdout.contains("[missing-inverse]"), "the same verdict as the whole lint: \(whole.output)")
    }

    /// A to-one to a model declared in another file is a relationship, not an attribute of
    /// an unknown type.
    @Test func aRequiredToOneIsARequiredRelationship() throws {
        let repo = try appRepository()
        repo.write("App/Models/Photo.swift", Self.photo.replacingOccurrences(of: "var entry: JournalEntry?", with: "var entry: JournalEntry"))
        try repo.git(["add", "-A"])
        let staged = try lintStaged(repo)
        #expect(staged.result.status == 1, "\(staged.result.output)")
        #expect(staged.result.stdout.contains("[required-relationship]"), "\(staged.result.output)")
        #expect(!staged.result.stdout.contains("[required-attribute]"), "\(staged.result.output)")
    }

    /// The registration names models declared elsewhere: no "registered but no @Model" warnings.
    @Test func aStagedRegistrationFindsItsModels() throws {
        let repo = try appRepository()
        repo.write("App/TripApp.swift", Self.app + "// edited\n")
        try repo.git(["add", "-A"])
        let staged = try lintStaged(repo)
        #expect(staged.result.status == 0, "\(staged.result.output)")
        #expect(!staged.result.stdout.contains("[undeclared-model]"), "\(staged.result.output)")
    }

    /// A view whose stock `#Preview` builds an in-memory container that syncs is linted
    /// when staged (a project rule, not a model rule).
    @Test func aStagedPreviewContainerIsLinted() throws {
        let repo = try appRepository()
        repo.write("App/Views/TripView.swift", "import SwiftUI\nimport SwiftData\n\nstruct TripView: View {\n    var body: some View { Text(\"Trip\") }\n}\n\n#Preview {\n    TripView()\n        .modelContainer(for: Photo.self, inMemory: true)\n}\n")
        repo.write("App/App.entitlements", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>com.apple.developer.icloud-container-identifiers</key>\n\t<array>\n\t\t<string>iCloud.com.example.trips</string>\n\t</array>\n\t<key>com.apple.developer.icloud-services</key>\n\t<array>\n\t\t<string>CloudKit</string>\n\t</array>\n</dict>\n</plist>\n")
        try repo.git(["add", "App/Views/TripView.swift"])
        let staged = try lintStaged(repo)
        #expect(staged.result.stdout.contains("[test-configuration-syncs]"), "\(staged.result.output)")
        #expect(staged.result.stdout.contains("at App/Views/TripView.swift:10"), "\(staged.result.output)")
    }

    /// Findings elsewhere: one the commit causes (the inverse it removes is declared in an
    /// unstaged file) is shown; one that was there before is not this commit's.
    @Test func findingsElsewhereAreShownOnlyWhenTheCommitIntroducesThem() throws {
        let repo = try appRepository()
        repo.write("App/Legacy.swift", "import SwiftData\n\n@Model\nfinal class Legacy {\n    var code: String\n    init() { code = \"\" }\n}\n")
        try repo.commit("a model that was already wrong")
        repo.write("App/Models/Place.swift", Self.place.replacingOccurrences(of: "    var entries: [JournalEntry]? = []\n", with: ""))
        try repo.git(["add", "-A"])
        let staged = try lintStaged(repo)
        #expect(staged.result.status == 1, "\(staged.result.output)")
        #expect(staged.result.stdout.contains("at App/Models/JournalEntry.swift:7"), "introduced by this commit: \(staged.result.output)")
        #expect(!staged.result.stdout.contains("App/Legacy.swift"), "there before: \(staged.result.output)")
        #expect(staged.result.stdout.contains("2 findings in files this commit does not change, there before it too, not shown"), "\(staged.result.output)")
    }

    /// Deleting a model file stages no content, but it changes the model set: it is linted
    /// (the registration now names a model nothing declares), as the whole lint says.
    @Test func aDeletionIsLinted() throws {
        let repo = try appRepository()
        try repo.git(["rm", "-q", "App/Models/Place.swift"])
        let staged = try lintStaged(repo)
        #expect(!staged.result.stdout.contains("Nothing staged"), "\(staged.result.output)")
        #expect(staged.result.stdout.contains("Place is registered as a model type but no @Model class Place was found"), "\(staged.result.output)")
    }

    /// Xcode opens issues by absolute path: the repository's file, never the scratch copy.
    @Test func xcodePathsPointIntoTheRepository() throws {
        let repo = try appRepository()
        repo.write("App/Models/Photo.swift", Self.photo.replacingOccurrences(of: "var entry: JournalEntry?", with: "var entry: JournalEntry"))
        try repo.git(["add", "-A"])
        let run = try InputFaultRun(cloudkitSchemaBinary, ["lint", "--staged", "--format", "xcode"], in: repo.path)
        let root = try repo.git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run.result.stdout.contains(root + "/App/Models/Photo.swift:6: error: "), "\(run.result.output)")
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
