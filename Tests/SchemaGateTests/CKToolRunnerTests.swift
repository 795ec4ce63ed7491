import CloudKitSchema
import Foundation
import Testing
import TestSupport
@testable import SchemaGate
@testable import SchemaGateBasics

enum ExportFixtures {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/exports")
    static var development: String { try! String(contentsOf: directory.appendingPathComponent("development.ckdb"), encoding: .utf8) }
    static var production: String { try! String(contentsOf: directory.appendingPathComponent("production.ckdb"), encoding: .utf8) }
}

/// The cktool runner against a fake `xcrun` that records argv and environment.
@Suite(.waitsOnProcesses) struct CKToolRunnerTests {
    let fake = FakeXcrun(development: ExportFixtures.development, production: ExportFixtures.production)
    /// Exports land here (TMPDIR of the runner's environment), removed with the test.
    let scratch = TemporaryDirectory("cktool-tmp")
    static let team = "ABCDE12345", container = "iCloud.com.example.pantry"

    func export(_ environment: CloudKitEnvironment = .production, mode: String = "ok", timeout: TimeInterval = 30,
                _ extra: [String: String] = [:]) throws(CKToolError) -> CloudKitExport {
        var variables = fake.environment(mode: mode, extra)
        variables["TMPDIR"] = scratch.path
        let runner = try CKToolRunner(environment: variables, timeout: timeout)
        return try runner.exportSchema(teamID: Self.team, containerID: Self.container, environment: environment)
    }

    /// The error of an export that must fail.
    func failure(mode: String, timeout: TimeInterval = 30, _ extra: [String: String] = [:]) -> CKToolError? {
        do {
            _ = try export(mode: mode, timeout: timeout, extra)
            return nil
        } catch {
            return error
        }
    }

