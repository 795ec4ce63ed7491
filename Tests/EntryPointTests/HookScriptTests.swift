import Foundation
import TestSupport
import Testing

/// The hook scripts' own logic, with a recording stand-in for cloudkit-schema: which files
/// the pre-commit hook lints (staged content only), which tags the pre-push hook gates and
/// against which base, where the tool runs, how exit statuses and the SKIP variable
/// propagate, and how the tool is found. HookGateTests run the real tool end to end.
@Suite struct HookScriptTests {
    @Test func preCommitIgnoresCommitsWithoutModelFiles() throws {
        let repo = try HookRepository()
        repo.dir.write("README.md", "@Model is mentioned here but this is not Swift\n")
        repo.dir.write("App/View.swift", "struct ContentView {}\n")
        let commit = try repo.commit("docs and views")
        #expect(commit.status == 0, "\(commit.output)")
        #expect(repo.toolCalls().isEmpty)
    }

    @Test func preCommitLintsTheStagedContentOfWhatLintReads() throws {
        let repo = try HookRepository()
        repo.dir.write("App/Info.plist", "<plist/>\n")
        repo.dir.write("App/Other.swift", "struct Other {}\n")
        try repo.commit("context", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        repo.dir.write("App/Models/Item.swift", "@Model final class Item { var title: String = \"staged\" }\n")
        repo.dir.write("App/Models/Actor.swift", "@ModelActor actor Importer {}\n")
        repo.dir.write("App/Store.swift", "let configuration = ModelConfiguration(schema: schema)\n")
        repo.dir.write("App/Model.xcdatamodeld/Model.xcdatamodel/contents", "<model/>\n")
        repo.dir.write("App/App.entitlements", "<plist/>\n")
        repo.dir.write(".cloudkit-schema.json", "{\"tagPattern\": \"v*\"}\n")
        try repo.git(["add", "-A"])
        // Edited after staging: the hook must lint what is committed, not the working tree.
        repo.dir.write("App/Models/Item.swift", "@Model final class Item { var title: String = \"unstaged\" }\n")
        let commit = try repo.commit("models", addAll: false)
        #expect(commit.status == 0, "\(commit.output)")
        let calls = repo.toolCalls()
        try #require(calls.count == 1)
        #expect(calls[0].arguments == ["lint", "--models", "."])
        // Staged: the model, the store configuration, the Core Data model, the entitlements.
        // Context from the index: Info.plist and the configuration file. Not: the actor, Other.swift.
        #expect(calls[0].files == [
            ".cloudkit-schema.json", "App/App.entitlements", "App/Info.plist",
            "App/Model.xcdatamodeld/Model.xcdatamodel/contents", "App/Models/Item.swift", "App/Store.swift",
        ])
        #expect(calls[0].snapshot.contains("\"staged\""))
        #expect(!calls[0].snapshot.contains("unstaged"))
        #expect(commit.output.contains("cloudkit-schema pre-commit: linting 4 staged file(s)"))
    }

    @Test(arguments: [(Int32(1), "fix the findings above"), (Int32(2), "the lint could not run (exit status 2")])
    func preCommitBlocksOnFindingsAndOnErrors(status: Int32, words: String) throws {
        let repo = try HookRepository(toolStatus: status)
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        let commit = try repo.commit("model")
        #expect(commit.status != 0)
        #expect(commit.output.contains("commit blocked: \(words)"))
        // git reports any hook failure as 1; the hook itself keeps the tool's status.
        #expect(try repo.runHook("pre-commit").status == status)
        #expect(commit.output.contains("SKIP_CLOUDKIT_SCHEMA_CHECK=1 git commit"))
        #expect(try repo.git(["rev-list", "--all", "--count"]) == "1\n", "only the initial commit exists")
    }

    @Test(arguments: ["1", "true", "YES"])
    func preCommitSkipsLoudlyWithTheVariable(value: String) throws {
        let repo = try HookRepository(toolStatus: 1)
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        let commit = try repo.commit("model", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": value])
        #expect(commit.status == 0)
        #expect(commit.output.contains("SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=\(value) is set, so the CloudKit model lint did NOT run."))
        #expect(repo.toolCalls().isEmpty)
    }

    @Test(arguments: ["0", "no", "false", ""])
    func preCommitRunsWhenTheVariableSaysRun(value: String) throws {
        let repo = try HookRepository(toolStatus: 1)
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        #expect(try repo.commit("model", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": value]).status == 1)
    }

    @Test func anUnknownSkipValueIsAnError() throws {
        let repo = try HookRepository()
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        let commit = try repo.commit("model", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "maybe"])
        #expect(commit.status != 0)
        #expect(try repo.runHook("pre-commit", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "maybe"]).status == 2)
        #expect(commit.output.contains("SKIP_CLOUDKIT_SCHEMA_CHECK='maybe' is not understood"))
        #expect(repo.toolCalls().isEmpty)
    }

    @Test func prePushIgnoresBranchesAndTagsOutsideThePattern() throws {
        let repo = try HookRepository()
        try repo.git(["config", "cloudkit-schema.tagPattern", "v*"])
        try repo.git(["tag", "nightly-1"])
        let push = try repo.push(["main", "nightly-1"])
        #expect(push.status == 0, "\(push.output)")
        #expect(repo.toolCalls().isEmpty)
    }

    @Test func prePushGatesEachReleaseTagAtItsCommitAgainstThePreviousRelease() throws {
        let repo = try HookRepository()
        repo.dir.write(".cloudkit-schema.json", "{\n  \"tagPattern\" : \"v*\"\n}\n")
        try repo.commit("config")
        try repo.git(["tag", "v1.0"])
        try repo.git(["tag", "nightly"])
        let first = try repo.push(["v1.0"])
        #expect(first.status == 0, "\(first.output)")
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        try repo.commit("model", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        try repo.git(["tag", "v1.1"])
        let tagged = try repo.git(["rev-parse", "HEAD"])
        // HEAD moves on and the tree is dirty: the gate must still see exactly v1.1.
        repo.dir.write("Later.swift", "// later\n")
        try repo.commit("later", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        repo.dir.write("Item.swift", "uncommitted\n")
        let second = try repo.push(["v1.1"])
        #expect(second.status == 0, "\(second.output)")

        let calls = repo.toolCalls()
        try #require(calls.count == 2)
        #expect(calls[0].arguments == ["gate", "--no-create", "--always"])
        #expect(calls[1].arguments == ["gate", "--no-create", "--since", "v1.0"])
        #expect(calls[1].head == tagged)
        #expect(calls[1].snapshot == "@Model class Item {}\n")
        #expect(calls[1].directory != repo.dir.path)
        #expect(second.output.contains("checking release tag v1.1 against the previous release v1.0"))
        #expect(try repo.git(["worktree", "list"]).split(separator: "\n").count == 1, "temporary worktree removed")
    }

    @Test func prePushBlocksTheTagWhenTheGateFails() throws {
        let repo = try HookRepository(toolStatus: 1)
        try repo.git(["tag", "v2.0"])
        let push = try repo.push(["v2.0"])
        #expect(push.status != 0)
        #expect(push.output.contains("push blocked: release tag v2.0 fails the CloudKit schema gate"))
        #expect(push.output.contains("SKIP_CLOUDKIT_SCHEMA_CHECK=1 git push"))
        #expect(try repo.remoteTags().isEmpty)

        let skipped = try repo.push(["v2.0"], environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "yes"])
        #expect(skipped.status == 0)
        #expect(skipped.output.contains("SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=yes is set, so the CloudKit schema gate did NOT run."))
        #expect(try repo.remoteTags() == ["v2.0"])
    }

    @Test func prePushReportsAGateThatCouldNotRun() throws {
        let repo = try HookRepository(toolStatus: 2)
        try repo.git(["tag", "v1"])
        let push = try repo.push(["v1"])
        #expect(push.status != 0)
        #expect(push.output.contains("the gate could not check release tag v1 (exit status 2"))
    }

    @Test func theToolIsFoundOnPathAndItsAbsenceIsAnError() throws {
        let repo = try HookRepository(tool: .stubOnPath)
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        #expect(try repo.commit("found on PATH").status == 0)
        #expect(repo.toolCalls().count == 1)

        let bare = try HookRepository(tool: .none)
        bare.dir.write("Item.swift", "@Model class Item {}\n")
        let commit = try bare.commit("no tool")
        #expect(commit.status != 0)
        #expect(try bare.runHook("pre-commit").status == 2)
        #expect(commit.output.contains("cannot find cloudkit-schema: build it (swift build --product cloudkit-schema)"))
    }

    @Test func theToolIsFoundAsABuiltBinaryOfThePackage() throws {
        let repo = try HookRepository(tool: .none)
        let built = repo.dir.write(".build/debug/cloudkit-schema", try String(contentsOfFile: repo.stub, encoding: .utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: built)
        repo.dir.write(".gitignore", ".build/\n")
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        #expect(try repo.commit("built binary").status == 0)
        #expect(repo.toolCalls().count == 1)
    }

    @Test func bothHooksShareTheSameSkipAndToolLookupCode() throws {
        func shared(_ name: String) throws -> String {
            let text = try String(contentsOfFile: packageRoot + "/hooks/\(name)", encoding: .utf8)
            let start = try #require(text.range(of: "# --- shared with pre-push"))
            let end = try #require(text.range(of: "# --- end shared ---"))
            return String(text[start.lowerBound..<end.upperBound])
        }
        #expect(try shared("pre-commit") == shared("pre-push"))
    }

    @Test func hooksAreValidPOSIXShell() throws {
        for name in ["pre-commit", "pre-push"] {
            let shell = (try? which("dash")) ?? "/bin/sh"
            let result = try runProcess(shell, ["-n", packageRoot + "/hooks/\(name)"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
    }
}
