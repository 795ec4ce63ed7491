import Foundation
import TestSupport
import Testing

/// Both installed hooks, run by real `git commit` and `git push`, with the repository, the
/// remote, `TMPDIR` and `HOME` under a root reached through a symbolic link into `/private`
/// (a Mac's `/tmp` and `/var/folders/…`, where the pre-push hook's checkout always lives).
/// Each gets its verdict, never a setup error (Docs/plugins-and-hooks.md, "Git hooks").
@Suite(.waitsOnProcesses) struct SymlinkedRootHookTests {
    @Test func preCommitLintsTheStagedModelsUnderAPrivateRoot() throws {
        let root = try SymlinkedRoot()
        let repo = try HookRepository(tool: .real, under: root)
        repo.dir.write("App/Models/Item.swift", HookGateTests.badModel)
        let blocked = try repo.commit("bad model")
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("required-attribute"), "\(blocked.output)")
        #expect(blocked.output.contains("App/Models/Item.swift:5"))
        #expect(blocked.output.contains("commit blocked: fix the findings above"))
        #expect(!blocked.output.contains("could not run"), "\(blocked.output)")

        repo.dir.write("App/Models/Item.swift", HookGateTests.goodModel)
        let fixed = try repo.commit("fixed model")
        #expect(fixed.status == 0, "\(fixed.output)")
    }

    /// v1.0 is pushed; v1.1 adds a stored property, so the hook's gate (in a checkout under
    /// `TMPDIR`) measures it from v1.0 with `--since`: the path that was a setup error.
    @Test func prePushGatesAReleaseTagWithAModelChangeUnderAPrivateRoot() throws {
        let root = try SymlinkedRoot()
        let repo = try HookRepository(tool: .real, under: root)
        repo.dir.write(".cloudkit-schema.json", ContractCommands.configuration(modelPaths: ["App/Models"]))
        // Commits the model (the pre-commit hook is not under test here), tags it and
        // returns the schema it needs.
        func release(_ model: String, _ tag: String) throws -> String {
            repo.dir.write("App/Models/Item.swift", model)
            let commit = try repo.commit(tag, environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
            guard commit.status == 0 else { throw ContractError("commit failed: \(commit.output)") }
            try repo.git(["tag", tag])
            return try ContractCommands.completeSchema(models: repo.dir.file("App/Models"))
        }
        let released = try release(HookGateTests.goodModel, "v1.0")
        repo.serve(development: released, production: released)
        let initial = try repo.push(["main", "v1.0"])
        #expect(initial.status == 0, "\(initial.output)")

        let current = try release(HookGateTests.goodModel.replacingOccurrences(
            of: "    var title: String = \"\"\n", with: "    var title: String = \"\"\n    var notes: String?\n"), "v1.1")
        repo.serve(development: current, production: released)
        // Something uncommitted: the hook gates v1.1 in a temporary checkout, not this one.
        repo.dir.write("scratch.txt", "not committed\n")
        let blocked = try repo.push(["main", "v1.1"])
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("checking release tag v1.1"))
        #expect(blocked.output.contains("Last release: v1.0"), "\(blocked.output)")
        // The checkout is named as the gate and git name it: the physical path.
        #expect(blocked.output.contains("temporary checkout of v1.1: \(root.realPath)/tmp/cloudkit-schema-pre-push."), "\(blocked.output)")
        #expect(blocked.output.contains("[missing-field]"), "\(blocked.output)")
        #expect(blocked.output.contains("cloudkit-schema gate: FAILED (exit 1)"))
        #expect(blocked.output.contains("push blocked: release tag v1.1 fails the CloudKit schema gate"))
        #expect(!blocked.output.contains("outside the git repository"))
        #expect(try repo.remoteTags() == ["v1.0"])

        repo.serve(development: current, production: current)
        let deployed = try repo.push(["main", "v1.1"])
        #expect(deployed.status == 0, "\(deployed.output)")
        #expect(deployed.output.contains("cloudkit-schema gate: PASSED"))
        #expect(try repo.remoteTags() == ["v1.0", "v1.1"])
    }
}