    @Test func exportsWithTheDocumentedArgumentsAndNoToken() throws {
        let export = try export(.production, ["CLOUDKIT_MANAGEMENT_TOKEN": "sentinel-token-1"])
        #expect(export.schema.recordType(named: "CD_Item")?.field(named: "CD_notes") == nil)
        let call = try #require(fake.calls.first)
        #expect(Array(call.prefix(9)) == [
            "cktool", "export-schema", "--team-id", Self.team, "--container-id", Self.container,
            "--environment", "production", "--output-file",
        ])
        #expect(call.count == 10)
        #expect(!fake.recordedArguments.contains("sentinel-token-1"))
        // cktool itself reads the token from its environment.
        #expect(fake.environments.first?.contains("CLOUDKIT_MANAGEMENT_TOKEN=sentinel-token-1") == true)
        // The temporary output file is removed afterwards.
        #expect(call[9].hasPrefix(scratch.path + "/"))
        #expect(!FileManager.default.fileExists(atPath: call[9]))
    }

    @Test func findsXcrunOnPathWithoutTheOverride() throws {
        var environment = fake.environment()
        environment.removeValue(forKey: CKToolRunner.xcrunVariable)
        environment["PATH"] = fake.binDirectory + ":" + (environment["PATH"] ?? "")
        let runner = try CKToolRunner(environment: environment)
        #expect(runner.xcrun == fake.path)
        #expect(try runner.exportSchema(teamID: Self.team, containerID: Self.container, environment: .development)
            .schema.recordType(named: "CD_Item")?.field(named: "CD_notes") != nil)
    }

    @Test func noXcrunIsASetupErrorNamingTheAlternative() throws {
        var environment = fake.environment()
        environment.removeValue(forKey: CKToolRunner.xcrunVariable)
        environment["PATH"] = "/nonexistent"
        #expect {
            try CKToolRunner(environment: environment)
        } throws: { error in
            (error as? CKToolError)?.message.contains("--production FILE") == true
        }
        #expect(!CKToolRunner.isAvailable(environment: environment))
    }

    static func refusal(_ said: String, teams: CKToolRefusal.TeamCheck = .notRun) -> CKToolRefusal {
        CKToolRefusal(teamID: team, containerID: container, said: said, token: .keychain, teams: teams)
    }

    @Test(arguments: [
        ("no-cktool", CKToolError.cktoolNotFound),
        ("no-token", .noToken(refusal("Error: No token found. Save a CloudKit management token with \"cktool save-token --type management\"."))),
        ("expired-token", .invalidToken(refusal("Error: Session has expired or is invalid. Please re-authenticate."))),
        // The fake refuses get-teams the same way: the token is what CloudKit refuses.
        ("wrong-team", .authorizationFailed(refusal("Error: authorization-failed: The request is not authorized.", teams: .tokenRefused))),
        ("wrong-container", .containerNotFound(refusal("Error: bad-container: The container was not found.",
                                                       teams: .failed("Error: bad-container: The container was not found.")))),
        ("network", .network(detail: "Error: The Internet connection appears to be offline. (NSURLErrorDomain -1009)")),
        ("garbage", .unparsableExport(.production, error: "", keptAt: nil, redacted: false)),
        ("empty", .emptyExport(.production)),
        ("empty-schema", .notAnExport(.production, reason: "it defines no record types at all")),
        ("silent-failure", .failed(subcommand: "export-schema", status: 5, detail: "",
                                   commandLine: "xcrun cktool export-schema --team-id \(team) --container-id \(container) --environment production")),
    ])
    func eachFailureIsDiagnosed(mode: String, expected: CKToolError) throws {
        let error = try #require(failure(mode: mode))
        if case .unparsableExport(let environment, let detail, let kept, let redacted) = error {
            #expect(!redacted)
            #expect(environment == .production)
            #expect(detail.hasPrefix("1:"))
            // Kept inside this test's TMPDIR, which goes away with the test: nothing to delete.
            let path = try #require(kept)
            #expect(path.hasPrefix(scratch.path + "/"))
            #expect(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }?.contains("502 Bad Gateway") == true)
        } else {
            #expect(error == expected)
        }
        #expect(error.category == .setup)
        #expect(!error.message.isEmpty)
    }

    @Test func aHangingCktoolIsStoppedAtTheTimeout() throws {
        let started = Date()
        let error = try #require(failure(mode: "hang", timeout: 0.5))
        #expect(error == .timedOut(subcommand: "export-schema", seconds: 0.5))
        #expect(Date().timeIntervalSince(started) < 15)
        let pid = try #require(Int32(fake.directory.read("hang.pid")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(!stillRunning(pid))
        #expect(error.message.contains("timeouts.cktoolSeconds"))
    }

    @Test func anExportPrintedOnStdoutIsAccepted() throws {
        let export = try export(.development, mode: "stdout-only")
        #expect(export.schema.recordType(named: "Users") != nil)
    }

    @Test func theTokenIsRedactedFromEverythingCktoolPrints() throws {
        let error = try #require(failure(mode: "echo-token", ["CLOUDKIT_MANAGEMENT_TOKEN": "sentinel-token-2"]))
        #expect(!error.message.contains("sentinel-token-2"))
        #expect(error.message.contains("<redacted>"))
    }

    /// The issue's CI case: the token comes from CLOUDKIT_MANAGEMENT_TOKEN and CloudKit
    /// answers 401, for get-teams too. The fix is the secret, not save-token, and cktool's
    /// own line is shown (redacted).
    @Test func aRefusedTokenFromTheEnvironmentIsFixedWhereItComesFrom() throws {
        let error = try #require(failure(mode: "unauthorized", ["CLOUDKIT_MANAGEMENT_TOKEN": "sentinel-token-3"]))
        guard case .authorizationFailed(let refusal) = error else { Issue.record("\(error)"); return }
        #expect(refusal.token == .environment && refusal.teams == .tokenRefused)
        #expect(error.message.contains("(cktool said: \"Error: authorization failed (HTTP 401)\")"), "\(error.message)")
        #expect(error.message.contains("replace the CLOUDKIT_MANAGEMENT_TOKEN secret"), "\(error.message)")
        #expect(!error.message.contains("save-token"), "\(error.message)")
        #expect(fake.calls.map { $0[1] } == ["export-schema", "get-teams"])
    }

    @Test func aRefusedTokenFromTheKeychainIsSavedAgain() throws {
        let error = try #require(failure(mode: "unauthorized"))
        #expect(error.message.contains("xcrun cktool save-token --type management"), "\(error.message)")
        #expect(!error.message.contains("secret"), "\(error.message)")
    }

    /// A wrong team id is told apart from the container by the teams the token can use.
    @Test func aTeamTheTokenCannotUseIsBlamedOnTheTeamNotTheContainer() throws {
        for mode in ["unauthorized", "wrong-container"] {
            let error = try #require(failure(mode: mode, ["FAKE_XCRUN_MODE_GET_TEAMS": "ok", "FAKE_XCRUN_TEAMS": "ZYXWV98765: Other Team"]))
            #expect(error.message.contains("team \(Self.team) is not one of the teams the management token saved in the keychain can use (xcrun cktool get-teams lists ZYXWV98765: Other Team)"), "\(mode): \(error.message)")
            #expect(error.message.contains("set teamId in .cloudkit-schema.json (or TEAM_ID, --team-id)"), "\(mode): \(error.message)")
            #expect(!error.message.contains("check the container id"), "\(mode): \(error.message)")
        }
    }

    @Test func aContainerOfTheTokensTeamIsBlamedOnTheContainer() throws {
        for mode in ["unauthorized", "wrong-container"] {
            let error = try #require(failure(mode: mode, ["FAKE_XCRUN_MODE_GET_TEAMS": "ok"]))
            #expect(error.message.contains("check the container id against the app's .entitlements"), "\(mode): \(error.message)")
            #expect(!error.message.contains("set teamId"), "\(mode): \(error.message)")
        }
    }

    /// When get-teams cannot answer, both causes are named and how to tell them apart.
    @Test func withoutTheTeamsBothCausesAreNamed() throws {
        let error = try #require(failure(mode: "unauthorized", ["FAKE_XCRUN_MODE_GET_TEAMS": "network"]))
        #expect(error.message.contains("either the team id is wrong or the management token saved in the keychain is not valid for it"), "\(error.message)")
        #expect(error.message.contains("Run 'xcrun cktool get-teams'"), "\(error.message)")
    }

    @Test func getTeamsRuns() throws {
        let runner = try CKToolRunner(environment: fake.environment())
        #expect(try runner.run(.getTeams).stdout.contains("ABCDE12345"))
        #expect(fake.calls == [["cktool", "get-teams"]])
    }
}

