import Foundation
import Testing
import TestSupport

/// The real binary in a repository under a root reached through a symbolic link into
/// `/private`, with `TMPDIR` and `HOME` there too: a Mac's `/tmp` and `/var/folders/…`. The
/// binary's working directory is the `/private/…` spelling (getcwd), git prints it too, and
/// paths on the command line use the link. Every command gets its verdict, never a setup
/// error (Docs/guarantees.md).
@Suite(.waitsOnProcesses) struct SymlinkedRootTests {
    /// The Pantry app under the root: tag v1.0, then `notes` added to Item and committed.
    final class App: @unchecked Sendable {
        let root: SymlinkedRoot
        let fake: FakeXcrun
        /// The repository, spelled through the link.
        let repo: String
        var environment: [String: String?]

        init(production: String = Pantry.productionMissingField, configuration: String = Pantry.configuration, tag: Bool = true) throws {
            root = try SymlinkedRoot()
            let scratch = try root.directory("tmp")
            fake = FakeXcrun(development: Pantry.development, production: production, in: scratch)
            repo = try root.directory("repo")
            environment = fake.environment().mapValues { $0 }
            for (name, value) in try root.environment() { environment[name] = value }
            for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN",
                         "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] {
                environment.updateValue(nil, forKey: name)
            }
            try git(["init", "-q", "-b", "main"], in: repo)
            guard tag else { return }
            write(".cloudkit-schema.json", configuration)
            write("App/Models/Item.swift", Pantry.model.replacingOccurrences(of: "    var notes: String?\n", with: ""))
            write("App/Views/ItemView.swift", "struct ItemView {}\n")
            try commit("1.0")
            try git(["tag", "-a", "v1.0", "-m", "release v1.0"], in: repo)
            write("App/Models/Item.swift", Pantry.model)
            try commit("Add notes to Item")
        }

        func write(_ relative: String, _ contents: String) {
            let path = repo + "/" + relative
            try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try! Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        }

        func commit(_ message: String) throws {
            try git(["add", "-A"], in: repo)
            try git(["commit", "-q", "-m", message], in: repo)
        }

