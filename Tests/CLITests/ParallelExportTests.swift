import Foundation
import SchemaGate
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exports of a run, in flight at once (Docs/cktool-exports.md): the report, the first
/// error and the doctor's lines are what exporting one after another gives, whichever
/// export ends first; what still runs when the run stops is stopped, and nothing is left.
/// In-process against the fake xcrun, each case compared with the same run one export at a
/// time (`exportsAtOnce = 1`); then a few runs of the real binary for what only a process
/// shows (a child left behind, a signal).
@Suite(.waitsOnProcesses) struct ParallelExportTests {
    static let containers = ["iCloud.one", "iCloud.two", "iCloud.three"]

    /// The Pantry app with three containers, each with a Production of its own (one lacks
    /// notes, two is complete, three lacks quantity), and the fake xcrun serving them.
    final class Project: @unchecked Sendable {
        let directory = TemporaryDirectory("parallel-exports")
        let fake: FakeXcrun

        init(cktoolSeconds: Double = 60) {
            directory.write(".cloudkit-schema.json", """
                {
                  "teamId": "\(Pantry.team)",
                  "containers": [\(ParallelExportTests.containers.map { "{ \"id\": \"\($0)\" }" }.joined(separator: ", "))],
                  "modelPaths": ["App/Models"],
                  "timeouts": { "cktoolSeconds": \(cktoolSeconds) }
                }
                """)
            directory.write("App/Models/Item.swift", Pantry.model)
            fake = FakeXcrun(development: Pantry.development, production: Pantry.productionComplete, in: directory.path)
            fake.setExport(.production, Pantry.productionMissingField, container: "iCloud.one")
            fake.setExport(.production, Pantry.productionComplete.replacingOccurrences(
                of: "        CD_quantity            INT64 QUERYABLE SORTABLE,\n", with: ""), container: "iCloud.three")
        }

        func configuration(_ environment: [String: String]) throws -> ResolvedConfiguration {
            try ResolvedConfiguration.load(workingDirectory: directory.path, environment: environment)
        }

        /// `check`'s loop over the containers, `atOnce` exports at a time.
        func check(atOnce: Int, _ extra: [String: String] = [:]) -> Result<Report, any Error> {
            Result {
                let environment = fake.environment(extra)
                let configuration = try configuration(environment)
                var check = ContainerCheck(configuration: configuration, environment: environment, workingDirectory: directory.path, log: { _ in })
                check.exportsAtOnce = atOnce
                return try check.run(try configuration.requireContainers()) { container, label in
                    try ExpectedModelSchema.build(
                        modelPaths: container.modelPaths, configuration: configuration, container: container, workingDirectory: self.directory.path, label: label)
                }
            }
        }

        /// No export folder and no process of the fake's left.
        func expectNothingLeft(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let folders = ((try? FileManager.default.contentsOfDirectory(atPath: fake.scratchDirectory)) ?? [])
                .filter { $0.hasPrefix("cloudkit-schema-export-") }
            #expect(folders.isEmpty, "\(label): left \(folders)", sourceLocation: sourceLocation)
            let processes = liveProcesses(carrying: "FAKE_XCRUN_DIR=\(fake.directory.path)")
            #expect(processes.isEmpty, "\(label): processes left running: \(processes)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - The report

    @Test func theReportIsTheSequentialOneWhicheverExportEndsFirst() throws {
        let project = Project()
        // The first container's exports end last, the last container's first.
        project.fake.setDelay(0.8, container: "iCloud.one")
        project.fake.setDelay(0.4, container: "iCloud.two")
        let sequential = try project.check(atOnce: 1).get()
        // Each of the first four exports waits until four are in flight: one at a time, it fails.
        let parallel = try project.check(atOnce: CKToolExports.limit, ["FAKE_XCRUN_BARRIER": "\(CKToolExports.limit)"]).get()
        #expect(parallel == sequential)
        #expect(parallel.notes.filter { $0.hasPrefix("Check (") } == Self.containers.map {
            "Check (\($0)): exported Production and Development of \($0) (team \(Pantry.team)) with cktool."
        })
        let missing = parallel.findings.filter { $0.code == "missing-field" }.map { "\($0.field ?? "") \($0.message.contains("iCloud.one") ? "one" : "three")" }
        #expect(missing == ["CD_notes one", "CD_notes_ckAsset one", "CD_quantity three"], "\(parallel.findings.map(\.message))")
        project.expectNothingLeft("after the report")
    }

