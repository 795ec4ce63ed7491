import Foundation
import TestSupport
import Testing

/// The skip rule through the installed pre-push hook and `git push` to a bare remote
/// (Docs/gate-skip-rule.md): a refused tag never vouches for the next, a pattern the hook
/// and git would read differently is refused instead of letting every tag through, and
/// models in a submodule are read in the hook's own checkout of the tag.
@Suite(.waitsOnProcesses) struct HookSkipRuleTests {
    static let item = HookGateTests.goodModel
    static let itemWithNotes = item.replacingOccurrences(of: "    var title: String = \"\"\n", with: "    var title: String = \"\"\n    var notes: String?\n")

    func repository(configuration: String = ContractCommands.configuration(modelPaths: ["App/Models"])) throws -> HookRepository {
        let repo = try HookRepository(tool: .real)
        repo.dir.write("App/Models/Item.swift", Self.item)
        repo.dir.write(".cloudkit-schema.json", configuration)
        let commit = try repo.commit("1.0", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        guard commit.status == 0 else { throw HookTestError("commit failed: \(commit.output)") }
        try repo.git(["tag", "v1.0"])
        return repo
    }

    @Test(.enabled(if: ContractCommands.exist("gate")))
    func aRefusedTagDoesNotLetTheNextOneThrough() throws {
        let repo = try repository()
        let released = try ContractCommands.completeSchema(models: repo.dir.file("App/Models"))
        repo.serve(development: released, production: released)
        #expect(try repo.push(["main", "v1.0"]).status == 0)

        repo.dir.write("App/Models/Item.swift", Self.itemWithNotes)
        #expect(try repo.commit("notes", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"]).status == 0)
        try repo.git(["tag", "v1.1"])
        let current = try ContractCommands.completeSchema(models: repo.dir.file("App/Models"))
        repo.serve(development: current, production: released)
        let refused = try repo.push(["v1.1"])
        #expect(refused.status != 0)
        #expect(refused.output.contains("[missing-field]"), "\(refused.output)")

        repo.dir.write("README.md", "1.1.1\n")
        #expect(try repo.commit("docs", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"]).status == 0)
        try repo.git(["tag", "v1.1.1"])
        let next = try repo.push(["main", "v1.1.1"])
        #expect(next.status != 0, "\(next.output)")
        #expect(next.output.contains("push blocked: release tag v1.1.1 fails the CloudKit schema gate"), "\(next.output)")
        #expect(next.output.contains("the branches in this push were not pushed either"), "\(next.output)")
        #expect(try repo.remoteTags() == ["v1.0"])
    }

    /// `refs/tags/v*` or ` v*`: accepted before by the tool, matched by nothing in the hook,
    /// so `git push origin v1.1` went through unchecked. Now refused where it is read.
    @Test(.enabled(if: ContractCommands.exist("gate")), arguments: ["refs/tags/v*", " v*"])
    func aPatternTheHookCouldNotApplyBlocksThePush(pattern: String) throws {
        let repo = try repository(configuration: ContractCommands.configuration(modelPaths: ["App/Models"])
            .replacingOccurrences(of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"\(pattern)\""))
        let push = try repo.push(["v1.0"])
        #expect(push.status != 0, "\(push.output)")
        #expect(push.output.contains("tagPattern: '\(pattern)'"), "\(push.output)")
        #expect(push.output.contains("push blocked"), "\(push.output)")
        #expect(try repo.remoteTags().isEmpty)
    }

    /// The tag's checkout has the submodule's models of the tagged commit: a model added
    /// there and missing from Production blocks the push.
    @Test(.enabled(if: ContractCommands.exist("gate")))
    func modelsInASubmoduleAreReadInTheTagsCheckout() throws {
        let shared = try FixtureRepository("shared")
        shared.write("Item.swift", Self.item)
        try shared.commit("Item")
        let repo = try HookRepository(tool: .real)
        let fileProtocol: [String: String?] = ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "protocol.file.allow", "GIT_CONFIG_VALUE_0": "always"]
        for (key, value) in fileProtocol { repo.environment[key] = value }
        try repo.git(["submodule", "add", "-q", shared.path, "Shared"])
        repo.dir.write(".cloudkit-schema.json", ContractCommands.configuration(modelPaths: ["Shared"]))
        #expect(try repo.commit("1.0", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"]).status == 0)
        try repo.git(["tag", "v1.0"])
        let released = try ContractCommands.completeSchema(models: repo.dir.file("Shared"))
        repo.serve(development: released, production: released)
        #expect(try repo.push(["main", "v1.0"]).status == 0)

        shared.write("Tag.swift", Self.item.replacingOccurrences(of: "class Item", with: "class Tag"))
        try shared.commit("Tag")
        try TestSupport.git(["pull", "-q", "--no-rebase", shared.path, "main"], in: repo.dir.file("Shared"))
        #expect(try repo.commit("Bump Shared", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"]).status == 0)
        try repo.git(["tag", "v1.1"])
        // Something uncommitted here: the hook checks v1.1 out on its own, submodule included.
        repo.dir.write("scratch.txt", "not committed\n")
        let push = try repo.push(["v1.1"])
        #expect(push.status != 0, "\(push.output)")
        #expect(push.output.contains("temporary checkout of v1.1"), "\(push.output)")
        #expect(push.output.contains("lacks record type CD_Tag"), "\(push.output)")
        #expect(try repo.remoteTags() == ["v1.0"])
    }

    /// The hook's own git calls (git status when it gates in this checkout, git worktree add
    /// when it checks the tag out) never hand the token to a program the repository's git
    /// configuration names; the gate's cktool still gets it.
    @Test(.enabled(if: ContractCommands.exist("gate")))
    func theHooksGitCallsNeverPassTheTokenOn() throws {
        let repo = try repository()
        let released = try ContractCommands.completeSchema(models: repo.dir.file("App/Models"))
        repo.serve(development: released, production: released)
        let scratch = TemporaryDirectory("hook-fsmonitor")
        let log = scratch.file("ran")
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        let monitor = scratch.writeExecutable("fsmonitor", "#!/bin/sh\nenv > '\(log)'/fsmonitor.$$\nexit 1\n")
        try repo.git(["config", "core.fsmonitor", monitor])
        let token = "hook-secret-token-8f3a"
        // v1.0 checked out and clean: the hook asks git status; then dirty: a worktree.
        #expect(try repo.push(["v1.0"], environment: ["CLOUDKIT_MANAGEMENT_TOKEN": token]).status == 0)
        repo.dir.write("scratch.txt", "not committed\n")
        try repo.git(["tag", "v1.0.1"])
        let second = try repo.push(["v1.0.1"], environment: ["CLOUDKIT_MANAGEMENT_TOKEN": token])
        #expect(second.status == 0, "\(second.output)")
        #expect(second.output.contains("temporary checkout of v1.0.1"), "\(second.output)")
        for name in try FileManager.default.contentsOfDirectory(atPath: log) {
            #expect(!(scratch.read("ran/\(name)") ?? "").contains(token), "the fsmonitor program received the token: \(name)")
        }
    }
}
