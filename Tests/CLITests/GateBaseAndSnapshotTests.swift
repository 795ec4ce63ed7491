import Foundation
import Testing
import TestSupport

/// `--always` checks more, never less: the comparisons with the last release still run.
/// Without cktool, a committed Production snapshot is the verdict's basis, and the status
/// line says so.
@Suite(.waitsOnProcesses) struct GateBaseAndSnapshotTests {
    /// Item.quantity retyped Int -> String since v1.0 (and name removed).
    func retypedApp() throws -> XcodeAppFixture {
        let app = try XcodeAppFixture(changeModel: false, production: Pantry.productionComplete)
        app.repo.write("Pantry/Models/Item.swift", Pantry.model
            .replacingOccurrences(of: "var quantity: Int = 0", with: "var quantity: String = \"\"")
            .replacingOccurrences(of: "    var name: String = \"\"\n", with: "")
            .replacingOccurrences(of: "self.name = name", with: "_ = name"))
        try app.repo.commit("Retype quantity")
        return app
    }

    @Test func alwaysStillComparesWithTheLastRelease() throws {
        let app = try retypedApp()
        for arguments in [["gate"], ["gate", "--always"], ["gate", "--always", "--since", "v1.0"]] {
            let result = app.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.output)")
            #expect(result.stdout.contains("[property-type-changed]"), "\(arguments): \(result.output)")
            #expect(result.stdout.contains("[removed-property]"), "\(arguments): \(result.output)")
        }
    }

    @Test func alwaysOutsideGitChecksWithoutABase() throws {
        let directory = TemporaryDirectory("no-git")
        directory.write("Models/Item.swift", Pantry.model)
        let fake = FakeXcrun(development: Pantry.development, production: Pantry.productionComplete)
        let result = runTool(["gate", "--always", "--team-id", Pantry.team, "--container-id", Pantry.container],
                             in: directory.path, environment: fake.environment())
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("no git work tree here"))
    }

    /// No xcrun at all, or an xcrun without cktool: the committed snapshot is Production.
    @Test func withoutCktoolTheCommittedSnapshotIsTheBasis() throws {
        let app = try XcodeAppFixture()
        app.repo.write("cloudkit/production.ckdb", Pantry.productionMissingField)
        try app.repo.commit("Production snapshot")
        var noXcrun = app.fake.environment()
        noXcrun["CLOUDKIT_SCHEMA_XCRUN"] = nil
        noXcrun["PATH"] = "/usr/bin:/bin"
        let runs = [
            runTool(["gate"], in: app.path, environment: noXcrun),
            app.run(["gate"], mode: "no-cktool"),
        ]
        for result in runs {
            #expect(result.status == 1, "\(result.output)")
            #expect(result.stdout.contains("Production (committed snapshot) lacks field CD_Item.CD_notes"), "\(result.output)")
            #expect(result.lastLine.hasPrefix(
                "cloudkit-schema gate: FAILED (exit 1) against the committed Production snapshot cloudkit/production.ckdb (cktool unavailable; Development not compared):"),
                "\(result.lastLine)")
        }
        // check says the same.
        let check = runTool(["check"], in: app.path, environment: noXcrun)
        #expect(check.status == 1 && check.lastLine.contains("against the committed Production snapshot cloudkit/production.ckdb"), "\(check.output)")
        // The snapshot agrees with Production: a pass, still said to be against the snapshot.
        app.repo.write("cloudkit/production.ckdb", Pantry.productionComplete)
        try app.repo.commit("Fresh snapshot")
        let pass = runTool(["gate"], in: app.path, environment: noXcrun)
        #expect(pass.status == 0 && pass.lastLine.hasPrefix("cloudkit-schema gate: PASSED (exit 0) against the committed Production snapshot"), "\(pass.output)")
    }

    /// A cktool that runs and fails is a setup to fix, not a reason to trust a snapshot.
    @Test func aFailingCktoolIsNeverReplacedByTheSnapshot() throws {
        let app = try XcodeAppFixture()
        app.repo.write("cloudkit/production.ckdb", Pantry.productionComplete)
        for mode in ["no-token", "network", "wrong-team"] {
            let result = app.run(["gate"], mode: mode)
            #expect(result.status == 2, "\(mode): \(result.output)")
            #expect(!result.output.contains("against the committed Production snapshot"), "\(mode)")
        }
        // Without a snapshot, no cktool stays the setup error it was.
        try FileManager.default.removeItem(atPath: app.repo.directory.file("cloudkit"))
        #expect(app.run(["gate"], mode: "no-cktool").status == 2)
    }
}
