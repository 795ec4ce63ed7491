import Foundation
import ModelSource
import TestSupport
import Testing
@testable import SchemaGate

/// `lint --since` on real git repositories made in the test: commit the `before` models,
/// tag, replace them with `fail` (or `pass`), lint. Marked lines must be reported.
@Suite struct LintSinceTests {
    static let ids = LintRuleCatalog.evolutionRules.map { type(of: $0).info.id }

    @Test(arguments: ids)
    func failingChange(rule id: String) throws {
        let fixture = lintFixture("Evolution/\(id)")
        let expected = Set(expectedPlaces(of: id, under: fixture + "/fail") + expectedPlaces(of: id, under: fixture + "/before"))
        #expect(!expected.isEmpty)
        let report = try lintSince(id, before: fixture + "/before", after: fixture + "/fail")
        #expect(report.findings.allSatisfy { $0.code == id }, "\(report.findings.map { "\($0.code): \($0.message)" })")
        #expect(Set(report.findings.map { "\($0.file!):\($0.line!)" }) == expected)
        #expect(report.status == (LintRuleCatalog.info(for: id)!.severity == .error ? .fail : .pass))
    }

    @Test(arguments: ids)
    func passingChange(rule id: String) throws {
        let fixture = lintFixture("Evolution/\(id)")
        let report = try lintSince(id, before: fixture + "/before", after: fixture + "/pass")
        #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.code): \($0.message)" })")
    }

    /// A repository whose tag v1 holds `before` and whose working tree holds `after`.
    func lintSince(_ id: String, before: String, after: String) throws -> Report {
        let repo = TemporaryDirectory("lint-since-\(id)")
        try git(["init", "-q", "-b", "main"], in: repo.path)
        try copy(before, into: repo.path + "/Models")
        try git(["add", "-A"], in: repo.path)
        try git(["commit", "-qm", "before"], in: repo.path)
        try git(["tag", "v1"], in: repo.path)
        try FileManager.default.removeItem(atPath: repo.path + "/Models")
        try copy(after, into: repo.path + "/Models")
        let rule = try #require(LintRuleCatalog.all.first { type(of: $0).info.id == id })
        let report = try LintRunner(reader: .standard, rules: [rule]).run(LintRequest(
            paths: ["Models"], since: "v1", workingDirectory: repo.path, environment: ProcessInfo.processInfo.environment))
        // Findings are shown relative to the working directory; compare them to the fixture's own paths.
        return Report(command: report.command, status: report.status, findings: report.findings.map { finding in
            var shown = finding
            shown.file = finding.file.map { $0.hasPrefix("Models/") ? String($0.dropFirst("Models/".count)) : $0 }
            return shown
        }, notes: report.notes)
    }

    func copy(_ source: String, into destination: String) throws {
        try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }
}
