import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fault matrix, continued for what leaves the process: a hostile export that holds
/// the management token, values that would become cktool options, a create command that
/// runs cktool itself, standard streams that cannot be written, and a step summary that
/// would block. Every case runs the real binary against `FakeXcrun` with a sentinel
/// token and asserts the exact exit status, a specific message, that the token appears
/// nowhere (either stream, every file written or kept, the fake's recorded argv), and
/// that nothing is left behind.
@Suite(.waitsOnProcesses) struct FaultMatrixOutputTests {
    static let token = TokenSentinelTests.sentinel

    /// One run's world: the fixture repository and fake, and the scratch folders
    /// (TMPDIR, HOME, the step summary) searched afterwards.
    struct Scene {
        let fixture: GateFixture
        let scratch: TemporaryDirectory
        var summary: String { scratch.file("summary/step-summary.md") }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var status: Int32
        /// Appears on a captured stream.
        var message: String
        var arguments: [String] = ["gate", "--no-create"]
        var stdout: StreamFate = .captured
        var stderr: StreamFate = .captured
        var ignoringSIGPIPE = false
        /// cktool must not have run at all (a value was refused before it).
        var cktoolRuns = true
        /// Repository files the run must not create.
        var notWritten: [String] = []
        var setUp: @Sendable (Scene, inout [String: String?]) throws -> Void = { _, _ in }
        var testDescription: String { name }
    }

    // MARK: The token inside what cktool returns

    /// Production with an extra record type and field named after the token.
    static let productionNamingTheToken = Pantry.productionMissingField + """

        RECORD TYPE "\(token)" (
            "___recordID" REFERENCE QUERYABLE,
            "\(token)"    STRING,
            GRANT READ TO "_world"
        );

    """

    static func tokenInExport(format: String) -> Case {
        Case(name: "token as a record type name: --format \(format) and the step summary", status: 1, message: "<redacted>",
             arguments: ["gate", "--no-create", "--format", format]) { scene, env in
            scene.fixture.fake.setExport(.production, productionNamingTheToken)
            env["GITHUB_STEP_SUMMARY"] = scene.summary
        }
    }

    static let tokenCases: [Case] = ["text", "json", "markdown", "github", "xcode"].map(tokenInExport) + [
        Case(name: "token as the first word of a garbage export: the parse error and the kept copy", status: 2,
             message: "replaced by <redacted>") { scene, env in
            scene.fixture.fake.setExport(.production, "\(token) <html>502 Bad Gateway</html>\n")
            env["GITHUB_STEP_SUMMARY"] = scene.summary
        },
        Case(name: "token first in a --production file: expected DEFINE, found <redacted>", status: 2,
             message: "expected DEFINE, found '<redacted>'",
             arguments: ["gate", "--no-create", "--production", "prod.ckdb", "--format", "json"]) { scene, _ in
            scene.fixture.repo.write("prod.ckdb", "\(token)\n")
        },
        Case(name: "export --output: a snapshot naming the token is not written", status: 2,
             message: "the Production schema was neither printed nor written",
             arguments: ["export", "--environment", "production", "--output", "cloudkit/snapshot.ckdb"],
             notWritten: ["cloudkit/snapshot.ckdb"]) { scene, _ in
            scene.fixture.fake.setExport(.production, productionNamingTheToken)
        },
        Case(name: "export to stdout: a schema naming the token is not printed", status: 2,
             message: "the Production schema was neither printed nor written",
             arguments: ["export", "--environment", "production"]) { scene, _ in
            scene.fixture.fake.setExport(.production, productionNamingTheToken)
        },
    ]

    // MARK: Values that would reach cktool's command line

    static let badContainerIDs = ["--environment=development", "--output-file=/x", "--help", "iCloud.a b", "a;b"]

