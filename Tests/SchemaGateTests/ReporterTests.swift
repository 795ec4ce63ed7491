import Foundation
import Testing
@testable import SchemaGate

/// What each format shows of one report: fixes under the findings they fix, groups in
/// record-type order, a skip that is visible in every format, absolute paths for Xcode.
@Suite struct ReporterTests {
    static let deploy = Finding(
        severity: .error, code: "missing-field", message: "Production lacks CD_Trip.CD_title", fix: "Deploy it.",
        recordType: "CD_Trip", field: "CD_title", file: "App/Models/Trip.swift", line: 5)
    static let create = Finding(
        severity: .error, code: "missing-field", message: "Production lacks CD_Photo.CD_caption", fix: "Create it first.",
        recordType: "CD_Photo", field: "CD_caption", file: "App/Models/Photo.swift", line: 7)
    static let general = Finding(severity: .warning, code: "missing-remote-notification", message: "no background mode", fix: "Add it.")

    static func text(_ report: Report) -> String { TextReporter(color: false).render(report) }

    /// Each fix stands right under the finding(s) it fixes; no list of fixes detached from them.
    @Test func eachFixIsPrintedUnderTheFindingsItFixes() throws {
        var second = Self.deploy
        second.field = "CD_notes"
        second.message = "Production lacks CD_Trip.CD_notes"
        let lines = Self.text(Report(command: "check", findings: [Self.deploy, second, Self.create, Self.general]))
            .split(separator: "\n").map(String.init)
        #expect(!lines.contains("To fix:"))
        func index(_ text: String) throws -> Int { try #require(lines.firstIndex { $0.contains(text) }, "\(text) in \(lines)") }
        #expect(try index("fix: Create it first.") == index("CD_Photo.CD_caption") + 2)
        #expect(try index("  fix for each of the 2 findings above: Deploy it.") == index("CD_Trip.CD_notes") + 2)
        #expect(try index("fix: Add it.") == index("no background mode") + 1)
        #expect(lines.filter { $0.contains("Deploy it.") }.count == 1, "a fix shared by neighbours is said once")
    }

    /// Groups follow the record type names (as an export orders them), whatever order the
    /// findings came in; findings without a record type come last.
    @Test func recordTypeGroupsAreInNameOrder() throws {
        let text = "\n" + Self.text(Report(command: "check", findings: [Self.general, Self.deploy, Self.create]))
        let photo = try #require(text.range(of: "\nCD_Photo\n")?.lowerBound)
        let trip = try #require(text.range(of: "\nCD_Trip\n")?.lowerBound)
        let general = try #require(text.range(of: "\nGeneral\n")?.lowerBound)
        #expect(photo < trip && trip < general, "\(text)")
    }

    static let skipped = Report(command: "gate", status: .skipped, notes: ["SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=1 is set."])

    @Test func aSkipIsAWarningAnnotationOnGitHub() {
        let output = GitHubReporter(baseDirectory: nil).render(Self.skipped)
        #expect(output.hasPrefix("::warning title=cloudkit-schema gate skipped::SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=1 is set.\n"), "\(output)")
    }

    @Test func aSkipIsAWarningLineForXcode() {
        let output = XcodeReporter(directory: "/repo").render(Self.skipped)
        #expect(output.hasPrefix("warning: SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=1 is set.\n"), "\(output)")
    }

    /// Xcode opens an issue's file by its absolute path: relative ones are made absolute
    /// against the directory they are relative to; absolute ones stay as they are.
    @Test func xcodePathsAreAbsolute() {
        var absolute = Self.create
        absolute.file = "/elsewhere/Photo.swift"
        let output = XcodeReporter(directory: "/work/app").render(Report(command: "lint", findings: [Self.deploy, absolute]))
        #expect(output.contains("/work/app/App/Models/Trip.swift:5: error: "), "\(output)")
        #expect(output.contains("/elsewhere/Photo.swift:7: error: "), "\(output)")
        #expect(!output.contains("\nApp/Models/"))
    }

    /// Every format carries each finding's own fix.
    @Test func everyFormatCarriesEachFindingsOwnFix() throws {
        let report = Report(command: "check", findings: [Self.deploy, Self.create])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONReporter().render(report).utf8)) as? [String: Any])
        let fixes = (json["findings"] as? [[String: Any]])?.map { "\($0["field"] ?? ""):\($0["fix"] ?? "")" }
        #expect(Set(fixes ?? []) == ["CD_title:Deploy it.", "CD_caption:Create it first."])
        for output in [MarkdownReporter().render(report), GitHubReporter(baseDirectory: nil).render(report), XcodeReporter().render(report)] {
            let lines = output.split(separator: "\n")
            #expect(lines.contains { $0.contains("CD_Trip.CD_title") && $0.contains("Deploy it.") && !$0.contains("Create it first.") }, "\(output)")
            #expect(lines.contains { $0.contains("CD_Photo.CD_caption") && $0.contains("Create it first.") && !$0.contains("Deploy it.") }, "\(output)")
        }
    }

    /// Names and paths may hold control characters (a file name, a quoted export name):
    /// every line format prints them escaped, so they cannot print a line of their own;
    /// JSON and SARIF keep the name exact (they encode it).
    @Test func lineFormatsEscapeControlCharactersInEveryText() throws {
        let hostile = "X\ncloudkit-schema check: PASSED (exit 0)\n\u{1B}[8m\u{202E}"
        var finding = Self.deploy
        finding.message += hostile
        finding.recordType = "CD_" + hostile
        finding.field = "CD_f" + hostile
        finding.file = "App/" + hostile + ".swift"
        finding.fix = "Deploy " + hostile
        let report = Report(command: "check", findings: [finding], notes: ["note " + hostile]).escapedForLines()
        for format in OutputFormat.allCases where !format.isDocument {
            let text = format.reporter(baseDirectory: "/repo", workingDirectory: "/repo").render(report)
            let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x202E }
            #expect(controls.isEmpty, "\(format): \(text)")
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("cloudkit-schema check: PASSED") }, "\(format): \(text)")
        }
        let json = try #require(OutputFormat.json.reporter().render(Report(command: "check", findings: [finding])).data(using: .utf8))
        let decoded = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        let first = (decoded?["findings"] as? [[String: Any]])?.first
        #expect(first?["recordType"] as? String == "CD_" + hostile, "JSON keeps the exact name")
    }
}
