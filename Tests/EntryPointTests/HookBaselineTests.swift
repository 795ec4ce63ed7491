import Foundation
import TestSupport
import Testing

/// The pre-commit hook asks `lint --staged`, which takes the staged configuration's
/// `lintBaseline` (the index's copy of the baseline): a real `git commit` through the
/// installed hook and the real tool.
@Suite(.waitsOnProcesses) struct HookBaselineTests {
    @Test func theHookHonoursTheStagedBaseline() throws {
        let repo = try HookRepository(tool: .real)
        repo.dir.write("App/Models/Item.swift", HookGateTests.badModel)
        let write = try runProcess(cloudkitSchemaBinary, ["lint", "--models", "App/Models", "--write-baseline", "lint-baseline.json"],
                                   in: repo.dir.path, environment: repo.environment)
        #expect(write.status == 0, "\(write.output)")
        repo.dir.write(".cloudkit-schema.json", "{ \"modelPaths\": [\"App/Models\"], \"lintBaseline\": \"lint-baseline.json\" }\n")
        try repo.git(["add", "-A"])
        let adopt = try InputFaultRun("git", ["commit", "-q", "-m", "adopt"], in: repo.dir.path, environment: repo.environment)
        #expect(adopt.result.status == 0, "\(adopt.result.output)")
        #expect(adopt.result.output.contains("1 known lint finding not shown"), "\(adopt.result.output)")
        #expect(adopt.leftovers.isEmpty && adopt.sentinelSeenIn.isEmpty, "\(adopt.trail)")

        // The work tree's baseline is not what the commit records: the index's copy counts.
        repo.dir.write("lint-baseline.json", "{ not json")
        repo.dir.write("App/Models/Item.swift", HookGateTests.badModel.replacingOccurrences(of: "import SwiftData\n", with: "import SwiftData\n// Items.\n"))
        try repo.git(["add", "App/Models/Item.swift"])
        let edit = try InputFaultRun("git", ["commit", "-q", "-m", "comment"], in: repo.dir.path, environment: repo.environment)
        #expect(edit.result.status == 0, "\(edit.result.output)")

        repo.dir.write("App/Models/Item.swift", HookGateTests.badModel.replacingOccurrences(of: "    var title: String\n", with: "    var title: String\n    var count: Int\n")
            .replacingOccurrences(of: "{ self.title = title }", with: "{ self.title = title; count = 0 }"))
        try repo.git(["add", "App/Models/Item.swift"])
        let new = try InputFaultRun("git", ["commit", "-q", "-m", "count"], in: repo.dir.path, environment: repo.environment)
        #expect(new.result.status != 0, "\(new.result.output)")
        #expect(new.result.output.contains("Item.count"), "\(new.result.output)")

        // Staged, the broken baseline is what the commit would record: exit 2, not a pass.
        try repo.git(["add", "lint-baseline.json"])
        let broken = try InputFaultRun("git", ["commit", "-q", "-m", "broken baseline"], in: repo.dir.path, environment: repo.environment)
        #expect(broken.result.status != 0, "\(broken.result.output)")
        #expect(broken.result.output.contains("the lint baseline lint-baseline.json cannot be used"), "\(broken.result.output)")
    }
}
