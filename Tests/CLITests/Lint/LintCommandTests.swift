import Foundation
import ModelSource
import SchemaGate
import TestSupport
import Testing
@testable import CloudKitSchemaCLI

/// `lint` through the command layer: arguments, output formats, exit codes.
@Suite(.waitsOnProcesses) struct LintCommandTests {
    /// The per-rule project fixtures live with the engine's tests.
    static let projectFixtures = packageRoot + "/Tests/SchemaGateTests/Fixtures/Lint/Project"
    static let trapApp = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/Lint/trap-app").path

    @Test func everyFormatShowsFileAndLine() throws {
        let root = Self.trapApp
        let expected = ["Cubby/Cubby.entitlements:13", "Cubby/CubbyApp.swift:6"]
        for format in OutputFormat.allCases {
            let result = runLint(["--models", ".", "--format", format.rawValue], in: root)
            #expect(result.status == 1, "\(format)")
            if format == .json {
                let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                let findings = try #require(json["findings"] as? [[String: Any]])
                #expect(findings.map { "\($0["file"]!):\($0["line"]!)" }.sorted() == expected)
                continue
            }
            if format == .sarif {
                let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
                let places = results.compactMap { result -> String? in
                    guard let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any],
                          let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String,
                          let line = (physical["region"] as? [String: Any])?["startLine"] as? Int else { return nil }
                    return "\(uri):\(line)"
                }
                #expect(places.count == expected.count && expected.allSatisfy { place in places.contains { $0.hasSuffix("/" + place) } }, "\(places)")
                continue
            }
            for place in expected {
                let shown: String
                switch format {
                case .github:
                    let parts = place.split(separator: ":")
                    shown = "file=\(parts[0]),line=\(parts[1])"
                default:
                    shown = place
                }
                #expect(result.stdout.contains(shown), "\(format) lacks \(place):\n\(result.stdout)")
            }
        }
    }

    @Test func jsonContract() throws {
        let result = runLint(["--models", ".", "--format", "json"], in: Self.trapApp)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "fail")
        #expect(json["command"] as? String == "lint")
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.map { $0["code"] as? String } == ["production-environment-entitlement", "automatic-cloudkit-database"])
        #expect(findings.map { $0["severity"] as? String } == ["error", "warning"])
        #expect(findings.allSatisfy { $0["message"] is String && $0["fix"] is String && $0["line"] is Int })
        // Paths in messages are shown relative to the working directory, like finding files.
        #expect((findings[1]["message"] as? String)?.contains("entitlement in Cubby/Cubby.entitlements (iCloud.com.example.cubby)") == true)
    }

    @Test func exitCodes() {
        let root = Self.projectFixtures
        #expect(runLint(["production-environment-entitlement/pass"], in: root).status == 0)
        #expect(runLint(["production-environment-entitlement/fail"], in: root).status == 1)
        // Warnings alone pass.
        let warnings = runLint(["missing-remote-notification/fail"], in: root)
        #expect(warnings.status == 0 && warnings.stdout.contains("missing-remote-notification"))
        // Overrides: a warning promoted to an error fails; an error switched off passes.
        #expect(runLint(["missing-remote-notification/fail", "--rule", "missing-remote-notification=error"], in: root).status == 1)
        #expect(runLint(["production-environment-entitlement/fail", "--rule=production-environment-entitlement=off"], in: root).status == 0)
    }

    @Test func foldersAboveTheProjectDoNotMakeItATestFolder() {
        // The fixtures live under .../Tests/SchemaGateTests/...: still app code, not test code.
        let root = Self.projectFixtures + "/automatic-cloudkit-database/fail"
        for (arguments, directory) in [(["."], root), ([root], "/"), (["Cubby/CubbyApp.swift", "--project", "."], root)] {
            let result = runLint(arguments + ["--format", "xcode"], in: directory)
            #expect(result.stdout.contains("Cubby/CubbyApp.swift:11: warning:"), "\(arguments)")
            #expect(result.stdout.contains("[automatic-cloudkit-database]") && !result.stdout.contains("test-configuration-syncs"))
        }
        // A folder given to lint that is itself a test folder counts.
        let tests = Self.projectFixtures + "/test-configuration-syncs/fail"
        #expect(runLint(["CubbyTests", "--format", "xcode"], in: tests).stdout.contains("CubbyTests/ItemTests.swift:7: error:"))
    }

    @Test func badInputExitsTwo() {
        let root = Self.projectFixtures
        let missing = runLint(["--models", "no-such-dir", "--format", "json"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no-such-dir: no such file or directory"))
        #expect(missing.stdout.contains("\"status\" : \"error\""))
        // No paths: the resolved model paths; where no model can be found, an input error.
        #expect(runLint([], in: TemporaryDirectory("no-models").path).status == 2)
        let typo = runLint(["x", "--rule", "unique-constraints=off"], in: root)
        #expect(typo.status == 2 && typo.stderr.contains("did you mean 'unique-constraint'"))
        #expect(runLint(["x", "--rule", "unique-constraint=loud"], in: root).status == 2)
        #expect(runLint(["x", "--format", "yaml"], in: root).status == 2)
    }

    @Test func unparsablePlistIsReportedWithExitTwo() {
        let directory = TemporaryDirectory("lint-cli-bad")
        directory.write("App/App.entitlements", "<plist><dict><key>a</key></plist>")
        let result = runLint(["App", "--format", "xcode"], in: directory.path)
        #expect(result.status == 2)
        #expect(result.stdout.contains("App/App.entitlements:1: error:"))
        #expect(result.stdout.contains("[parse-error]"))
    }

    @Test func explicitFilesForAHookAndSkippedFilesNoted() {
        let root = Self.trapApp
        // The hook form: --project first, then the staged files.
        let result = runLint(["--project", ".", "Cubby/CubbyApp.swift", "README.md"], in: root)
        #expect(result.status == 1)
        #expect(result.stdout.contains("Cubby/CubbyApp.swift:6"))
        #expect(result.stdout.contains("Not linted (not a model, Swift, entitlements or Info.plist file): README.md"))
        // Nothing staged but the project: its entitlements are still checked.
        let projectOnly = runLint(["--project", ".", "--format", "xcode"], in: root)
        #expect(projectOnly.status == 1 && projectOnly.stdout.contains("Cubby/Cubby.entitlements:13: error:"))
        // Without --project, the Swift file alone says nothing about entitlements.
        #expect(!runLint(["Cubby/CubbyApp.swift"], in: root).stdout.contains("automatic-cloudkit-database"))
    }

    @Test func suppressionCommentsInSwiftAndPlists() {
        let directory = TemporaryDirectory("lint-cli-suppress")
        directory.write("App/App.entitlements", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<!-- cloudkit-schema:disable production-environment-entitlement -- Release-only file -->
            \t<key>com.apple.developer.icloud-container-environment</key>
            \t<string>Production</string>
            \t<key>com.apple.developer.icloud-container-identifiers</key>
            \t<array><string>iCloud.a</string></array>
            </dict>
            </plist>
            """)
        directory.write("App/Store.swift", """
            let a = ModelConfiguration(schema: s) // cloudkit-schema:disable automatic-cloudkit-database
            // cloudkit-schema:disable automatic-cloudkit-database -- sync is on for everyone
            let b = ModelConfiguration(
                schema: s)
            let c = ModelConfiguration(schema: s)
            """)
        let result = runLint(["App", "--format", "xcode"], in: directory.path)
        #expect(result.status == 0)
        #expect(result.stdout.contains("App/Store.swift:5: warning:"))
        #expect(!result.stdout.contains("Store.swift:1:") && !result.stdout.contains("Store.swift:3:"))
        #expect(!result.stdout.contains("production-environment-entitlement"))
    }

    @Test func listRules() throws {
        let text = runLint(["--list-rules"], in: "/")
        #expect(text.status == 0)
        for info in LintRuleCatalog.infos { #expect(text.stdout.contains(info.id)) }
        let json = runLint(["--list-rules", "--format", "json"], in: "/")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
        #expect(rows.map { $0["id"] } == LintRuleCatalog.infos.map(\.id))
    }
}

/// Runs `lint` in-process with a reader, as Tool.run would (errors exit 2).
struct LintRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

func runLint(_ arguments: [String], in directory: String, reader: LintModelReader = LintCommandTests.noModels) -> LintRun {
    let capture = CapturingConsole()
    let command = LintCommand.command(reader: reader)
    var status: Int32
    do throws(CLIError) {
        let parsed = try ArgumentParser(spec: command.spec).parse(arguments)
        status = try command.run(CommandContext(
            arguments: parsed, environment: ProcessInfo.processInfo.environment, workingDirectory: directory, console: capture.console))
    } catch {
        Tool.report(error, command: command, arguments: arguments, workingDirectory: directory, console: capture.console)
        status = 2
    }
    return LintRun(status: status, stdout: capture.stdout, stderr: capture.stderr)
}

extension LintCommandTests {
    static let noModels = LintModelReader(readPaths: { _ in AppModel() }, readFiles: { _ in AppModel() })
}
