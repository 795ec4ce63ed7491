import Foundation
import SchemaGate
import TestSupport
import Testing
@testable import CloudKitSchemaCLI

/// Every output format of `check` on a drift fixture, compared with a golden file
/// in Fixtures/golden. Regenerate after a deliberate change with UPDATE_GOLDEN=1 swift test.
@Suite(.waitsOnProcesses) struct GoldenReportTests {
    /// Every case of the format enum: a new format without a golden file fails here.
    @Test(arguments: OutputFormat.allCases)
    func checkReportMatchesGolden(format: OutputFormat) throws {
        let run = runTool(["check", "--development", exampleDevelopment, "--production", exampleProduction, "--format", format.rawValue])
        #expect(run.status == 1)
        // The status line is the last line: stdout's for text, xcode and github, else on
        // stderr (Docs/output-formats.md; the golden file pins how stdout ends).
        // The String companion Development has is a warning: `stringAssetField`'s default.
        let statusLine = "cloudkit-schema check: FAILED (exit 1): 3 errors, 1 warning, 0 info\n"
        let onStdout: Set<OutputFormat> = [.text, .xcode, .github]
        #expect(run.stderr == (onStdout.contains(format) ? "" : statusLine))
        #expect(run.stdout.hasSuffix("\n" + statusLine) == onStdout.contains(format))
        // Xcode's paths are absolute: the checkout's own folder is not part of the golden.
        // Nor is the tool's version (SARIF's driver): a release changes it and nothing else
        // (Docs/releasing.md).
        var stdout = run.stdout.replacingOccurrences(of: packageRoot + "/", with: "<package>/")
        for key in ["semanticVersion", "version"] {
            stdout = stdout.replacingOccurrences(of: "\"\(key)\" : \"\(Tool.version)\"", with: "\"\(key)\" : \"<version>\"")
        }
        try compareWithGolden(stdout, name: "check.\(format.rawValue)")
    }

    /// Fixes chosen from the state, each under its findings: Production measured against
    /// the models and a Development that lacks what Production lacks.
    @Test(arguments: ["text", "json"])
    func modelCheckMatchesGolden(format: String) throws {
        let stockroom = "Examples/Stockroom"
        let run = runTool(["check", "--models", stockroom + "/Models", "--development", stockroom + "/cloudkit/development.ckdb",
                           "--production", stockroom + "/cloudkit/production.ckdb", "--format", format])
        #expect(run.status == 1)
        try compareWithGolden(run.stdout, name: "check-models.\(format)")
    }

    @Test func cleanCheckMatchesGolden() throws {
        let run = runTool(["check", "--development", exampleDevelopment, "--production", exampleDevelopment])
        #expect(run.status == 0)
        try compareWithGolden(run.stdout, name: "check-clean.text")
    }

    @Test func colorOnlyOnTerminalWithoutNoColor() {
        func run(terminal: Bool, environment: [String: String]) -> String {
            let capture = CapturingConsole()
            let console = Console(isTerminal: terminal, out: { capture.console.out($0) }, err: { capture.console.err($0) })
            _ = Tool.run(["check", "--development", exampleDevelopment, "--production", exampleProduction],
                         environment: environment, workingDirectory: packageRoot, console: console)
            return capture.stdout
        }
        #expect(run(terminal: true, environment: [:]).contains("\u{1B}[31m"))
        #expect(!run(terminal: true, environment: ["NO_COLOR": "1"]).contains("\u{1B}["))
        #expect(!run(terminal: true, environment: ["NO_COLOR": ""]).contains("\u{1B}["))
        #expect(!run(terminal: false, environment: [:]).contains("\u{1B}["))
    }

    /// Colour does not move the status line: on a terminal the text report still ends with
    /// it (painted), and it is not said again on stderr.
    @Test func statusLineOnceOnAColourTerminal() {
        let capture = CapturingConsole()
        let console = Console(isTerminal: true, out: { capture.console.out($0) }, err: { capture.console.err($0) })
        let status = Tool.run(["check", "--development", exampleDevelopment, "--production", exampleProduction],
                              environment: [:], workingDirectory: packageRoot, console: console)
        #expect(status == 1)
        #expect(capture.stdout.contains("cloudkit-schema check: FAILED (exit 1): 3 errors, 1 warning, 0 info\u{1B}[0m\n"))
        #expect(capture.stderr == "")
    }

    @Test func githubPathsAreRelativeToWorkspace() {
        let absolute = packageRoot + "/" + exampleDevelopment
        let run = runTool(["check", "--development", absolute, "--production", exampleProduction, "--format", "github"],
                          environment: ["GITHUB_WORKSPACE": packageRoot])
        #expect(run.stdout.contains("::error file=Tests/CLITests/Fixtures/drift/development.ckdb,line=32,title=missing-field::"))
    }
}

func compareWithGolden(_ actual: String, name: String, sourceFile: String = #filePath) throws {
    let goldenPath = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden/\(name)").path
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(atPath: (goldenPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try actual.write(toFile: goldenPath, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOfFile: goldenPath, encoding: .utf8)
    #expect(actual == expected, "golden \(name) differs; if intended, rerun with UPDATE_GOLDEN=1")
}
