import Foundation
import TestSupport
import Testing

/// `swift package gate` and `swift package lint-models` in the consumer package, against the
/// fake xcrun: pass, drift, skip (README "The release gate" and "Output and exit status"). Enabled once the binary has
/// the commands they drive.
@Suite(.serialized, .waitsOnProcesses, .enabled(if: ContractCommands.exist("gate")))
struct PluginGateTests {
    static let network = ["--allow-network-connections", "all"]
    static let token: [String: String?] = ["CLOUDKIT_MANAGEMENT_TOKEN": ContractCommands.token]

    var consumer: ConsumerPackage { get throws { try ConsumerPackage.gate.get() } }

    func complete() throws -> String {
        try ContractCommands.completeSchema(models: try consumer.root + "/Sources/AppModels")
    }

    @Test func gatePassesWhenProductionHasWhatTheModelsWrite() throws {
        let schema = try complete()
        try consumer.serve(development: schema, production: schema)
        let run = try consumer.swiftPackage(Self.network, "gate", ["--always"], environment: Self.token)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("cloudkit-schema gate: PASSED"))
        #expect(try consumer.xcrunCalls.contains { $0.hasPrefix("cktool export-schema") && $0.contains("--environment production") })
        #expect(!run.output.contains(ContractCommands.token))
    }

    @Test func gateBlocksWhenProductionLacksTheRecordType() throws {
        try consumer.serve(development: try complete(), production: ContractCommands.emptyProduction)
        let run = try consumer.swiftPackage(Self.network, "gate", ["--always"], environment: Self.token)
        #expect(run.status == 1)
        #expect(run.stdout.contains("[missing-record-type]"))
        #expect(run.stdout.contains("cloudkit-schema gate: FAILED (exit 1)"))
        #expect(run.stderr.contains("cloudkit-schema gate failed with exit status 1: findings"))
        #expect(!run.output.contains(ContractCommands.token))
    }

    @Test func gateSkipsLoudlyWithoutContactingCloudKit() throws {
        try consumer.serve(development: try complete(), production: ContractCommands.emptyProduction)
        let run = try consumer.swiftPackage(
            Self.network, "gate", ["--always"], environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("SKIP_CLOUDKIT_SCHEMA_CHECK"))
        #expect(try consumer.xcrunCalls.isEmpty)
    }

    @Test func anUnknownSkipValueStopsTheGate() throws {
        let run = try consumer.swiftPackage(
            Self.network, "gate", ["--always"], environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "maybe"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cloudkit-schema gate failed with exit status 2"))
        #expect(run.stdout.contains("SKIP_CLOUDKIT_SCHEMA_CHECK"))
    }

    /// With `--format json`, `swift package`'s stdout is one JSON document, whatever the
    /// outcome; the tool's progress and status line are on its stderr (as the plugin's
    /// progress messages), and the real exit status is named there.
    @Test(arguments: [
        ("gate", ["--always"], "fail", "cloudkit-schema gate failed with exit status 1"),
        ("gate", ["--always", "SKIP"], "skipped", "cloudkit-schema gate: SKIPPED (exit 0)"),
        ("check-schema", [], "pass", "[CheckSchemaPlugin] check: exporting Production and Development"),
        ("check-schema", ["--production", "missing.ckdb"], "error", "cloudkit-schema check failed with exit status 2"),
        ("gate", ["--target", "Nope"], "error", "error: --target Nope: no target named 'Nope'"),
    ])
    func jsonIsTheOnlyThingOnStdout(verb: String, arguments: [String], status: String, onStderr: String) throws {
        let consumer = try consumer
        let schema = try complete()
        try consumer.serve(development: schema, production: status == "fail" ? ContractCommands.emptyProduction : schema)
        var environment = Self.token
        if arguments.contains("SKIP") { environment["SKIP_CLOUDKIT_SCHEMA_CHECK"] = "1" }
        let run = try consumer.swiftPackage(
            Self.network, verb, arguments.filter { $0 != "SKIP" } + ["--format", "json"], environment: environment)
        #expect(run.status == (status == "pass" || status == "skipped" ? 0 : 1), "\(run.output)")
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        let json = try #require(document as? [String: Any], "\(run.stdout)")
        #expect(json["status"] as? String == status, "\(run.stdout)")
        #expect(run.stderr.contains(onStderr), "\(run.stderr)")
        if status != "error" || verb == "check-schema" {
            #expect(run.stderr.contains("cloudkit-schema \(verb == "gate" ? "gate" : "check"): "), "the status line: \(run.stderr)")
        }
        #expect(!run.output.contains(ContractCommands.token))
    }

    /// create-schema runs the configured command in the package directory, streaming its output.
    @Test(.enabled(if: ContractCommands.exist("create")))
    func createSchemaRunsTheConfiguredCommandInThePackage() throws {
        let consumer = try consumer
        try consumer.write("schemas/create.json", """
            {
              "teamId": "TEAM123456",
              "containers": [{ "id": "iCloud.com.example.consumer" }],
              "create": { "command": "echo materializing; pwd -P > created.txt", "workingDirectory": ".." }
            }

            """)
        try? FileManager.default.removeItem(atPath: consumer.root + "/created.txt")
        let run = try consumer.swiftPackage(
            Self.network + ["--allow-writing-to-package-directory"], "create-schema",
            ["--config", "schemas/create.json", "--no-verify"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("materializing"))
        let created = try String(contentsOfFile: consumer.root + "/created.txt", encoding: .utf8)
        #expect(created == URL(fileURLWithPath: consumer.root).resolvingSymlinksInPath().path + "\n")
        try FileManager.default.removeItem(atPath: consumer.root + "/created.txt")
    }

    /// `--target BadModels` becomes `--models Sources/BadModels`: the gate lints that target
    /// instead of the configured model paths, and its rule violation blocks.
    @Test(.enabled(if: ContractCommands.exist("lint", "expected")))
    func gateChecksTheSelectedTargetsModels() throws {
        let schema = try complete()
        try consumer.serve(development: schema, production: schema)
        let run = try consumer.swiftPackage(
            Self.network, "gate", ["--target", "BadModels", "--always", "--no-create"], environment: Self.token)
        #expect(run.status == 1)
        #expect(run.stdout.contains("required-attribute"))
    }
}

@Suite(.serialized, .waitsOnProcesses, .enabled(if: ContractCommands.exist("lint", "expected")))
struct PluginLintTests {
    var consumer: ConsumerPackage { get throws { try ConsumerPackage.gate.get() } }

    /// `--target` becomes `--models <the target's directory>`: the clean target passes, the
    /// other one fails with the rule id at its file and line. No permission is needed.
    @Test func lintModelsChecksTheSelectedTarget() throws {
        let clean = try consumer.swiftPackage([], "lint-models", ["--target", "AppModels"])
        #expect(clean.status == 0, "\(clean.output)")

        let bad = try consumer.swiftPackage([], "lint-models", ["--target", "BadModels"])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("required-attribute"))
        #expect(bad.stdout.contains("Item.swift:6"))
        #expect(bad.stderr.contains("cloudkit-schema lint failed with exit status 1: findings"))
    }

    /// The plugin runs lint where `swift package` runs, with the arguments untouched: a
    /// baseline recorded by the command line holds the same findings back (one verdict).
    @Test func lintModelsHonoursABaseline() throws {
        let consumer = try consumer
        let write = try runProcess(cloudkitSchemaBinary, ["lint", "--models", "Sources/BadModels", "--write-baseline", "schemas/bad-baseline.json"],
                                   in: consumer.root, environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": nil])
        #expect(write.status == 0, "\(write.output)")
        let run = try consumer.swiftPackage([], "lint-models", ["--target", "BadModels", "--baseline", "schemas/bad-baseline.json"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("1 known lint finding not shown"), "\(run.output)")
    }
}
