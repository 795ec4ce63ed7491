import Foundation
import Testing
import TestSupport

/// The gate on a fixture repository with a fake xcrun (README "The release gate").
@Suite(.waitsOnProcesses) struct GateCommandTests {
    @Test func blocksWhenProductionLacksAField() throws {
        let fixture = try GateFixture(production: Pantry.productionMissingField)
        let result = fixture.run(["gate"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error: Production lacks field CD_Item.CD_notes (STRING), needed for Item.notes (String?) [missing-field]\n    at App/Models/Item.swift:8"))
        #expect(result.lastLine.hasPrefix("cloudkit-schema gate: FAILED (exit 1):"))
        #expect(result.stdout.contains("Last release: v1.0 (the evolution rules compare the models with it)."))
        #expect(result.stdout.contains("CloudKit is contacted: no live export of iCloud.com.example.pantry's Production is recorded in this repository yet."))
        #expect(fixture.fake.calls.map { $0[1] } == ["export-schema", "export-schema"])
    }

    @Test func passesWhenProductionHasEverything() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        let result = fixture.run(["gate"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.lastLine.hasPrefix("cloudkit-schema gate: PASSED (exit 0)"))
    }

    @Test func skipsLoudlyWithTheEscapeHatch() throws {
        let fixture = try GateFixture()
        let result = fixture.run(["gate"], ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        #expect(result.status == 0)
        #expect(result.output.contains("SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=1 is set"))
        #expect(result.lastLine.hasPrefix("cloudkit-schema gate: SKIPPED (exit 0)"))
        #expect(fixture.fake.calls.isEmpty)
    }

    /// The loud message is said once, in every format: the report shows it (a note, a
    /// warning annotation, a warning line) and only `json` adds it on stderr for people.
    @Test(arguments: ["text", "markdown", "github", "xcode", "json"])
    func aSkipIsSaidOnce(format: String) throws {
        let fixture = try GateFixture()
        let result = fixture.run(["gate", "--format", format], ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        #expect(result.status == 0)
        let message = "SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=1 is set"
        let shown = format == "json" ? result.stderr : result.stdout
        #expect(shown.components(separatedBy: message).count == 2, "\(format): \(result.output)")
        if format != "json" { #expect(!result.stderr.contains(message), "\(format): \(result.stderr)") }
        if format == "github" { #expect(result.stdout.contains("::warning title=cloudkit-schema gate skipped::\(message)")) }
    }

    @Test func anUnclearEscapeHatchIsAnError() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        let result = fixture.run(["gate"], ["SKIP_CLOUDKIT_SCHEMA_CHECK": "maybe"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("SKIP_CLOUDKIT_SCHEMA_CHECK='maybe' is neither yes nor no"))
        #expect(result.lastLine.hasPrefix("cloudkit-schema gate: ERROR (exit 2)"))
        #expect(fixture.fake.calls.isEmpty)
    }

    /// The one shortcut: what Production must hold is already in the Production this
    /// repository last exported (Production only grows). Which files changed never decides.
    @Test func aReleaseProductionAlreadyHoldsPassesWithoutContactingCloudKit() throws {
        // v1.0 has no Item.notes, and Production has no CD_notes either: all it needs.
        let fixture = try GateFixture(production: Pantry.productionMissingField, changeModel: false)
        fixture.fake.setExport(.development, Pantry.productionMissingField)
        let first = fixture.run(["gate"])
        #expect(first.status == 0, "\(first.output)")
        #expect(fixture.fake.calls.count == 2, "the first gate exports Production and Development")
        // A UI change, and a model file touched without changing what it persists.
        fixture.repo.write("App/Views/ItemView.swift", "struct ItemView { var title = \"Pantry\" }\n")
        let model = Pantry.model.replacingOccurrences(of: "    var notes: String?\n", with: "")
        fixture.repo.write("App/Models/Item.swift", model.replacingOccurrences(of: "    init(name: String = \"\") {", with: """
                // Shown in the list row.
                var displayName: String { name.isEmpty ? "Untitled" : name }

                init(name: String = "") {
            """))
        try fixture.repo.commit("UI only")
        let result = fixture.run(["gate"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("already holds the 1 record type and every field this release requires"), "\(result.output)")
        #expect(result.stdout.contains("CloudKit was not contacted"))
        #expect(fixture.fake.calls.count == 2, "no new cktool call")
        // A new field the record lacks: CloudKit is contacted, and Production lacks it.
        fixture.repo.write("App/Models/Item.swift", Pantry.model)
        try fixture.repo.commit("Add notes")
        let blocked = fixture.run(["gate"])
        #expect(blocked.status == 1, "\(blocked.output)")
        #expect(blocked.stdout.contains("CloudKit is contacted: the Production exported"), "\(blocked.output)")
        #expect(fixture.fake.calls.count == 4)
        // Deployed: CloudKit is contacted again (the record still lacks it), and now it passes.
        fixture.fake.setExport(.development, Pantry.productionComplete)
        fixture.fake.setExport(.production, Pantry.productionComplete)
        #expect(fixture.run(["gate"]).status == 0)
        #expect(fixture.fake.calls.count == 6)
        #expect(fixture.run(["gate"]).status == 0)
        #expect(fixture.fake.calls.count == 6, "the new record answers")
        // --always contacts CloudKit even when the record would answer.
        #expect(fixture.run(["gate", "--always"]).status == 0)
        #expect(fixture.fake.calls.count == 8)
    }

    @Test func theModelsCatchWhatDevelopmentNeverSaw() throws {
        // Seed 001: no debug build ever wrote notes, so Development lacks it too and a
        // Development/Production diff is clean. Only the models know.
        let fixture = try GateFixture(production: Pantry.productionMissingField)
        fixture.fake.setExport(.development, Pantry.productionMissingField)
        let result = fixture.run(["gate", "--format", "json"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let notes = try #require(findings.first { $0["field"] as? String == "CD_notes" })
        #expect(notes["severity"] as? String == "error")
        #expect(notes["file"] as? String == "App/Models/Item.swift")
        #expect(notes["line"] as? Int == 8)
        // The String companion alone would be a warning (the default severity).
        let asset = try #require(findings.first { $0["field"] as? String == "CD_notes_ckAsset" })
        #expect(asset["severity"] as? String == "warning")
    }

    @Test func lintViolationsBlockAndTheConfigurationSetsRuleSeverities() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        fixture.repo.write("App/Models/Item.swift", Pantry.model.replacingOccurrences(of: "    var notes: String?\n", with: "    var notes: String?\n    var code: String\n")
            .replacingOccurrences(of: "        self.name = name\n", with: "        self.name = name\n        self.code = \"\"\n"))
        let blocked = fixture.run(["gate"])
        #expect(blocked.status == 1, "\(blocked.output)")
        #expect(blocked.stdout.contains("[required-attribute]"))
        #expect(blocked.stdout.contains("Lint: 2 errors, 0 warnings"))
        #expect(blocked.stdout.contains("Item.code is new since v1.0 and required"))
        // "off" in severities.rules silences the rule (the missing CD_code field still counts).
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"severities\": {\"rules\": {\"required-attribute\": \"off\"}}"))
        let silenced = fixture.run(["gate", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(silenced.stdout.utf8)) as? [String: Any])
        let codes = (json["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(!codes.contains("required-attribute"))
        #expect(codes.contains("missing-field"))
    }

    @Test func lintComparesWithTheLastRelease() throws {
        // A stored property whose type changed since v1.0: Production can never follow.
        let fixture = try GateFixture(production: Pantry.productionComplete)
        fixture.repo.write("App/Models/Item.swift", Pantry.model.replacingOccurrences(of: "var quantity: Int = 0", with: "var quantity: Double = 0"))
        try fixture.repo.commit("Fractional quantities")
        let result = fixture.run(["gate"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.stdout.contains("[property-type-changed]"))
    }

    @Test func modelsThatCannotBeReadStopTheGate() throws {
        let fixture = try GateFixture()
        fixture.repo.write("App/Models/Legacy.xcdatamodeld/Legacy.xcdatamodel/contents", "<model><entity name=\"A\"></model>")
        let broken = fixture.run(["gate"])
        #expect(broken.status == 2, "\(broken.output)")
        #expect(broken.stdout.contains("model sources could not be read"))
        #expect(fixture.fake.calls.isEmpty)

        let empty = try GateFixture()
        empty.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(of: "\"App/Models\"", with: "\"App/Views\""))
        let none = empty.run(["gate"])
        #expect(none.status == 2)
        #expect(none.stdout.contains("found no @Model class or Core Data entity in App/Views"))
    }

    @Test func withoutAReleaseTagTheGateChecks() throws {
        let fixture = try GateFixture()
        try fixture.repo.git(["tag", "-d", "v1.0"])
        let result = fixture.run(["gate"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("no tag matching 'v*' is reachable from HEAD"))
    }

    @Test(arguments: [
        ("no-cktool", "xcrun cannot find cktool"),
        ("no-token", "cktool has no CloudKit management token"),
        ("expired-token", "is expired or invalid (cktool said: \"Error: Session has expired"),
        ("wrong-team", "CloudKit refused authorization for team ABCDE12345, container iCloud.com.example.pantry (cktool said: \"Error: authorization-failed: The request is not authorized.\"), and refused listing the token's teams too"),
        ("wrong-container", "CloudKit does not know the container"),
        ("network", "cktool could not reach CloudKit"),
        ("hang", "did not finish within 1 s and was stopped"),
        ("garbage", "export is not a schema this tool can read"),
        ("empty", "cktool returned an empty Production export"),
        ("empty-schema", "is not a complete export (it defines no record types at all)"),
        ("silent-failure", "cktool export-schema failed with exit status 5 and printed nothing"),
    ])
    func everySetupFaultEndsInExitTwo(mode: String, message: String) throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"timeouts\": {\"cktoolSeconds\": 1}"))
        // Exports (and an unreadable one kept for a bug report) land in a directory this test owns.
        let scratch = TemporaryDirectory("gate-tmp")
        let result = fixture.run(["gate", "--format", "json"], mode: mode, ["TMPDIR": scratch.path])
        #expect(result.status == 2, "\(mode): \(result.output)")
        #expect(result.stderr.contains(message), "\(mode): \(result.stderr)")
        #expect(result.lastLine.hasPrefix("cloudkit-schema gate: ERROR (exit 2)"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "error")
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(finding["code"] as? String == "setup-error")
        if mode == "garbage" {
            #expect((finding["message"] as? String)?.contains("the output is kept at \(scratch.path)/cloudkit-schema-export-") == true)
        }
    }

    @Test func noXcrunIsExitTwoWithTheSnapshotAlternative() throws {
        let fixture = try GateFixture()
        var environment = fixture.fake.environment()
        environment.removeValue(forKey: "CLOUDKIT_SCHEMA_XCRUN")
        environment["PATH"] = "/usr/bin:/bin"
        let result = runTool(["gate"], in: fixture.repo.path, environment: environment)
        #expect(result.status == 2)
        #expect(result.stdout.contains("xcrun was not found"))
        #expect(result.stdout.contains("--production FILE"))
    }

    @Test func badConfigurationIsExitTwo() throws {
        let fixture = try GateFixture()
        fixture.repo.write(".cloudkit-schema.json", #"{"teamId": "ABCDE12345", "containerz": []}"#)
        let result = fixture.run(["gate"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("containerz: unknown key; did you mean 'containers'?"))
        #expect(fixture.fake.calls.isEmpty)
    }

    @Test func missingTeamIsExitTwoBeforeAnythingRuns() throws {
        let fixture = try GateFixture()
        fixture.repo.write(".cloudkit-schema.json", #"{"containers": [{"id": "iCloud.x"}]}"#)
        let result = fixture.run(["gate"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("no CloudKit team id"))
        // The environment supplies it (`TEAM_ID`).
        let withEnvironment = fixture.run(["gate"], ["TEAM_ID": Pantry.team])
        #expect(withEnvironment.status == 1)
    }

    @Test func committedExportsReplaceCktool() throws {
        let fixture = try GateFixture()
        fixture.repo.write("cloudkit/development.ckdb", Pantry.development)
        fixture.repo.write("cloudkit/production.ckdb", Pantry.productionComplete)
        let pass = fixture.run(["gate", "--production", "cloudkit/production.ckdb", "--development", "cloudkit/development.ckdb"])
        #expect(pass.status == 0, "\(pass.output)")
        #expect(pass.stdout.contains("cktool not used"))
        fixture.repo.write("cloudkit/production.ckdb", Pantry.productionMissingField)
        let fail = fixture.run(["gate", "--production", "cloudkit/production.ckdb", "--development", "cloudkit/development.ckdb"])
        #expect(fail.status == 1)
        #expect(fixture.fake.calls.isEmpty)
        let lonely = fixture.run(["gate", "--development", "cloudkit/development.ckdb"])
        #expect(lonely.status == 2)
        let broken = fixture.repo.write("cloudkit/broken.ckdb", "DEFINE SCHEMA RECORD")
        _ = broken
        let unreadable = fixture.run(["gate", "--production", "cloudkit/broken.ckdb", "--development", "cloudkit/development.ckdb"])
        #expect(unreadable.status == 2)
        #expect(unreadable.stdout.contains("cloudkit/broken.ckdb:1:"))
    }

    /// A snapshot claiming what live Production lacks fails; one behind it (a deploy since)
    /// warns: checks against it can only over-report.
    @Test func aStaleSnapshotFailsTheGateAndOneBehindWarns() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        fixture.repo.write("cloudkit/production.ckdb", Pantry.productionMissingField)
        try fixture.repo.commit("Snapshot")
        let behind = fixture.run(["gate"])
        #expect(behind.status == 0, "\(behind.output)")
        #expect(behind.stdout.contains("[snapshot-behind]"))
        #expect(behind.stdout.contains("cloudkit-schema export --environment production --output cloudkit/production.ckdb"))
        let ahead = try GateFixture(production: Pantry.productionMissingField)
        ahead.repo.write("cloudkit/production.ckdb", Pantry.productionComplete)
        try ahead.repo.commit("Snapshot")
        let stale = ahead.run(["gate"])
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("[stale-snapshot]"))
        fixture.repo.write("cloudkit/production.ckdb", Pantry.productionComplete)
        try fixture.repo.commit("Fresh snapshot")
        let fresh = fixture.run(["gate", "--always"])
        #expect(fresh.status == 0, "\(fresh.output)")
        #expect(fresh.stdout.contains("Snapshot: cloudkit/production.ckdb matches live Production."))
    }

    @Test func writesAMarkdownStepSummaryForGitHubActions() throws {
        let fixture = try GateFixture()
        let summary = fixture.repo.directory.file("step-summary.md")
        let result = fixture.run(["gate", "--format", "markdown"], ["GITHUB_STEP_SUMMARY": summary])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("### ❌ cloudkit-schema gate: FAILED (exit 1)"))
        #expect(result.lastLine.hasPrefix("cloudkit-schema gate: FAILED (exit 1)"))
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.contains("| error | `missing-field` | CD_Item | CD_notes |"))
        // Appended, not replaced: a job's steps share the file.
        _ = fixture.run(["gate"], ["GITHUB_STEP_SUMMARY": summary, "SKIP_CLOUDKIT_SCHEMA_CHECK": "yes"])
        let both = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(both.hasPrefix(written))
        #expect(both.contains("SKIPPED (exit 0)"))
    }

    @Test func runsTheCreateCommandUnlessToldNotTo() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"create\": {\"command\": \"echo materializing; touch created.marker\"}"))
        let result = fixture.run(["gate"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stderr.contains("materializing"))
        #expect(FileManager.default.fileExists(atPath: fixture.repo.directory.file("created.marker")))
        try FileManager.default.removeItem(atPath: fixture.repo.directory.file("created.marker"))
        let skipped = fixture.run(["gate", "--no-create", "--always"])
        #expect(skipped.status == 0)
        #expect(skipped.stdout.contains("Create: skipped (--no-create)."))
        #expect(!FileManager.default.fileExists(atPath: fixture.repo.directory.file("created.marker")))
    }

    @Test func aFailingCreateCommandIsExitTwoAndCloudKitIsNotRead() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"create\": {\"command\": [\"sh\", \"-c\", \"echo build failed; exit 65\"]}"))
        let result = fixture.run(["gate"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("failed with exit status 65 (last output: build failed)"))
        #expect(fixture.fake.calls.isEmpty)
    }

    @Test func jsonReportsStatusAndFindings() throws {
        let fixture = try GateFixture()
        let result = fixture.run(["gate", "--format", "json"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "fail")
        let codes = (json["findings"] as? [[String: Any]] ?? []).map { "\($0["code"]!) \($0["field"] ?? "-") \($0["environment"] ?? "-")" }
        #expect(codes == ["missing-field CD_notes production", "missing-field CD_notes_ckAsset production"])
        let first = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(first["file"] as? String == "App/Models/Item.swift")
        #expect(result.lastLine.hasPrefix("cloudkit-schema gate: FAILED (exit 1)"))
    }

    @Test func usageErrorsAlsoEndWithTheStatusInWords() throws {
        let fixture = try GateFixture()
        let result = fixture.run(["gate", "--alway"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean '--always'?"))
        #expect(result.lastLine == "cloudkit-schema gate: ERROR (exit 2)")
    }

    @Test func severalContainersAreEachChecked() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        let result = fixture.run(["gate", "--container-id", "iCloud.one", "iCloud.two"])
        #expect(result.status == 0, "\(result.output)")
        // Exported at once, so in no fixed order (the report's order is ParallelExportTests').
        #expect(fixture.fake.calls.map { $0[5] }.sorted() == ["iCloud.one", "iCloud.one", "iCloud.two", "iCloud.two"])
        #expect(result.stdout.contains("Check (iCloud.two): exported Production and Development"))
    }

    @Test func verbosePrintsTheTimeOfEachPhase() throws {
        let fixture = try GateFixture()
        let result = fixture.run(["gate", "--no-create", "--verbose"])
        #expect(result.status == 1)
        for phase in ["find the last release", "model sources present", "read models", "lint", "recorded Production", "create", "export schemas (cktool)", "check", "total"] {
            #expect(result.stderr.contains("timing: \(phase)"), "\(phase): \(result.stderr)")
        }
        #expect(!fixture.run(["gate", "--no-create"]).stderr.contains("timing:"))
    }
}