    static let argumentCases: [Case] = badContainerIDs.flatMap { id -> [Case] in
        let problem = "'\(id)' is not a CloudKit container id"
        return [
            Case(name: "--container-id=\(id)", status: 2, message: "--container-id: \(problem)",
                 arguments: ["gate", "--no-create", "--always", "--container-id=\(id)"], cktoolRuns: false),
            Case(name: "CONTAINER_ID=\(id)", status: 2,
                 message: "environment variable CONTAINER_ID: '\(id.split(separator: " ").last!)' is not a CloudKit container id",
                 arguments: ["gate", "--no-create", "--always"], cktoolRuns: false) { _, env in env["CONTAINER_ID"] = id },
            Case(name: "containers[0].id = \(id) in the configuration", status: 2,
                 message: ".cloudkit-schema.json:4: containers[0].id: \(problem)",
                 arguments: ["gate", "--no-create", "--always"], cktoolRuns: false) { scene, _ in
                let quoted = String(decoding: try JSONEncoder().encode(id), as: UTF8.self)
                scene.fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
                    of: "\"\(Pantry.container)\"", with: quoted))
                try scene.fixture.repo.commit("container id")
            },
        ]
    }

    // MARK: The create command is the user's own program

    static let createCases: [Case] = [
        Case(name: "a create command that runs cktool import-schema runs, without the token", status: 2,
             message: "the create command", arguments: ["gate"]) { scene, _ in
            // A search of the command line cannot tell (`ck""tool` runs cktool too), so the
            // tool does not pretend to: the command runs, and gets no token from the tool.
            let command = "\(scene.fixture.fake.path) cktool import-schema --file schema.ckdb"
            scene.fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
                of: "\"tagPattern\": \"v*\"",
                with: "\"tagPattern\": \"v*\", \"create\": {\"command\": \(String(decoding: try JSONEncoder().encode(command), as: UTF8.self))}"))
            try scene.fixture.repo.commit("create runs cktool")
        },
    ]

    // MARK: Standard streams that cannot be written

    static let streamCases: [Case] = [
        Case(name: "--version >/dev/full", status: 2, message: "could not write to standard output (No space left on device)",
             arguments: ["--version"], stdout: .full),
        Case(name: "gate >/dev/full", status: 2, message: "could not write to standard output (No space left on device)",
             stdout: .full),
        Case(name: "gate --format json >/dev/full", status: 2, message: "The command itself ended in exit 1",
             arguments: ["gate", "--no-create", "--format", "json"], stdout: .full),
        Case(name: "gate 2>&-", status: 2, message: "could not write to standard error (Bad file descriptor)", stderr: .closed),
        Case(name: "gate >&-", status: 2, message: "could not write to standard output (Bad file descriptor)", stdout: .closed),
        Case(name: "gate >&- 2>&-: nothing can be said, the status tells", status: 2, message: "",
             stdout: .closed, stderr: .closed),
        Case(name: "gate | (a reader that is gone), SIGPIPE default", status: 2, message: "could not write to standard output (Broken pipe)",
             stdout: .brokenPipe),
        Case(name: "gate | (a reader that is gone), SIGPIPE ignored", status: 2, message: "could not write to standard output (Broken pipe)",
             stdout: .brokenPipe, ignoringSIGPIPE: true),
        Case(name: "gate 2>(a reader that is gone)", status: 2, message: "could not write to standard error (Broken pipe)",
             stderr: .brokenPipe),
    ]

    // MARK: A step summary that cannot be written

    static let summaryCases: [Case] = [
        Case(name: "GITHUB_STEP_SUMMARY is a FIFO nobody reads", status: 1,
             message: "the summary was not written to GITHUB_STEP_SUMMARY") { scene, env in
            let fifo = scene.scratch.file("summary/fifo")
            guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(.EEXIST) }
            env["GITHUB_STEP_SUMMARY"] = fifo
        },
        Case(name: "GITHUB_STEP_SUMMARY is a directory", status: 1,
             message: "the summary was not written to GITHUB_STEP_SUMMARY") { scene, env in
            env["GITHUB_STEP_SUMMARY"] = scene.scratch.file("summary")
        },
    ]

    static let cases = tokenCases + argumentCases + createCases + streamCases + summaryCases

    @Test(arguments: cases)
    func outputFaultEndsInTheRightStatusAndLeaksNothing(_ fault: Case) throws {
        guard fault.stdout.isAvailable && fault.stderr.isAvailable else { return }
        let scene = Scene(fixture: try GateFixture(), scratch: TemporaryDirectory("output-fault"))
        var overrides = FaultMatrixTests.isolatedEnvironment(scene.fixture, scratch: scene.scratch)
        overrides["CLOUDKIT_MANAGEMENT_TOKEN"] = Self.token
        try FileManager.default.createDirectory(atPath: scene.scratch.file("summary"), withIntermediateDirectories: true)
        try fault.setUp(scene, &overrides)
        let before = try scene.fixture.repo.git(["status", "--porcelain", "--ignored"])

        let result = try runWithStreamFates(
            cloudkitSchemaBinary, fault.arguments, in: scene.fixture.repo.path, environment: Self.merged(overrides),
            stdout: fault.stdout, stderr: fault.stderr, ignoringSIGPIPE: fault.ignoringSIGPIPE, timeout: 60)
        let output = result.stdout + result.stderr
        #expect(!result.timedOut, "\(fault.name) hung")
        #expect(result.status == fault.status, "\(fault.name): \(output)")
        #expect(fault.message.isEmpty || output.contains(fault.message), "\(fault.name): \(output)")
        let captured = [result.stdout, result.stderr].filter { !$0.isEmpty }
        if !captured.isEmpty {
            #expect(captured.contains { $0.split(separator: "\n").last?.contains("(exit \(fault.status))") == true },
                    "\(fault.name): the last line must state the status: \(output)")
        }

        #expect(!output.contains(Self.token), "\(fault.name) printed the token")
        for place in Self.placesHoldingTheToken(scene) {
            Issue.record("\(fault.name): the token is in \(place)")
        }
        if !fault.cktoolRuns { #expect(scene.fixture.fake.calls.isEmpty, "\(fault.name): cktool ran with \(scene.fixture.fake.calls)") }
        for file in fault.notWritten {
            #expect(!FileManager.default.fileExists(atPath: scene.fixture.repo.directory.file(file)), "\(fault.name) wrote \(file)")
        }

        #expect(try scene.fixture.repo.git(["status", "--porcelain", "--ignored"]) == before, "\(fault.name) wrote into the repository")
        for folder in ["tmp", "home"] {
            // An unreadable export is kept on purpose (redacted), and the message says where.
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: scene.scratch.file(folder))) ?? [])
                .filter { !output.contains("the output is kept at \(scene.scratch.file(folder))/\($0)/") }
            #expect(left.isEmpty, "\(fault.name) left \(left) in \(folder)")
        }
    }

    /// The create command runs (cktool's writing subcommands are its own business), and
    /// the fake saw it called without the token in its environment.
    @Test func theCreateCommandNeverReceivesTheToken() throws {
        let fault = Self.createCases[0]
        let scene = Scene(fixture: try GateFixture(), scratch: TemporaryDirectory("output-fault"))
        var overrides = FaultMatrixTests.isolatedEnvironment(scene.fixture, scratch: scene.scratch)
        overrides["CLOUDKIT_MANAGEMENT_TOKEN"] = Self.token
        try fault.setUp(scene, &overrides)
        let result = try runWithStreamFates(
            cloudkitSchemaBinary, fault.arguments, in: scene.fixture.repo.path, environment: Self.merged(overrides),
            stdout: .captured, stderr: .captured)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        let calls = scene.fixture.fake.calls
        let environments = scene.fixture.fake.environments
        let index = try #require(calls.firstIndex { $0.contains("import-schema") }, "the create command did not run: \(calls)")
        #expect(!environments[index].contains(Self.token))
        #expect(!environments[index].contains("CLOUDKIT_MANAGEMENT_TOKEN="))
    }

    /// Every file a run could have written or kept, and the fake's recorded argv.
    static func placesHoldingTheToken(_ scene: Scene) -> [String] {
        var places: [String] = []
        for root in [scene.scratch.path, scene.fixture.repo.path] {
            let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            for file in files where !file.hasPrefix(".git/") && !file.hasSuffix("fifo") {
                let path = root + "/" + file
                // The fixture's own hostile input is the one place the token is meant to be.
                if path == scene.fixture.repo.directory.file("prod.ckdb") { continue }
                if let data = FileManager.default.contents(atPath: path), String(decoding: data, as: UTF8.self).contains(token) {
                    places.append(path)
                }
            }
        }
        if scene.fixture.fake.recordedArguments.contains(token) { places.append("the fake's recorded argv") }
        return places
    }

    /// This process's environment with the overrides applied (nil removes a variable).
    static func merged(_ overrides: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in overrides { environment[key] = value }
        return environment
    }
}
