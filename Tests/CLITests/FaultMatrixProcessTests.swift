import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fault matrix for what the tool starts (Docs/guarantees.md): output past the
/// capture limit, a child that outlives SIGTERM, SIGHUP/SIGINT/SIGQUIT/SIGTERM to the tool,
/// a bad TMPDIR. Every case runs the real binary against a hostile fake cktool (or create
/// command) and checks the exact exit status, that the sentinel token appears nowhere,
/// and that no process (by the fake's pid file and by /proc: every descendant carries
/// the fake's directory in its environment) and no `cloudkit-schema-export-*` folder is
/// left. Cases that involve subprocesses run on both process paths: Linux's (pidfd) and
/// the portable one macOS takes (`CLOUDKIT_SCHEMA_PORTABLE_PROCESSES=1`).
@Suite(.waitsOnProcesses) struct FaultMatrixProcessTests {
    static let token = "ck-sentinel-token-4d1f0c9e"
    static let portableVariable = "CLOUDKIT_SCHEMA_PORTABLE_PROCESSES"

    /// One run's fixture and environment, and what it must not leave behind.
    struct Run {
        let fixture: GateFixture
        let scratch = TemporaryDirectory("fault-process")
        var environment: [String: String?]

        init(portable: Bool, production: String = Pantry.productionComplete, configuration: String = Pantry.configuration) throws {
            fixture = try GateFixture(production: production)
            if configuration != Pantry.configuration {
                fixture.repo.write(".cloudkit-schema.json", configuration)
                try fixture.repo.commit("configuration for this case")
            }
            environment = FaultMatrixTests.isolatedEnvironment(fixture, scratch: scratch)
            environment["CLOUDKIT_MANAGEMENT_TOKEN"] = FaultMatrixProcessTests.token
            environment[FaultMatrixProcessTests.portableVariable] = portable ? "1" : nil
        }

        var tmp: String { scratch.file("tmp") }

        func start(_ arguments: [String] = ["gate", "--no-create"]) -> BackgroundRun {
            BackgroundRun(cloudkitSchemaBinary, arguments, in: fixture.repo.path, environment: environment, timeout: 120)
        }

        func run(_ arguments: [String] = ["gate", "--no-create"]) throws -> ProcessResult {
            try runProcess(cloudkitSchemaBinary, arguments, in: fixture.repo.path, environment: environment, timeout: 120)
        }

        /// Exit status, no token, no process, no export folder (in TMPDIR or the work tree).
        func expectClean(_ result: ProcessResult, status: Int32, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(result.status == status, "\(label): \(result.output.suffix(2000))", sourceLocation: sourceLocation)
            #expect(!result.output.contains(token) && !fixture.fake.recordedArguments.contains(token),
                    "\(label): the token leaked", sourceLocation: sourceLocation)
            let pids = (fixture.fake.directory.read("pids") ?? "").split(separator: "\n").compactMap { Int32($0) }
            let running = pids.filter(isRunning)
            #expect(running.isEmpty, "\(label): processes left running: \(running)", sourceLocation: sourceLocation)
            let carriers = liveProcesses(carrying: "FAKE_XCRUN_DIR=\(fixture.fake.directory.path)")
            #expect(carriers.isEmpty, "\(label): descendants left running: \(carriers)", sourceLocation: sourceLocation)
            for folder in [tmp, fixture.repo.path] {
                let left = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("cloudkit-schema-export-") }
                #expect(left.isEmpty, "\(label): left \(left) in \(folder)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: - Output past the capture limit is an error, never parsed

    @Test(arguments: [false, true])
    func stdoutPastTheLimitIsAnErrorNotTheTailParsedAsTheExport(portable: Bool) throws {
        // An HTML error page, 64 MB of blank lines, then a complete schema: the tail alone
        // would parse and pass.
        var run = try Run(portable: portable)
        run.environment["FAKE_XCRUN_MODE_PRODUCTION"] = "huge-stdout"
        let result = try run.run()
        run.expectClean(result, status: 2, "huge stdout")
        #expect(result.output.contains("cktool export-schema wrote more than 64 MB to stdout"), "\(result.output.suffix(2000))")
        #expect(result.output.contains("xcrun cktool export-schema --team-id"), "the message names the command")
        #expect(result.stdout.split(separator: "\n").last?.contains("(exit 2)") == true)
    }

    @Test func anExportFilePastTheLimitIsAnError() throws {
        var run = try Run(portable: false)
        run.environment["FAKE_XCRUN_MODE_PRODUCTION"] = "huge-file"
        let result = try run.run()
        run.expectClean(result, status: 2, "huge export file")
        #expect(result.output.contains("cktool export-schema wrote more than 64 MB to its export file"), "\(result.output.suffix(2000))")
    }

    // MARK: - Nothing left running

