import Foundation
import SchemaGate
import TestSupport
import Testing

/// `--format sarif` of check, lint and gate through the real binary, held to what the
/// SARIF 2.1.0 schema requires and GitHub code scanning ingests (Docs/sarif.md): the log's
/// `version` and `$schema`, a driver with a name and a rule for every finding code, results
/// whose `ruleId` resolves and whose level is in the enum, message texts, and locations with
/// a non-empty relative URI under `SRCROOT` and 1-based lines.
@Suite(.waitsOnProcesses) struct SARIFStructureTests {
    static let levels: Set<String> = ["none", "note", "warning", "error"]

    /// The problems of a SARIF log, by the rules above; empty when it is valid.
    static func problems(in text: String) -> [String] {
        guard let log = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return ["not a JSON object"] }
        var problems: [String] = []
        func expect(_ condition: Bool, _ problem: @autoclosure () -> String) { if !condition { problems.append(problem()) } }
        expect(log["version"] as? String == "2.1.0", "version is not 2.1.0")
        expect((log["$schema"] as? String).flatMap(URL.init(string:))?.scheme == "https", "$schema is not an absolute URI")
        guard let runs = log["runs"] as? [[String: Any]], !runs.isEmpty else { return problems + ["no runs"] }
        for run in runs {
            let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any] ?? [:]
            expect(!(driver["name"] as? String ?? "").isEmpty, "tool.driver.name is missing")
            expect(driver["version"] is String, "tool.driver.version is missing")
            let rules = driver["rules"] as? [[String: Any]] ?? []
            let ids = rules.compactMap { $0["id"] as? String }
            expect(ids.count == rules.count && Set(ids).count == ids.count, "rule ids are missing or repeated")
            for rule in rules {
                for key in ["shortDescription", "fullDescription", "help"] {
                    expect(!((rule[key] as? [String: Any])?["text"] as? String ?? "").isEmpty, "rule \(rule["id"] ?? "?") lacks \(key).text")
                }
                expect(levels.contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""), "rule \(rule["id"] ?? "?") has no default level")
            }
            let bases = run["originalUriBaseIds"] as? [String: [String: Any]] ?? [:]
            for (name, base) in bases {
                expect((base["uri"] as? String).map { $0.hasPrefix("file:///") && $0.hasSuffix("/") } == true, "base \(name) is not an absolute directory URI")
            }
            guard let results = run["results"] as? [[String: Any]] else { problems.append("no results array"); continue }
            for result in results {
                let id = result["ruleId"] as? String ?? ""
                expect(ids.contains(id), "ruleId \(id) names no rule")
                if let index = result["ruleIndex"] as? Int { expect(index >= 0 && index < ids.count && ids[index] == id, "ruleIndex of \(id) is wrong") }
                expect(levels.contains(result["level"] as? String ?? ""), "level of \(id) is not in the enum")
                expect(!((result["message"] as? [String: Any])?["text"] as? String ?? "").isEmpty, "result \(id) has no message.text")
                let locations = result["locations"] as? [[String: Any]] ?? []
                expect(!locations.isEmpty, "result \(id) has no location (GitHub rejects the upload)")
                for location in locations {
                    let physical = location["physicalLocation"] as? [String: Any] ?? [:]
                    let artifact = physical["artifactLocation"] as? [String: Any] ?? [:]
                    let uri = artifact["uri"] as? String ?? ""
                    expect(!uri.isEmpty && URL(string: uri) != nil, "result \(id) has no valid uri: '\(uri)'")
                    if let base = artifact["uriBaseId"] as? String {
                        expect(bases[base] != nil, "uriBaseId \(base) is not in originalUriBaseIds")
                        expect(!uri.hasPrefix("/") && !uri.hasPrefix("../") && !uri.contains(":"), "uri \(uri) is not relative to \(base)")
                    } else {
                        expect(uri.hasPrefix("file:///"), "uri \(uri) is neither relative to a base nor absolute")
                    }
                    if let region = physical["region"] as? [String: Any] {
                        expect((region["startLine"] as? Int ?? 0) >= 1, "result \(id) has a line below 1")
                        if let column = region["startColumn"] { expect((column as? Int ?? 0) >= 1, "result \(id) has a column below 1") }
                    }
                }
            }
            for invocation in run["invocations"] as? [[String: Any]] ?? [] {
                expect(invocation["executionSuccessful"] is Bool, "invocation lacks executionSuccessful")
                for notification in invocation["toolExecutionNotifications"] as? [[String: Any]] ?? [] {
                    expect(!((notification["message"] as? [String: Any])?["text"] as? String ?? "").isEmpty, "a notification has no message.text")
                    if let rule = (notification["associatedRule"] as? [String: Any])?["id"] as? String { expect(ids.contains(rule), "notification names no rule \(rule)") }
                }
            }
        }
        return problems
    }

    static func run(_ log: String) -> [String: Any] {
        ((try? JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first ?? [:]
    }

    static func locations(_ log: String) -> [String] {
        (run(log)["results"] as? [[String: Any]] ?? []).compactMap { result in
            guard let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any] else { return nil }
            let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
            return "\(result["ruleId"] ?? "?") \(uri):\((physical["region"] as? [String: Any])?["startLine"] ?? "-")"
        }
    }

    /// The drift fixture: every result is in Development's export, relative to the checkout's root.
    @Test func checkIsValidSARIFWithEveryRule() throws {
        let run = try runProcess(cloudkitSchemaBinary, ["check", "--development", exampleDevelopment, "--production", exampleProduction, "--format", "sarif"],
                                 in: packageRoot, environment: ["GITHUB_WORKSPACE": nil])
        #expect(run.status == 1, "\(run.output)")
        #expect(Self.problems(in: run.stdout).isEmpty, "\(Self.problems(in: run.stdout))")
        let rules = (((Self.run(run.stdout)["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(rules == FindingCatalog.all.map(\.id))
        for id in LintRuleCatalog.infos.map(\.id) + FindingCode.allCases.map(\.id) + ["parse-error", "unknown-type", "setup-error"] {
            #expect(rules.contains(id), "\(id)")
        }
        let places = Self.locations(run.stdout)
        #expect(places.count == 4 && places.allSatisfy { $0.contains(" \(exampleDevelopment):") }, "\(places)")
        #expect(run.stderr.hasSuffix("cloudkit-schema check: FAILED (exit 1): 3 errors, 1 warning, 0 info\n"), "\(run.stderr)")
    }

    /// Schema findings against the models point at the model's line.
    @Test func modelFindingsPointAtTheModelSource() throws {
        let stockroom = "Examples/Stockroom"
        let run = try runProcess(cloudkitSchemaBinary, [
            "check", "--models", stockroom + "/Models", "--production", stockroom + "/cloudkit/production.ckdb", "--format", "sarif",
        ], in: packageRoot, environment: ["GITHUB_WORKSPACE": nil])
        #expect(run.status == 1)
        #expect(Self.problems(in: run.stdout).isEmpty, "\(Self.problems(in: run.stdout))")
        let places = Self.locations(run.stdout)
        #expect(places.contains { $0.hasPrefix("missing-record-type \(stockroom)/Models/SavedSearch.swift:") }, "\(places)")
        #expect(places.contains { $0.hasPrefix("missing-field \(stockroom)/Models/Item.swift:") }, "\(places)")
    }

    /// Lint from a subfolder of a repository: URIs stay relative to the repository's root,
    /// whatever GITHUB_WORKSPACE says (a workflow may check out below it).
    @Test func lintURIsAreRelativeToTheRepositoryRoot() throws {
        let repo = try FixtureRepository("sarif-lint")
        repo.write("App/Models/My Item.swift", LintBaselineTests.model)
        let run = try runProcess(cloudkitSchemaBinary, ["lint", "Models", "--format", "sarif"], in: repo.directory.file("App"),
                                 environment: ["GITHUB_WORKSPACE": nil])
        #expect(run.status == 1, "\(run.output)")
        #expect(Self.problems(in: run.stdout).isEmpty, "\(Self.problems(in: run.stdout))")
        #expect(Self.locations(run.stdout).sorted() == ["required-attribute App/Models/My%20Item.swift:6", "unique-constraint App/Models/My%20Item.swift:5"], "\(run.stdout)")
        let base = (Self.run(run.stdout)["originalUriBaseIds"] as? [String: [String: String]])?["SRCROOT"]?["uri"]
        #expect(base == "file://" + repo.path + "/", "\(base ?? "none")")

        let workspace = try runProcess(cloudkitSchemaBinary, ["lint", "Models", "--format", "sarif"], in: repo.directory.file("App"),
                                       environment: ["GITHUB_WORKSPACE": repo.directory.file("App")])
        #expect(Self.locations(workspace.stdout) == Self.locations(run.stdout), "\(workspace.stdout)")
    }

    /// The gate: lint and check findings in one log; a setup error is still one valid log,
    /// its error a notification (it names no file) and the run not successful.
    @Test func gateIsValidSARIFAndAnErrorIsStillALog() throws {
        let fixture = try GateFixture(production: Pantry.productionMissingField)
        var environment: [String: String?] = fixture.fake.environment().mapValues { $0 }
        for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] {
            environment.updateValue(nil, forKey: name)
        }
        let gate = try runProcess(cloudkitSchemaBinary, ["gate", "--format", "sarif"], in: fixture.repo.path, environment: environment)
        #expect(gate.status == 1, "\(gate.output)")
        #expect(Self.problems(in: gate.stdout).isEmpty, "\(Self.problems(in: gate.stdout))")
        #expect(Self.locations(gate.stdout).contains { $0.hasPrefix("missing-field App/Models/Item.swift:") }, "\(gate.stdout)")

        environment["SKIP_CLOUDKIT_SCHEMA_CHECK"] = "maybe"
        let error = try runProcess(cloudkitSchemaBinary, ["gate", "--format", "sarif"], in: fixture.repo.path, environment: environment)
        #expect(error.status == 2)
        #expect(Self.problems(in: error.stdout).isEmpty, "\(Self.problems(in: error.stdout))")
        let invocation = (Self.run(error.stdout)["invocations"] as? [[String: Any]])?.first ?? [:]
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notifications = invocation["toolExecutionNotifications"] as? [[String: Any]] ?? []
        #expect(notifications.contains { ($0["associatedRule"] as? [String: Any])?["id"] as? String == "setup-error" }, "\(error.stdout)")

        let usage = try runProcess(cloudkitSchemaBinary, ["lint", "--rule", "nonsense", "--format", "sarif"], in: fixture.repo.path)
        #expect(usage.status == 2)
        #expect(Self.problems(in: usage.stdout).isEmpty, "\(usage.output)")
    }
}
