import Foundation
import TestSupport
import Testing

/// The fault matrix, hook side: pushes and commits that used to pass without the check
/// they stand for. Each runs a real `git push` or `git commit` through the installed
/// hooks and the real tool (fake xcrun, sentinel token), and asserts git's exact exit
/// status, the tool's verdict, that the sentinel appears nowhere and that nothing was
/// left behind (`InputFaultRun`).
@Suite(.waitsOnProcesses) struct HookInputFaultTests {
    static let model = HookGateTests.goodModel
    /// The same model with one more stored property, which Production lacks.
    static let grownModel = model.replacingOccurrences(of: "var title: String = \"\"\n", with: "var title: String = \"\"\n    var notes: String?\n")

    /// A repository whose v1.0 holds `model`, served so that Production has exactly what
    /// v1.0 needs; the commit after it adds `notes`. `configure` writes the configuration.
    func release(configure: (HookRepository) throws -> Void) throws -> HookRepository {
        let repo = try HookRepository(tool: .real)
        repo.dir.write("App/Models/Item.swift", Self.model)
        try configure(repo)
        try commit(repo, "1.0")
        let released = try ContractCommands.completeSchema(models: repo.dir.file("App/Models"))
        try repo.git(["tag", "1.0"])
        repo.dir.write("App/Models/Item.swift", Self.grownModel)
        try commit(repo, "notes")
        repo.serve(development: try ContractCommands.completeSchema(models: repo.dir.file("App/Models")), production: released)
        return repo
    }

    func commit(_ repo: HookRepository, _ message: String) throws {
        let result = try repo.commit(message)
        guard result.status == 0 else { throw HookTestError("commit \(message) failed: \(result.output)") }
    }

    /// `git push` through the installed hook, with the team and container the gate needs.
    func push(_ repo: HookRepository, _ refs: [String]) throws -> InputFaultRun {
        var environment = repo.environment
        environment["TEAM_ID"] = "ABCDE12345"
        environment["CONTAINER_ID"] = "iCloud.com.example.hooks"
        return try InputFaultRun("git", ["push", "-q", "origin"] + refs, in: repo.dir.path, environment: environment)
    }

    /// Issue 14, 1: `init` writes `// "tagPattern": "v*",`; the hook read it with sed and
    /// let every tag not matching v* through unchecked.
    @Test func aCommentedOutTagPatternIsNoPattern() throws {
        let repo = try release { repo in
            let initialized = try runProcess(cloudkitSchemaBinary, ["init"], in: repo.dir.path, environment: repo.environment)
            guard initialized.status == 0 else { throw HookTestError("init failed: \(initialized.output)") }
            #expect(repo.dir.read(".cloudkit-schema.json")?.contains("// \"tagPattern\": \"v*\",") == true)
        }
        try repo.git(["tag", "1.1"])
        let push = try push(repo, ["1.1"])
        #expect(push.result.status == 1, "\(push.result.output)")
        #expect(push.result.output.contains("cloudkit-schema gate: FAILED (exit 1)"), "\(push.result.output)")
        #expect(push.result.output.contains("push blocked: release tag 1.1 fails the CloudKit schema gate"))
        #expect(push.leftNothingBehind, "\(push.trail)")
        #expect(try repo.remoteTags().isEmpty)
    }

    /// A tag created on the remote only (`HEAD:refs/tags/v2.0`): no local tag ref, and the
    /// hook used to look at the local one.
    @Test func aTagPushedWithoutALocalTagIsGated() throws {
        let repo = try release { repo in
            repo.dir.write(".cloudkit-schema.json", ContractCommands.configuration(modelPaths: ["App/Models"]))
        }
        let push = try push(repo, ["HEAD:refs/tags/v2.0"])
        #expect(push.result.status == 1, "\(push.result.output)")
        #expect(push.result.output.contains("push blocked: release tag v2.0 fails the CloudKit schema gate"), "\(push.result.output)")
        #expect(push.leftNothingBehind, "\(push.trail)")
        #expect(try repo.remoteTags().isEmpty)
    }

    /// `@SwiftData.Model` is a model to the tool; the hook's own grep for `@Model` missed it.
    @Test func aQualifiedModelMacroIsLinted() throws {
        let repo = try HookRepository(tool: .real)
        repo.dir.write("App/Models/Item.swift", HookGateTests.badModel.replacingOccurrences(of: "@Model", with: "@SwiftData.Model"))
        try repo.git(["add", "-A"])
        let commit = try InputFaultRun("git", ["commit", "-q", "-m", "qualified"], in: repo.dir.path, environment: repo.environment)
        #expect(commit.result.status == 1, "\(commit.result.output)")
        #expect(commit.result.output.contains("[required-attribute]"), "\(commit.result.output)")
        #expect(commit.result.output.contains("commit blocked"))
        #expect(commit.leftovers.isEmpty && commit.sentinelSeenIn.isEmpty, "\(commit.trail)")
        #expect(try repo.git(["rev-list", "--all", "--count"]) == "1\n", "only the initial commit exists")
    }

    /// The staged configuration turns a rule off: the gate honours it, so the commit hook
    /// must too (lint used to ignore severities.rules).
    @Test func theStagedConfigurationsRuleSeveritiesApply() throws {
        let repo = try HookRepository(tool: .real)
        repo.dir.write("App/Models/Item.swift", HookGateTests.badModel)
        repo.dir.write(".cloudkit-schema.json", "{ \"modelPaths\": [\"App/Models\"], \"severities\": { \"rules\": { \"required-attribute\": \"off\" } } }\n")
        try repo.git(["add", "-A"])
        let commit = try InputFaultRun("git", ["commit", "-q", "-m", "rule off"], in: repo.dir.path, environment: repo.environment)
        #expect(commit.result.status == 0, "\(commit.result.output)")
        #expect(commit.result.output.contains("cloudkit-schema lint: PASSED (exit 0)"), "\(commit.result.output)")
        #expect(commit.leftovers.isEmpty && commit.sentinelSeenIn.isEmpty, "\(commit.trail)")
    }
}