    @Test(arguments: [false, true])
    func aTimeoutStopsAChildThatIgnoresSIGTERMAfterItsParentExited(portable: Bool) throws {
        // The fake exits on SIGTERM; its child ignores every signal and must still go.
        var run = try Run(portable: portable, configuration: Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"timeouts\": { \"cktoolSeconds\": 1 }"))
        run.environment["FAKE_XCRUN_MODE"] = "leaves-child"
        let result = try run.run()
        run.expectClean(result, status: 2, "timeout")
        #expect(result.output.contains("did not finish within 1 s and was stopped"), "\(result.output.suffix(2000))")
    }

    // MARK: - Signals

    struct SignalCase: CustomTestStringConvertible, Sendable {
        var signal: Int32
        /// The create command (the fake standing in for it) is running, not cktool.
        var duringCreate = false
        var portable = false
        var testDescription: String {
            "\(signalName) during \(duringCreate ? "the create command" : "cktool")\(portable ? ", portable path" : "")"
        }
        var signalName: String { [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGTERM: "SIGTERM"][signal] ?? "\(signal)" }
    }

    static let signalCases: [SignalCase] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM].map { SignalCase(signal: $0) }
        + [SignalCase(signal: SIGHUP, duringCreate: true), SignalCase(signal: SIGTERM, duringCreate: true),
           SignalCase(signal: SIGINT, portable: true), SignalCase(signal: SIGHUP, duringCreate: true, portable: true)]

    @Test(arguments: signalCases)
    func aSignalStopsEverythingTheToolStartedAndSaysSo(_ signalCase: SignalCase) throws {
        // cktool's timeout is long enough that only the signal can end the run.
        var configuration = Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"timeouts\": { \"cktoolSeconds\": 60, \"createSeconds\": 60 }")
        var run = try Run(portable: signalCase.portable, configuration: configuration)
        if signalCase.duringCreate {
            configuration = configuration.replacingOccurrences(
                of: "\"tagPattern\"", with: "\"create\": { \"command\": [\"\(run.fixture.fake.path)\", \"create-stand-in\"] }, \"tagPattern\"")
            run.fixture.repo.write(".cloudkit-schema.json", configuration)
            try run.fixture.repo.commit("create command")
        }
        run.environment["FAKE_XCRUN_MODE"] = "stubborn"
        let running = run.start(signalCase.duringCreate ? ["gate"] : ["gate", "--no-create"])
        let ready = waitForFile(run.fixture.fake.directory.file("ready"), seconds: 90)
        let tool = try #require(ready.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }, "the fake never started: \(String(describing: ready)), calls \(run.fixture.fake.calls), \((try? running.wait(seconds: 1))??.output ?? "still running")")
        #expect(run.fixture.fake.calls.first?.first == (signalCase.duringCreate ? "create-stand-in" : "cktool"))
        #expect(tool > 1)
        if tool > 1 { kill(tool, signalCase.signal) }
        let result = try #require(try running.wait(seconds: 90), "the tool did not end after \(signalCase.signalName)")
        run.expectClean(result, status: 128 + signalCase.signal, signalCase.testDescription)
        let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("cloudkit-schema gate: INTERRUPTED (exit \(128 + signalCase.signal)): \(signalCase.signalName)"),
                "the last line must state the status: \(result.output.suffix(2000))")
        #expect(!result.output.contains("Crash") && !result.output.contains("backtrace"), "\(result.output.suffix(2000))")
    }

    // MARK: - TMPDIR

    @Test(arguments: [("relative", "a relative path"), ("missing", "which is not an existing directory")])
    func aTMPDIRThatIsNotAnExistingAbsoluteDirectoryIsAnError(name: String, message: String) throws {
        var run = try Run(portable: false)
        // Relative to the work tree, where the tool runs; or absolute, inside this test's own folder.
        let value = name == "relative" ? "tmp-in-work-tree" : run.scratch.file("no-such-tmp")
        let resolved = value.hasPrefix("/") ? value : run.fixture.repo.directory.file(value)
        run.environment["TMPDIR"] = value
        let before = try run.fixture.repo.git(["status", "--porcelain", "--ignored"])
        let result = try run.run()
        run.expectClean(result, status: 2, "TMPDIR \(name)")
        #expect(result.output.contains("TMPDIR is '\(value)', \(message)"), "\(result.output.suffix(2000))")
        #expect(!FileManager.default.fileExists(atPath: resolved), "the tool created TMPDIR")
        #expect(try run.fixture.repo.git(["status", "--porcelain", "--ignored"]) == before, "the run wrote into the work tree")
    }

    // MARK: - The whole fault matrix on the portable path

    @Test(arguments: FaultMatrixTests.cases)
    func everyFaultOnThePortablePath(_ fault: FaultMatrixTests.Case) throws {
        try FaultMatrixTests.check(fault, extra: [Self.portableVariable: "1"])
    }
}