        /// The binary, run in `directory` (relative to the repository).
        func run(_ arguments: [String], in directory: String = "") throws -> TestSupport.ProcessResult {
            try runProcess(cloudkitSchemaBinary, arguments, in: directory.isEmpty ? repo : repo + "/" + directory,
                           environment: environment)
        }
    }

    /// A verdict (pass or findings), not a setup error; `status` is the one expected.
    func expectVerdict(_ result: TestSupport.ProcessResult, _ status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(result.output)", sourceLocation: sourceLocation)
        #expect(!result.output.contains("outside the git repository"), "\(result.output)", sourceLocation: sourceLocation)
    }

    @Test func theRootIsReachedThroughALinkIntoPrivate() throws {
        let root = try SymlinkedRoot()
        #expect(root.realPath.hasPrefix("/private/"))
        let repo = try root.directory("repo")
        try git(["init", "-q"], in: repo)
        // What makes the layout: git prints /private/…, Foundation's standardising drops it.
        #expect(try git(["rev-parse", "--show-toplevel"], in: repo) == root.realPath + "/repo\n")
        #expect(URL(fileURLWithPath: root.realPath + "/repo").standardizedFileURL.path == root.path + "/repo")
    }

    @Test func gateFindsTheDriftAndPasses() throws {
        let app = try App()
        // Files are shown relative to the working directory.
        for (directory, shown) in [("", "App/Models/Item.swift"), ("App", "Models/Item.swift")] {
            let fail = try app.run(["gate"], in: directory)
            expectVerdict(fail, 1)
            #expect(fail.stdout.contains("[missing-field]\n    at \(shown):8"), "\(fail.output)")
            #expect(fail.stdout.contains("Last release: v1.0"), "\(fail.output)")
        }
        expectVerdict(try app.run(["gate", "--config", app.repo + "/.cloudkit-schema.json"]), 1)
        expectVerdict(try app.run(["gate", "--models", app.repo + "/App/Models"]), 1)

        let complete = try App(production: Pantry.productionComplete)
        let pass = try complete.run(["gate"])
        expectVerdict(pass, 0)
        #expect(pass.stdout.contains("cloudkit-schema gate: PASSED (exit 0)"))
    }

    @Test func lintSinceComparesWithTheRelease() throws {
        let app = try App()
        for models in ["App/Models", app.repo + "/App/Models", app.root.realPath + "/repo/App/Models"] {
            let result = try app.run(["lint", "--models", models, "--since", "v1.0"])
            expectVerdict(result, 0)
            #expect(result.stdout.contains("Compared with v1.0"), "\(result.output)")
        }
        // A stored property retyped since the release: the evolution rule sees it.
        app.write("App/Models/Item.swift", Pantry.model.replacingOccurrences(of: "var quantity: Int = 0", with: "var quantity: String = \"\""))
        let retyped = try app.run(["lint", "--models", app.repo + "/App/Models", "--since", "v1.0"])
        expectVerdict(retyped, 1)
        #expect(retyped.stdout.contains("[property-type-changed]"), "\(retyped.output)")
        #expect(retyped.stdout.contains("App/Models/Item.swift:7"), "\(retyped.output)")
    }

    @Test func lintReadsEachFileOnceWhicheverSpellingNamesIt() throws {
        let app = try App()
        app.write("App/App.entitlements", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>com.apple.developer.icloud-container-environment</key><string>Production</string>
            </dict></plist>

            """)
        let here = try app.run(["lint", "--models", "App", "--project", "."])
        expectVerdict(here, 1)
        #expect(here.stdout.contains("[production-environment-entitlement]"), "\(here.output)")
        for project in [app.repo, app.root.realPath + "/repo"] {
            let linked = try app.run(["lint", "--models", "App", "--project", project])
            expectVerdict(linked, 1)
            #expect(linked.stdout == here.stdout, "--project \(project)")
        }
    }

    /// The Info.plist one folder up from the entitlements belongs to them, found through
    /// `--project` in the link's spelling while the entitlements come from `--models`; a
    /// message naming the entitlements names them relative to the working directory.
    @Test func lintPairsEntitlementsAndInfoPlistWhicheverSpellingFindsThem() throws {
        let app = try App()
        app.write("App/App.entitlements", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>com.apple.developer.icloud-services</key><array><string>CloudKit</string></array>
              <key>com.apple.developer.icloud-container-identifiers</key><array><string>\(Pantry.container)</string></array>
            </dict></plist>

            """)
        app.write("App/PantryApp.swift", "import SwiftData\nlet container = try! ModelContainer(for: Item.self)\n")
        app.write("Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>UIBackgroundModes</key><array><string>remote-notification</string></array>
            </dict></plist>

            """)
        for project in [".", app.repo, app.root.realPath + "/repo"] {
            let result = try app.run(["lint", "--models", "App", "--project", project])
            expectVerdict(result, 0)
            #expect(!result.stdout.contains("[missing-remote-notification]"), "--project \(project): \(result.output)")
        }
        for models in ["App", app.repo + "/App"] {
            let result = try app.run(["lint", "--models", models])
            expectVerdict(result, 0)
            #expect(result.stdout.contains("[automatic-cloudkit-database]"), "\(result.output)")
            #expect(result.stdout.contains("entitlement in App/App.entitlements (\(Pantry.container))"), "--models \(models): \(result.output)")
        }
    }

    @Test func changedNamesTheModelPathAndTheChange() throws {
        let app = try App()
        for arguments in [["changed"], ["changed", "--models", app.repo + "/App/Models"]] {
            let result = try app.run(arguments)
            expectVerdict(result, 0)
            #expect(result.stdout.contains("App/Models/Item.swift  (declares @Model; under model path App/Models)"), "\(result.output)")
            #expect(result.stdout.contains("the persisted model changed (1 difference)"))
        }
    }

    @Test func createRunsTheCommandAndVerifiesDevelopment() throws {
        let configuration = Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"create\": {\"command\": \"touch created.marker\"}")
        let app = try App(configuration: configuration)
        let result = try app.run(["create"], in: "App")
        expectVerdict(result, 0)
        #expect(result.stdout.contains("Verification of \(Pantry.container)"), "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: app.repo + "/created.marker"))
    }

    @Test func initFindsTheModelsAndContainers() throws {
        let app = try App(tag: false)
        app.write("App/Models/Item.swift", Pantry.model)
        app.write("App/App.entitlements", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>com.apple.developer.icloud-container-identifiers</key><array><string>\(Pantry.container)</string></array>
            </dict></plist>

            """)
        for directory in ["", "App"] {
            let result = try app.run(["init", "--force"], in: directory)
            expectVerdict(result, 0)
            let written = (try? String(contentsOfFile: app.repo + "/.cloudkit-schema.json", encoding: .utf8)) ?? ""
            #expect(written.contains("// Found: App/Models."), "\(written)")
            #expect(written.contains(Pantry.container))
        }
        let config = try app.run(["config"], in: "App")
        expectVerdict(config, 0)
        #expect(config.stdout.contains("modelPaths: App/Models (project survey:"), "\(config.output)")
    }
}