    // MARK: - The first error in report order

    struct FailureCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// mode per container (and environment, after a dot), delay per container.
        var modes: [String: String]
        var delays: [String: Double] = [:]
        var cktoolSeconds: Double = 60
        /// A part of the error the sequential run reports.
        var message: String
        var testDescription: String { name }
    }

    static let failures: [FailureCase] = [
        FailureCase(name: "an earlier container's failure wins over a later one that ends first",
                    modes: ["iCloud.one": "network", "iCloud.two": "wrong-container"], delays: ["iCloud.one": 0.6],
                    message: "cktool could not reach CloudKit"),
        FailureCase(name: "a later container's failure, once the earlier ones succeeded",
                    modes: ["iCloud.three": "no-token"], delays: ["iCloud.one": 0.6, "iCloud.two": 0.3],
                    message: "cktool has no CloudKit management token"),
        FailureCase(name: "Production's failure wins over Development's that ends first",
                    modes: ["iCloud.one.production": "network", "iCloud.one.development": "wrong-team"], delays: ["iCloud.one": 0.6],
                    message: "cktool could not reach CloudKit"),
        FailureCase(name: "an earlier hang is waited for to its timeout",
                    modes: ["iCloud.one": "hang", "iCloud.two": "network"], cktoolSeconds: 1,
                    message: "did not finish within 1 s and was stopped"),
        FailureCase(name: "what still runs after the failure is stopped: a hang",
                    modes: ["iCloud.one": "network", "iCloud.two": "hang", "iCloud.three": "hang"], delays: ["iCloud.one": 0.3],
                    message: "cktool could not reach CloudKit"),
        FailureCase(name: "what still runs after the failure is stopped: a child that traps SIGTERM and one that ignores every signal",
                    modes: ["iCloud.one.development": "network", "iCloud.two": "stubborn", "iCloud.three": "leaves-child"],
                    delays: ["iCloud.one": 0.3], message: "cktool could not reach CloudKit"),
        FailureCase(name: "an unreadable export whose error is never read leaves no folder (one is kept only when its path is printed)",
                    modes: ["iCloud.one": "network", "iCloud.two": "garbage", "iCloud.three": "garbage"], delays: ["iCloud.one": 0.6],
                    message: "cktool could not reach CloudKit"),
    ]

    @Test(arguments: failures)
    func theFirstErrorInReportOrderIsTheSequentialOne(_ failure: FailureCase) throws {
        func run(atOnce: Int) -> (error: CKToolError?, seconds: Double) {
            let project = Project(cktoolSeconds: failure.cktoolSeconds)
            for (key, mode) in failure.modes {
                let parts = key.split(separator: ".").map(String.init)
                let environment = parts.count == 3 ? FakeXcrun.Environment(rawValue: parts[2]) : nil
                project.fake.setMode(mode, container: parts.prefix(2).joined(separator: "."), environment: environment)
            }
            for (container, seconds) in failure.delays { project.fake.setDelay(seconds, container: container) }
            let started = Date()
            let outcome = project.check(atOnce: atOnce)
            let seconds = Date().timeIntervalSince(started)
            project.expectNothingLeft("\(failure.name), \(atOnce) at once")
            guard case .failure(let error) = outcome else {
                Issue.record("\(failure.name): the check passed")
                return (nil, seconds)
            }
            return (error as? CKToolError, seconds)
        }
        let sequential = run(atOnce: 1)
        let parallel = run(atOnce: CKToolExports.limit)
        #expect(sequential.error?.message.contains(failure.message) == true, "\(sequential.error?.message ?? "no cktool error")")
        #expect(parallel.error == sequential.error, "\(parallel.error?.message ?? "no cktool error")")
        // What runs after the failure (a 60 s hang) is stopped, not waited out.
        #expect(parallel.seconds < 30, "the run waited \(parallel.seconds) s for exports it did not need")
    }

    // MARK: - doctor

    @Test func doctorsLinesAreTheSequentialOnesWhicheverExportEndsFirst() throws {
        let project = Project()
        project.fake.setDelay(0.8, container: "iCloud.one")
        project.fake.setMode("wrong-container", container: "iCloud.two", environment: .development)
        project.fake.setMode("network", container: "iCloud.three", environment: .production)
        func doctor(atOnce: Int, _ extra: [String: String] = [:]) throws -> CloudKitDoctor.Outcome {
            let environment = project.fake.environment(extra)
            var doctor = CloudKitDoctor(configuration: try project.configuration(environment), environment: environment, workingDirectory: project.directory.path)
            doctor.exportsAtOnce = atOnce
            return doctor.run()
        }
        let sequential = try doctor(atOnce: 1)
        let parallel = try doctor(atOnce: CKToolExports.limit, ["FAKE_XCRUN_BARRIER": "\(CKToolExports.limit)"])
        #expect(parallel.checks == sequential.checks)
        #expect(Set(parallel.liveProduction.keys) == Set(sequential.liveProduction.keys))
        let exports = parallel.checks.filter { $0.id == "export" }
        #expect(exports.map { "\($0.container ?? "") \($0.status.rawValue)" } == ["iCloud.one passed", "iCloud.two failed", "iCloud.three failed"])
        #expect(exports[1].fix?.contains("CloudKit does not know the container") == true, "\(exports[1])")
        #expect(exports[2].fix?.contains("Cktool could not reach CloudKit") == true, "\(exports[2])")
        #expect(Set(parallel.liveProduction.keys) == ["iCloud.one"])
        project.expectNothingLeft("doctor")
    }

    // MARK: - The real binary: nothing left behind, signals

    /// The gate fixture with two containers and a long cktool timeout.
    static func twoContainers(portable: Bool) throws -> FaultMatrixProcessTests.Run {
        try FaultMatrixProcessTests.Run(portable: portable, configuration: Pantry.configuration
            .replacingOccurrences(of: "\"containers\": [{ \"id\": \"\(Pantry.container)\" }]",
                                  with: "\"containers\": [{ \"id\": \"iCloud.one\" }, { \"id\": \"iCloud.two\" }]")
            .replacingOccurrences(of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"timeouts\": { \"cktoolSeconds\": 60 }"))
    }

    @Test(arguments: [false, true])
    func aFailingExportStopsTheOthersAndTheGateFailsClosed(portable: Bool) throws {
        let run = try Self.twoContainers(portable: portable)
        run.fixture.fake.setMode("network", container: "iCloud.one")
        run.fixture.fake.setMode("stubborn", container: "iCloud.two")
        let started = Date()
        let result = try run.run()
        run.expectClean(result, status: 2, "network and stubborn")
        #expect(result.output.contains("cktool could not reach CloudKit"), "\(result.output.suffix(2000))")
        #expect(result.stdout.split(separator: "\n").last?.contains("(exit 2)") == true)
        #expect(Date().timeIntervalSince(started) < 40, "the gate waited for the export it did not need")
    }

    @Test(arguments: [(SIGINT, false), (SIGTERM, true)])
    func aSignalDuringExportsAtOnceStopsEveryChild(signal: Int32, portable: Bool) throws {
        var run = try Self.twoContainers(portable: portable)
        run.environment["FAKE_XCRUN_MODE"] = "stubborn"
        let running = run.start()
        // Each stubborn export writes its pid and its grandchild's: all four exports running.
        func pids() -> Int { run.fixture.fake.directory.read("pids")?.split(separator: "\n").count ?? 0 }
        let deadline = Date().addingTimeInterval(90)
        while pids() < 8 && Date() < deadline { usleep(20_000) }
        #expect(pids() == 8, "not all four exports started")
        let tool = try #require(waitForFile(run.fixture.fake.directory.file("ready"), seconds: 1).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        })
        if tool > 1 { kill(tool, signal) }
        let result = try #require(try running.wait(seconds: 90), "the tool did not end after the signal")
        run.expectClean(result, status: 128 + signal, "signal \(signal) during four exports")
        let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("cloudkit-schema gate: INTERRUPTED (exit \(128 + signal))"), "\(result.output.suffix(2000))")
    }
}
