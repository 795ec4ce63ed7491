import Foundation
import TestSupport
import Testing

/// The installed hooks with the real tool: a commit of a model CloudKit cannot mirror is
/// blocked; a release tag whose Production schema lacks what the models write cannot be
/// pushed; SKIP_CLOUDKIT_SCHEMA_CHECK lets both through, loudly.
@Suite(.waitsOnProcesses) struct HookGateTests {
    static let badModel = """
        import SwiftData

        @Model
        final class Item {
            var title: String
            init(title: String) { self.title = title }
        }

        """
    static let goodModel = badModel.replacingOccurrences(of: "var title: String\n", with: "var title: String = \"\"\n")

    @Test(.enabled(if: ContractCommands.exist("lint", "expected")))
    func preCommitBlocksAModelCloudKitCannotMirror() throws {
        let repo = try HookRepository(tool: .real)
        repo.dir.write("App/Models/Item.swift", Self.badModel)
        let blocked = try repo.commit("bad model")
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("required-attribute"))
        #expect(blocked.output.contains("App/Models/Item.swift:5"))
        #expect(blocked.output.contains("commit blocked"))

        let skipped = try repo.commit("bad model, deliberately", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        #expect(skipped.status == 0)
        #expect(skipped.output.contains("SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=1"))

        repo.dir.write("App/Models/Item.swift", Self.goodModel)
        let fixed = try repo.commit("fixed model")
        #expect(fixed.status == 0, "\(fixed.output)")
    }

    /// The tool reads SKIP_CLOUDKIT_SCHEMA_CHECK for the hook (one reader): yes-words skip
    /// loudly, no-words run, anything else blocks with exit 2.
    @Test(arguments: [("1", Int32(0)), (" 1", 0), ("true", 0), ("YES", 0), ("0", 1), ("no", 1), ("false", 1), ("", 1), ("maybe", 2), ("on", 2)])
    func preCommitLeavesSkipToTheTool(value: String, status: Int32) throws {
        let repo = try HookRepository(tool: .real)
        repo.dir.write("App/Models/Item.swift", Self.badModel)
        try repo.git(["add", "-A"])
        let hook = try repo.runHook("pre-commit", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": value])
        #expect(hook.status == status, "\(value): \(hook.output)")
        switch status {
        case 0: #expect(hook.output.contains("SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=\(value) is set, so the CloudKit model lint of the staged files did NOT run."))
        case 1: #expect(hook.output.contains("[required-attribute]"))
        default: #expect(hook.output.contains("SKIP_CLOUDKIT_SCHEMA_CHECK='\(value)' is neither yes nor no"))
        }
    }

    func releaseRepository() throws -> HookRepository {
        let repo = try HookRepository(tool: .real)
        repo.dir.write("App/Models/Item.swift", Self.goodModel)
        repo.dir.write(".cloudkit-schema.json", ContractCommands.configuration(modelPaths: ["App/Models"]))
        // Setup, not under test here: the pre-commit hook is skipped for this commit.
        let commit = try repo.commit("models", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        guard commit.status == 0 else { throw ContractError("commit failed: \(commit.output)") }
        try repo.git(["tag", "v1.0"])
        return repo
    }

    @Test(.enabled(if: ContractCommands.exist("gate")))
    func prePushBlocksAReleaseTagWithDrift() throws {
        let repo = try releaseRepository()
        repo.serve(
            development: try ContractCommands.completeSchema(models: repo.dir.file("App/Models")),
            production: ContractCommands.emptyProduction)
        let blocked = try repo.push(["v1.0"])
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("[missing-record-type]"))
        #expect(blocked.output.contains("cloudkit-schema gate: FAILED (exit 1)"))
        #expect(blocked.output.contains("push blocked: release tag v1.0 fails the CloudKit schema gate"))
        #expect(!blocked.output.contains(ContractCommands.token))
        #expect(try repo.remoteTags().isEmpty)

        // The value as a shell line may carry it (" 1"): the tool, not the hook, reads it,
        // so the hook and the tool run by hand agree.
        let skipped = try repo.push(["v1.0"], environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": " 1"])
        #expect(skipped.status == 0, "\(skipped.output)")
        #expect(skipped.output.contains("SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK= 1 is set, so the CloudKit schema gate checked NOTHING."))
        #expect(skipped.output.components(separatedBy: "checked NOTHING").count == 2, "said once: \(skipped.output)")
        #expect(try repo.remoteTags() == ["v1.0"])
    }

    @Test(.enabled(if: ContractCommands.exist("gate")))
    func prePushLetsAReleaseTagThroughWhenProductionHasEverything() throws {
        let repo = try releaseRepository()
        let schema = try ContractCommands.completeSchema(models: repo.dir.file("App/Models"))
        repo.serve(development: schema, production: schema)
        let push = try repo.push(["main", "v1.0"])
        #expect(push.status == 0, "\(push.output)")
        #expect(push.output.contains("cloudkit-schema gate: PASSED"))
        #expect(try repo.remoteTags() == ["v1.0"])
    }

    /// A release tagged before the tool was adopted has no configuration: the gate uses the
    /// current one (and says so) on the tag's own models, instead of exit 2.
    @Test(.enabled(if: ContractCommands.exist("gate")))
    func prePushGatesATagFromBeforeTheToolWithTheCurrentConfiguration() throws {
        let repo = try HookRepository(tool: .real)
        repo.dir.write("App/Models/Item.swift", Self.goodModel)
        #expect(try repo.commit("before the tool", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"]).status == 0)
        try repo.git(["tag", "v0.9"])
        let schema = try ContractCommands.completeSchema(models: repo.dir.file("App/Models"))
        // Adopted later, with a model Production lacks: the tag's verdict must not see it.
        repo.dir.write(".cloudkit-schema.json", ContractCommands.configuration(modelPaths: ["App/Models"]))
        repo.dir.write("App/Models/Later.swift", Self.goodModel.replacingOccurrences(of: "class Item", with: "class Later"))
        #expect(try repo.commit("adopt the tool", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"]).status == 0)
        repo.serve(development: schema, production: schema)
        let push = try repo.push(["v0.9"])
        #expect(push.status == 0, "\(push.output)")
        #expect(push.output.contains("release tag v0.9 has no configuration of its own (it predates the tool): the gate uses the current one, .cloudkit-schema.json"), "\(push.output)")
        #expect(push.output.contains("cloudkit-schema gate: PASSED"), "\(push.output)")
        #expect(try repo.remoteTags() == ["v0.9"])
    }
}