/// Nothing in the product can run a cktool subcommand outside the read-only list.
@Suite(.waitsOnProcesses) struct CKToolReadOnlyTests {
    let team = CKToolRunnerTests.team, container = CKToolRunnerTests.container
    /// Exhaustive on purpose: a new `CKToolCommand` case does not compile until it is listed
    /// here, and listing it runs it through the policy.
    func arguments(_ command: CKToolCommand) -> [String] {
        switch command {
        case .exportSchema, .validateSchema, .getTeams: return command.xcrunArguments
        }
    }

    @Test func everyExpressibleCommandIsAllowed() throws {
        let commands: [CKToolCommand] = [
            .exportSchema(teamID: team, containerID: container, environment: .development, outputFile: "/tmp/x"),
            .exportSchema(teamID: team, containerID: container, environment: .production, outputFile: "/tmp/x"),
            .validateSchema(teamID: team, containerID: container, environment: .development, file: "/tmp/x"),
            .getTeams,
        ]
        for command in commands {
            let argv = arguments(command)
            try CKToolPolicy.check(xcrunArguments: argv)
            #expect(CKToolPolicy.allowedSubcommands.contains(argv[1]))
            #expect(!argv.contains("--token") && !argv.contains("-t"))
        }
        #expect(CKToolPolicy.allowedSubcommands == ["export-schema", "validate-schema", "get-teams"])
    }

