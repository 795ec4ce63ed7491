import Foundation
import SchemaGate
import TestSupport
import Testing
@testable import CloudKitSchemaCLI

/// One mapping from an error to what a user sees: every `ActionableError` keeps its family,
/// becomes a report whose one finding is `<family>-error` with its message, and ends the
/// run in exit 2, whether the parser, a command or the engine threw it.
@Suite(.waitsOnProcesses) struct ErrorMappingTests {
    struct Foreign: Error, CustomStringConvertible {
        var description: String { "a bug's description" }
    }

    @Test func everyErrorKeepsItsFamily() {
        #expect(CLIError(LintError.setup("no git")) == .setup("no git"))
        #expect(CLIError(LintError.input("no such path")) == .input("no such path"))
        #expect(CLIError(StopError(.usage, "bad flag")) == .usage("bad flag"))
        #expect(CLIError(CLIError.input("kept")) == .input("kept"))
        // Not actionable: a bug still stops the command with exit 2, as a setup problem.
        #expect(CLIError(Foreign()) == .setup("a bug's description"))
        #expect(StopError(Foreign()) == StopError(.setup, "a bug's description"))
    }

    @Test(arguments: [(CLIError.usage("u"), "usage-error"), (.input("i"), "input-error"), (.setup("s"), "setup-error")])
    func anErrorBecomesOneReport(error: CLIError, code: String) {
        let report = error.report(command: "gate")
        #expect(report.status == .error && report.status.exitCode == error.exitStatus && error.exitStatus == 2)
        #expect(report.findings.map(\.code) == [code])
        #expect(report.findings.map(\.message) == [error.message])
    }

    /// The parser's error (Tool's report) and the gate's own (its report) read the same.
    @Test func theParserAndTheGateReportUsageErrorsAlike() throws {
        for arguments in [["gate", "--format", "json", "--nope"], ["gate", "--format", "json", "--development", "d.ckdb"]] {
            let run = runTool(arguments)
            #expect(run.status == 2)
            let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            let findings = json?["findings"] as? [[String: Any]]
            #expect(json?["status"] as? String == "error", "\(arguments)")
            #expect(findings?.map { $0["code"] as? String } == ["usage-error"], "\(arguments)")
            let lastLine = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
            #expect(lastLine.hasPrefix("cloudkit-schema gate: ERROR (exit 2)"), "\(run.stderr)")
        }
    }

    @Test func lintInputErrorsAreInputErrors() throws {
        let run = runTool(["lint", "--format", "json", "No/Such/Path"])
        #expect(run.status == 2)
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((json?["findings"] as? [[String: Any]])?.map { $0["code"] as? String } == ["input-error"], "\(run.output)")
    }
}
