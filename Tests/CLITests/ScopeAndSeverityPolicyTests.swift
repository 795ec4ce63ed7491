import Foundation
import Testing
import TestSupport

/// Model rules read the model paths; project rules read the whole app whatever `modelPaths`
/// says; dev-time traps are errors in `lint` and warnings in the gate; a case the evidence
/// does not settle (an in-memory store) is at most a warning (Docs/lint.md "Severity policy").
@Suite(.waitsOnProcesses) struct ScopeAndSeverityPolicyTests {
    static let initFile = """
        { "teamId": "\(Pantry.team)", "containers": [{ "id": "\(Pantry.container)" }], "modelPaths": ["Pantry/Models"], "tagPattern": "v*" }
        """

    @Test func projectRulesReadTheAppWhateverTheModelPathsSay() throws {
        let app = try XcodeAppFixture(production: Pantry.productionComplete)
        app.repo.write(".cloudkit-schema.json", Self.initFile)
        app.repo.write("Pantry/PantryApp.swift", XcodeAppFixture.app(database: ".automatic"))
        for arguments in [["gate"], ["lint"]] {
            let result = app.run(arguments)
            #expect(result.stdout.contains("2 configure a store"), "\(arguments): \(result.output)")
            #expect(result.stdout.contains("[automatic-cloudkit-database]\n    at Pantry/PantryApp.swift:8"), "\(arguments): \(result.output)")
        }
    }

    @Test func xcodesStockPreviewIsAWarningEverywhere() throws {
        let app = try XcodeAppFixture(production: Pantry.productionComplete)
        let gate = app.run(["gate", "--format", "json"])
        #expect(gate.status == 0, "an in-memory preview store does not block the release: \(gate.output)")
        let finding = try #require(try findings(gate).first { $0["code"] as? String == "test-configuration-syncs" })
        #expect(finding["severity"] as? String == "warning")
        #expect(finding["file"] as? String == "Pantry/Views/ItemView.swift")
        let lint = app.run(["lint", "--format", "json"])
        #expect(lint.status == 0, "\(lint.output)")
        #expect(try findings(lint).first { $0["code"] as? String == "test-configuration-syncs" }?["severity"] as? String == "warning")
    }

    /// The gate's lint note counts each family of rules as what it is: the preview's
    /// warning comes from a project rule, not a model rule.
    @Test func theGatesLintNoteCountsEachFamily() throws {
        let app = try XcodeAppFixture(production: Pantry.productionComplete)
        let gate = app.run(["gate"])
        #expect(gate.status == 0, "\(gate.output)")
        #expect(gate.stdout.contains("Lint: 0 errors, 2 warnings (model rules: 0 errors, 0 warnings; project rules: 0 errors, 2 warnings; evolution rules against the models at v1.0: 0 errors, 0 warnings)."), "\(gate.output)")
        #expect(!gate.stdout.contains("from the model rules"), "\(gate.output)")
    }

    @Test func aPreviewStoreOnDiskIsAnErrorInLintAndAWarningInTheGate() throws {
        let app = try XcodeAppFixture(production: Pantry.productionComplete)
        app.repo.write("Pantry/Views/ItemView.swift", XcodeAppFixture.view(preview: ".modelContainer(for: Item.self)"))
        try app.repo.commit("preview on disk")
        let lint = app.run(["lint", "--format", "json"])
        #expect(lint.status == 1, "\(lint.output)")
        #expect(try findings(lint).first { $0["code"] as? String == "test-configuration-syncs" }?["severity"] as? String == "error")
        let gate = app.run(["gate", "--format", "json"])
        #expect(gate.status == 0, "\(gate.output)")
        #expect(try findings(gate).first { $0["code"] as? String == "test-configuration-syncs" }?["severity"] as? String == "warning")
        // A severity the configuration sets wins everywhere, the gate included.
        app.repo.write(".cloudkit-schema.json", #"{ "severities": { "rules": { "test-configuration-syncs": "error" } } }"#)
        #expect(app.run(["gate"]).status == 1)
    }

    @Test func listRulesShowsTheGateSeverity() {
        let list = runTool(["lint", "--list-rules", "--format", "json"])
        let rules = (try? JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]) ?? []
        let rule = rules.first { $0["id"] as? String == "test-configuration-syncs" }
        #expect(rule?["severity"] as? String == "error" && rule?["gateSeverity"] as? String == "warning", "\(list.output)")
        #expect(rules.first { $0["id"] as? String == "required-attribute" }?["gateSeverity"] as? String == "error")
    }

    private func findings(_ result: RunResult) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return json["findings"] as? [[String: Any]] ?? []
    }
}
