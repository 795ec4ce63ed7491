import Foundation
import TestSupport
import Testing

/// `swift package <verb>` in a real consumer package: the plugins build the tool, forward
/// the arguments, run it where `swift package` was run (here, the package directory), and
/// turn the tool's status into words.
/// Slow the first time in a run (SwiftPM builds the tool for the consumer), then fast.
@Suite(.serialized, .waitsOnProcesses) struct PluginEndToEndTests {
    static let development = packageRoot + "/Examples/Stockroom/cloudkit/development.ckdb"
    static let production = packageRoot + "/Examples/Stockroom/cloudkit/production.ckdb"
    static let models = packageRoot + "/Examples/Stockroom/Models"

    var consumer: ConsumerPackage { get throws { try ConsumerPackage.shared.get() } }

    @Test func checkSchemaReportsDriftAndNamesTheExitStatus() throws {
        let run = try consumer.swiftPackage(
            ["--allow-network-connections", "all"], "check-schema",
            ["--models", Self.models, "--development", Self.development, "--production", Self.production])
        #expect(run.status == 1)
        #expect(run.stdout.contains("Production lacks record type CD_SavedSearch"))
        #expect(run.stderr.contains(
            "error: cloudkit-schema check failed with exit status 1: findings (schema drift or model-rule violations) block the release."))
    }

    /// A Production with everything the consumer's models (its modelPaths) need.
    func completeProduction() throws -> String {
        let consumer = try consumer
        try consumer.write("schemas/complete.ckdb", try ContractCommands.expectedSchema(models: consumer.root + "/Sources/AppModels"))
        return consumer.root + "/schemas/complete.ckdb"
    }

    @Test func checkSchemaPassesWhenProductionHasEverything() throws {
        let complete = try completeProduction()
        let run = try consumer.swiftPackage(
            ["--allow-network-connections", "all"], "check-schema",
            ["--development", complete, "--production", complete])
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.contains("failed with exit status"))
    }

    @Test func relativePathsResolveWhereSwiftPackageRuns() throws {
        let consumer = try consumer
        try consumer.write("schemas/production.ckdb", try String(contentsOfFile: try completeProduction(), encoding: .utf8))
        let run = try consumer.swiftPackage(
            ["--allow-network-connections", "all"], "check-schema",
            ["--development", "schemas/production.ckdb", "--production", "schemas/production.ckdb"])
        #expect(run.status == 0, "\(run.output)")
    }

    /// SwiftPM echoes the plugin's output on its stdout and its own messages on stderr; the
    /// tool's stderr reaches SwiftPM's stderr as the plugin's progress messages, so
    /// `--format json` stays one clean document a CI step can parse.
    @Test func jsonOutputReachesStdoutUntouched() throws {
        let run = try consumer.swiftPackage(
            ["--allow-network-connections", "all"], "check-schema",
            ["--models", Self.models, "--development", Self.development, "--production", Self.production, "--format", "json"])
        #expect(run.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "fail")
        #expect((json["findings"] as? [[String: Any]])?.count == 3)
    }

    @Test func aSetupProblemIsExitStatusTwoInWords() throws {
        let run = try consumer.swiftPackage(
            ["--allow-network-connections", "all"], "check-schema",
            ["--development", Self.development, "--production", "missing.ckdb"])
        #expect(run.status == 1, "SwiftPM turns every plugin failure into 1")
        #expect(run.stderr.contains("failed with exit status 2: a setup, usage or input problem"))
        #expect(run.stderr.contains("[CheckSchemaPlugin] error: ") && run.stderr.contains("missing.ckdb"), "the tool's error, on stderr: \(run.stderr)")
    }

    /// On Linux there is no sandbox, but a declared permission is still enforced.
    @Test func networkPermissionMustBeGranted() throws {
        let run = try consumer.swiftPackage([], "check-schema", ["--development", Self.development, "--production", Self.production])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Plugin ‘CheckSchemaPlugin’ wants permission to allow all network connections on all ports."))
        #expect(run.stderr.contains("Use `--allow-network-connections all` to allow this."))
        #expect(!run.stdout.contains("Production lacks"), "the tool did not run")
    }

    /// create-schema declares both network (the app uploads its schema) and package writes
    /// (the app is built); --disable-sandbox grants neither, and all:443 is not all.
    @Test func createSchemaNeedsBothPermissionsAndSandboxOffIsNotAPermission() throws {
        let noWrite = try consumer.swiftPackage(["--allow-network-connections", "all"], "create-schema", ["--help"])
        #expect(noWrite.status == 1)
        #expect(noWrite.stderr.contains("Use `--allow-writing-to-package-directory` to allow this."))
        let sandboxOff = try consumer.swiftPackage(["--disable-sandbox"], "gate", ["--help"])
        #expect(sandboxOff.stderr.contains("Use `--allow-network-connections all` to allow this."))
        let port = try consumer.swiftPackage(["--allow-network-connections", "all:443"], "gate", ["--help"])
        #expect(port.stderr.contains("Use `--allow-network-connections all` to allow this."))
        let both = try consumer.swiftPackage(
            ["--allow-network-connections", "all", "--allow-writing-to-package-directory"], "create-schema", ["--help"])
        #expect(!both.output.contains("wants permission"), "\(both.output)")
    }

    @Test func lintModelsNeedsNoPermission() throws {
        let run = try consumer.swiftPackage([], "lint-models", ["--help"])
        #expect(!run.output.contains("wants permission"), "\(run.output)")
        #expect(run.output.contains("cloudkit-schema lint"))
    }

    /// SwiftPM 6.3 also honours its permission options after the verb, and still passes them
    /// to the plugin; the plugin must not forward them to the tool.
    @Test func permissionOptionsAfterTheVerbWorkAndAreNotForwarded() throws {
        let complete = try completeProduction()
        let run = try consumer.swiftPackage(
            [], "check-schema",
            ["--allow-network-connections", "all", "--development", complete, "--production", complete])
        #expect(run.status == 0, "\(run.output)")
    }

    /// A name that is no target of the package goes to the tool, which looks for an Xcode
    /// app target of that name and says what it found.
    @Test func anUnknownTargetIsAnErrorNamingIt() throws {
        let run = try consumer.swiftPackage(
            ["--allow-network-connections", "all"], "check-schema", ["--target", "Nope", "--production", Self.production])
        #expect(run.status == 1)
        #expect(run.output.contains("no target named 'Nope' (no Xcode project here has an application target)"), "\(run.output)")
        #expect(run.stderr.contains("failed with exit status 2"))
    }

    @Test func theToolsOwnHelpPassesThrough() throws {
        let run = try consumer.swiftPackage(["--allow-network-connections", "all"], "check-schema", ["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: cloudkit-schema check"))
    }

    @Test func swiftPMListsTheFiveVerbs() throws {
        let run = try consumer.swiftPackage([], "plugin", ["--list"])
        for verb in ["gate", "check-schema", "create-schema", "lint-models", "doctor"] {
            #expect(run.stdout.contains("‘\(verb)’"), "\(verb)")
        }
    }
}