    @Test(arguments: ["import-schema", "reset-schema", "save-token", "remove-token", "create-record", "delete-records", "query-records", "export-schemas"])
    func thePolicyRefusesEverythingElse(subcommand: String) {
        #expect(throws: CKToolPolicy.Violation.subcommandNotAllowed(subcommand)) {
            try CKToolPolicy.check(xcrunArguments: ["cktool", subcommand, "--team-id", "T"])
        }
    }

    /// Values that would become options of cktool, or that are not what the option takes,
    /// never reach it, however the argument vector was built.
    @Test(arguments: [
        ("--container-id", "--environment=development"), ("--container-id", "--output-file=/x"), ("--container-id", "--help"),
        ("--container-id", "iCloud.a b"), ("--container-id", "iCloud.a;b"), ("--container-id", "com.example.app"),
        ("--container-id", "iCloud."), ("--container-id", "iCloud.com..app"), ("--container-id", "iCloud.com.app."),
        ("--team-id", "--help"), ("--team-id", "abcde12345"), ("--environment", "staging"),
        ("--output-file", "relative.ckdb"), ("--output-file", "-o"), ("--output-file", "/tmp/a\nb"),
    ])
    func thePolicyRefusesValuesThatAreNotWhatTheOptionTakes(option: String, value: String) {
        var argv = ["cktool", "export-schema", "--team-id", team, "--container-id", container,
                    "--environment", "production", "--output-file", "/tmp/x"]
        argv[argv.firstIndex(of: option)! + 1] = value
        #expect(throws: CKToolPolicy.Violation.invalidValue(option: option, value: value)) {
            try CKToolPolicy.check(xcrunArguments: argv)
        }
    }

    @Test func thePolicyRefusesOptionsItDoesNotWrite() {
        for extra in [["--output-file"], ["--verbose"], ["--file=/x"], ["-e", "production"]] {
            #expect(throws: CKToolPolicy.Violation.self) {
                try CKToolPolicy.check(xcrunArguments: ["cktool", "get-teams"] + extra)
            }
        }
    }

    @Test func containerIDsFollowApplesFormat() {
        for id in ["iCloud.com.example.app", "iCloud.com.example.My-App2", "iCloud.a", "iCloud.com.Example.shared"] {
            #expect(CKToolPolicy.isContainerID(id), "\(id)")
        }
    }

    @Test func thePolicyRefusesTokensOnTheCommandLineAndOtherTools() {
        #expect(throws: CKToolPolicy.Violation.tokenOnCommandLine) {
            try CKToolPolicy.check(xcrunArguments: ["cktool", "export-schema", "--token", "x"])
        }
        #expect(throws: CKToolPolicy.Violation.tokenOnCommandLine) {
            try CKToolPolicy.check(xcrunArguments: ["cktool", "get-teams", "--token=x"])
        }
        #expect(throws: CKToolPolicy.Violation.notCktool(["simctl", "erase"])) {
            try CKToolPolicy.check(xcrunArguments: ["simctl", "erase"])
        }
    }

    /// The source-level half: subprocesses start only in the runner, and only these
    /// files may ask it to (git, cktool through the policy, the user's create command, the
    /// hooks' search for the tool).
    /// A new call site fails here until it is reviewed and listed.
    @Test func subprocessesStartOnlyFromReviewedPlaces() throws {
        let sources = URL(fileURLWithPath: packageRoot).appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String })
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        let runnerCallers: Set = [
            "SchemaGate/Process/ProcessRunner.swift", "SchemaGate/CKTool/CKToolRunner.swift",
            "SchemaGate/Git/GitRepository.swift", "SchemaGate/Gate/CreateStep.swift",
            // doctor runs the embedded hooks' own find_tool in /bin/sh (a fixed script, a timeout).
            "CloudKitSchemaCLI/Hooks/HookDoctor.swift",
        ]
        // ProcessRunner starts children only through Spawner, which calls PosixSpawn.
        // The SwiftPM plugins cannot link SchemaGate; PluginSupport's runner starts only the
        // tool, through the same PosixSpawn file (a symbolic link to it).
        let spawners: Set = [
            "SchemaGateBasics/PosixSpawn.swift", "PluginSupport/PosixSpawn.swift", "SchemaGate/Process/Spawner.swift",
            "PluginSupport/ToolRunner.swift",
            // The watcher that cleans up after a SIGKILL: /bin/sh with a fixed script (Spawner).
            "SchemaGate/Process/OrphanGuard.swift",
        ]
        // The benchmark is a separate executable that times peers with its own posix_spawn.
        for file in files where !file.hasPrefix("cloudkit-schema-bench/") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("Process()"), "\(file) uses Foundation's Process, which crashes intermittently on Linux")
            if !spawners.contains(file) {
                #expect(!text.contains("posix_spawn") && !text.contains("execv") && !text.contains("system("), "\(file)")
            }
            if text.contains("ProcessRunner.run(") || text.contains("ProcessRequest(") {
                #expect(runnerCallers.contains(file), "\(file) runs a subprocess; review it and add it to this list")
            }
            if file != "SchemaGate/CKTool/CKToolRunner.swift" {
                #expect(!text.contains("CKToolPolicy.check"), "\(file) checks cktool arguments itself")
                #expect(!text.contains("receivesManagementToken: true"), "\(file) gives a child other than cktool the token")
            }
        }
        // The cktool runner starts xcrun only with arguments built by CKToolCommand,
        // after the policy check, in one place.
        let runner = try String(contentsOf: sources.appendingPathComponent("SchemaGate/CKTool/CKToolRunner.swift"), encoding: .utf8)
        #expect(runner.components(separatedBy: "ProcessRequest(").count == 2)
        #expect(runner.contains("let arguments = command.xcrunArguments"))
        #expect(runner.contains("try CKToolPolicy.check(xcrunArguments: arguments)"))
        #expect(runner.contains("executable: xcrun, arguments: arguments"))
    }
}
