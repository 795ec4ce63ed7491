import Foundation
import Testing
import TestSupport

/// The gate honours the configured `lintBaseline` for lint findings only: what Production
/// lacks is never held back, even when a baseline names it. The real binary, a fake cktool.
@Suite(.waitsOnProcesses) struct GateBaselineTests {
    /// The Pantry model with a unique attribute: a lint error in the gate too.
    static let uniqueName = Pantry.model.replacingOccurrences(of: "    var name: String = \"\"\n", with: "    @Attribute(.unique) var name: String = \"\"\n")

    func gate(_ fixture: GateFixture, format: String = "json") throws -> TestSupport.ProcessResult {
        var environment: [String: String?] = fixture.fake.environment().mapValues { $0 }
        for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] {
            environment.updateValue(nil, forKey: name)
        }
        return try runProcess(cloudkitSchemaBinary, ["gate", "--no-create", "--format", format], in: fixture.repo.path, environment: environment)
    }

    func codes(_ result: TestSupport.ProcessResult) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.output)")
        return try #require(json["findings"] as? [[String: Any]]).map { "\($0["code"]!)" }.sorted()
    }

    /// A fixture whose models break a lint rule, with a baseline recording it and the
    /// configuration naming that baseline.
    func baselined(production: String) throws -> GateFixture {
        let fixture = try GateFixture(production: production)
        fixture.repo.write("App/Models/Item.swift", Self.uniqueName)
        try fixture.repo.commit("unique names")
        let unbaselined = try gate(fixture)
        #expect(unbaselined.status == 1)
        #expect(try codes(unbaselined).contains("unique-constraint"), "\(unbaselined.output)")
        let write = try runProcess(cloudkitSchemaBinary, ["lint", "--write-baseline", "lint-baseline.json"], in: fixture.repo.path)
        #expect(write.status == 0, "\(write.output)")
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\",\n  \"lintBaseline\": \"lint-baseline.json\""))
        try fixture.repo.commit("adopt the baseline")
        return fixture
    }

    @Test func aBaselinedLintFindingDoesNotBlockTheGate() throws {
        let fixture = try baselined(production: Pantry.productionComplete)
        let run = try gate(fixture)
        #expect(run.status == 0, "\(run.output)")
        #expect(try codes(run).isEmpty)
        #expect(run.stdout.contains("Lint baseline lint-baseline.json: 1 known lint finding not shown."), "\(run.stdout)")
    }

    /// Production lacks `CD_notes`; the baseline is edited by hand to name that gap too:
    /// the gate still fails on it (and notes that the entry is ignored).
    @Test func aMissingProductionFieldStillBlocksWhateverTheBaselineSays() throws {
        let fixture = try baselined(production: Pantry.productionMissingField)
        let missing = try gate(fixture)
        #expect(missing.status == 1, "\(missing.output)")
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(missing.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let baselineText = try #require(fixture.repo.directory.read("lint-baseline.json"))
        var entries = try #require(try JSONSerialization.jsonObject(with: Data(baselineText.utf8)) as? [String: Any])
        var recorded = try #require(entries["findings"] as? [[String: Any]])
        for finding in findings where finding["code"] as? String == "missing-field" {
            recorded.append([
                "rule": "missing-field", "file": finding["file"] ?? "", "recordType": finding["recordType"] ?? "",
                "field": finding["field"] ?? "", "text": "var notes: String?", "message": finding["message"] ?? "",
            ])
        }
        #expect(recorded.count > 1)
        entries["findings"] = recorded
        let data = try JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted, .sortedKeys])
        fixture.repo.write("lint-baseline.json", String(decoding: data, as: UTF8.self))

        let run = try gate(fixture)
        #expect(run.status == 1, "\(run.output)")
        #expect(try codes(run).allSatisfy { $0 == "missing-field" } && !(try codes(run)).isEmpty, "\(run.stdout)")
        let lint = try runProcess(cloudkitSchemaBinary, ["lint", "--format", "json"], in: fixture.repo.path)
        #expect(lint.status == 0 && lint.stdout.contains("entries for missing-field are ignored"), "\(lint.output)")
    }

    /// A configured baseline that is gone is a setup problem, never a pass.
    @Test func aMissingConfiguredBaselineStopsTheGate() throws {
        let fixture = try baselined(production: Pantry.productionComplete)
        try fixture.repo.remove("lint-baseline.json")
        let run = try gate(fixture, format: "text")
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains("the lint baseline lint-baseline.json (lintBaseline in the configuration) does not exist"), "\(run.output)")
        #expect(run.stdout.hasSuffix("cloudkit-schema gate: ERROR (exit 2): 1 error, 0 warnings, 0 info\n"), "\(run.stdout)")
    }
}
