import Foundation
import TestSupport
import Testing

/// The hook scripts' own logic, with a recording stand-in for cloudkit-schema: that the
/// hooks decide nothing the tool decides (the pre-commit hook hands the index to `lint
/// --staged`; the pre-push hook takes the tag pattern from `config --get tagPattern` and
/// lets the gate pick the base), which tags the pre-push hook gates at which commit, where
/// the tool runs, how exit statuses propagate, and how the tool is found. HookGateTests
/// and HookInputFaultTests run the real tool end to end (SKIP_CLOUDKIT_SCHEMA_CHECK, which
/// only the tool reads, is tested there).
@Suite(.waitsOnProcesses) struct HookScriptTests {
    @Test func preCommitPassesAtOnceWhenNothingIsStaged() throws {
        let repo = try HookRepository()
        let commit = try repo.run(["commit", "-q", "--allow-empty", "-m", "nothing staged"])
        #expect(commit.status == 0, "\(commit.output)")
        #expect(repo.toolCalls().isEmpty)
    }

    /// Which staged files count is the tool's decision (`lint --staged`, tested with the
    /// real binary in LintStagedTests): the hook runs it for any staged change, from the
    /// repository root, and never reads SKIP_CLOUDKIT_SCHEMA_CHECK itself.
    @Test func preCommitLeavesTheChoiceOfFilesToTheTool() throws {
        let repo = try HookRepository()
        repo.dir.write("README.md", "@Model is mentioned here but this is not Swift\n")
        try repo.git(["add", "-A"])
        let commit = try repo.run(["commit", "-q", "-m", "docs"], environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "maybe"])
        #expect(commit.status == 0, "\(commit.output)")
        let calls = repo.toolCalls()
        try #require(calls.count == 1)
        #expect(calls[0].arguments == ["lint", "--staged"])
        #expect(calls[0].directory == repo.dir.path)
        #expect(!commit.output.contains("SKIP_CLOUDKIT_SCHEMA_CHECK"))
    }

    /// `git commit PATH` commits from an index of its own (GIT_INDEX_FILE): the tool must
    /// read that one, by an absolute path, not the repository's index.
    @Test func preCommitHandsTheToolTheIndexBeingCommitted() throws {
        let repo = try HookRepository()
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        try repo.commit("item")
        repo.dir.write("Item.swift", "@Model class Item { var name = \"\" }\n")
        repo.dir.write("Other.swift", "struct Other {}\n")
        try repo.git(["add", "Other.swift"])
        let commit = try repo.run(["commit", "-q", "-m", "only Item", "--", "Item.swift"])
        #expect(commit.status == 0, "\(commit.output)")
        let call = try #require(repo.toolCalls().last)
        #expect(call.indexFile.hasPrefix("/"), "GIT_INDEX_FILE '\(call.indexFile)' is not absolute")
        #expect(call.indexFile != repo.dir.file(".git/index"))
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

    @Test func prePushPassesBranchesAtOnceAndTagsOutsideTheToolsPattern() throws {
        let repo = try HookRepository()
        repo.answer("tagPattern", "v*")
        try repo.git(["tag", "nightly-1"])
        let branch = try repo.push(["main"])
        #expect(branch.status == 0, "\(branch.output)")
        #expect(repo.toolCalls().isEmpty, "a branch push needs no tool")
        let tag = try repo.push(["nightly-1"])
        #expect(tag.status == 0, "\(tag.output)")
        // Which pushed tags are releases is the tool's answer, never the hook's own glob.
        #expect(repo.toolCalls().map(\.arguments) == [["config", "--get", "tagPattern"], ["config", "--get", "configFile"], ["config", "--release-tag=nightly-1"]])
    }

    /// No pattern configured (the tool prints nothing): every tag is a release tag.
    @Test func prePushWithoutAPatternGatesEveryTag() throws {
        let repo = try HookRepository()
        try repo.git(["tag", "nightly-1"])
        let push = try repo.push(["nightly-1"])
        #expect(push.status == 0, "\(push.output)")
        #expect(repo.toolCalls().map(\.arguments) == [
            ["config", "--get", "tagPattern"], ["config", "--get", "configFile"], ["config", "--release-tag=nightly-1"], ["gate", "--no-create"],
        ])
    }

    /// The configuration cannot be read: the push is blocked, never waved through.
    @Test func prePushFailsClosedWhenTheToolCannotTellThePattern() throws {
        let repo = try HookRepository(configStatus: 2)
        try repo.git(["tag", "v1.0"])
        let push = try repo.push(["v1.0"])
        #expect(push.status != 0)
        #expect(try repo.runHook("pre-push", stdin: "refs/tags/v1.0 \(try repo.git(["rev-parse", "v1.0"]).dropLast()) refs/tags/v1.0 \(String(repeating: "0", count: 40))\n").status == 2)
        #expect(push.output.contains("could not read the release tag pattern from the configuration"))
        #expect(!repo.toolCalls().contains { $0.arguments.first == "gate" })
        #expect(try repo.remoteTags().isEmpty)
    }

    @Test func prePushGatesEachReleaseTagAtItsCommitWithTheToolsPattern() throws {
        let repo = try HookRepository()
        repo.answer("tagPattern", "v*")
        try repo.git(["tag", "v1.0"])
        try repo.git(["tag", "nightly"])
        let first = try repo.push(["v1.0", "nightly"])
        #expect(first.status == 0, "\(first.output)")
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        try repo.commit("model")
        try repo.git(["tag", "v1.1"])
        let tagged = try repo.git(["rev-parse", "HEAD"])
        // HEAD moves on and the tree is dirty: the gate must still see exactly v1.1.
        repo.dir.write("Later.swift", "// later\n")
        try repo.commit("later")
        repo.dir.write("Item.swift", "uncommitted\n")
        let second = try repo.push(["v1.1"])
        #expect(second.status == 0, "\(second.output)")

        let gates = repo.toolCalls().filter { $0.arguments.first == "gate" }
        try #require(gates.count == 2)
        // The gate itself measures from the previous release, with the pattern the hook used.
        #expect(gates[0].arguments == ["gate", "--no-create", "--tag-pattern=v*"])
        #expect(gates[1].arguments == ["gate", "--no-create", "--tag-pattern=v*"])
        #expect(gates[1].head == tagged)
        #expect(gates[1].snapshot == "@Model class Item {}\n")
        #expect(gates[1].directory != repo.dir.path)
        #expect(gates[1].indexFile.isEmpty, "the gate runs outside git's hook environment")
        #expect(second.output.contains("checking release tag v1.1\n"))
        #expect(second.output.contains("(the gate runs in a temporary checkout of v1.1:"))
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
        #expect(commit.output.contains("cannot find cloudkit-schema: add CloudKitSchemaGate to a tools package"), "\(commit.output)")
        #expect(commit.output.contains("git commit --no-verify"))
    }

    /// README's layout: the app repository has no Package.swift, the tool comes from a
    /// `Tools/` package. Nothing recorded: the message names the command that records it.
    @Test func theCannotFindMessageNamesTheFixForAToolsPackage() throws {
        let repo = try HookRepository(tool: .none)
        repo.dir.write("Tools/Package.swift", "// swift-tools-version:6.0\n")
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        let commit = try repo.commit("no tool")
        #expect(commit.status != 0)
        #expect(commit.output.contains("this repository has one in Tools/: run 'swift run --package-path Tools cloudkit-schema install-hooks' once (it records the package), or git config cloudkit-schema.package Tools"), "\(commit.output)")
        #expect(!commit.output.contains("swift build --product cloudkit-schema"), "no root package to build: \(commit.output)")
    }

    /// The package install-hooks recorded wins over a cloudkit-schema on PATH (which may be
    /// another version); its built binary runs, and without it and without swift the
    /// message names the build command for that package.
    @Test func theRecordedPackageIsWhereTheToolComesFrom() throws {
        let repo = try HookRepository(tool: .stubOnPath)
        repo.dir.write(".gitignore", "Tools/.build/\n")
        repo.dir.write("Tools/Package.swift", "// swift-tools-version:6.0\n")
        try repo.git(["config", "cloudkit-schema.package", "Tools"])
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        let unbuilt = try repo.commit("not built")
        #expect(unbuilt.status != 0)
        #expect(unbuilt.output.contains("cannot find cloudkit-schema: Tools has no built cloudkit-schema and swift is not on PATH"), "\(unbuilt.output)")
        #expect(unbuilt.output.contains("build it once with 'swift build --package-path Tools --product cloudkit-schema'"), "\(unbuilt.output)")
        #expect(repo.toolCalls().isEmpty, "the cloudkit-schema on PATH is not the recorded one")

        let built = repo.dir.write("Tools/.build/debug/cloudkit-schema", try String(contentsOfFile: repo.stub, encoding: .utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: built)
        #expect(try repo.commit("built").status == 0)
        #expect(repo.toolCalls().count == 1)
    }

    @Test func aRecordedBinaryThatIsGoneNamesTheFix() throws {
        let repo = try HookRepository(tool: .stubOnPath)
        try repo.git(["config", "cloudkit-schema.tool", repo.dir.file("gone/cloudkit-schema")])
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        let commit = try repo.commit("gone")
        #expect(commit.status != 0)
        #expect(commit.output.contains("git config cloudkit-schema.tool is \(repo.dir.file("gone/cloudkit-schema")), which is not an executable file"), "\(commit.output)")
        #expect(commit.output.contains("run install-hooks again"), "\(commit.output)")
    }

    @Test func aRecordedBinaryRuns() throws {
        let repo = try HookRepository(tool: .none)
        try repo.git(["config", "cloudkit-schema.tool", repo.stub])
        repo.dir.write("Item.swift", "@Model class Item {}\n")
        #expect(try repo.commit("recorded binary").status == 0)
        #expect(repo.toolCalls().count == 1)
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

    @Test func bothHooksShareTheSameToolLookupCode() throws {
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
