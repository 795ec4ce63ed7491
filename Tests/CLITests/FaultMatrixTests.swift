import Foundation
import Testing
import TestSupport

/// The gate must fail closed. Every fault a release machine can meet is run through the
/// real binary against a fixture repository and a fake xcrun; each case asserts the exit
/// status, a specific message, and that the run left nothing behind (the repository's
/// status is unchanged and the private TMPDIR and HOME are empty). Not one ends in exit 0
/// unless the input is genuinely fine.
@Suite(.waitsOnProcesses) struct FaultMatrixTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var status: Int32
        var message: String
        /// Changes the fixture or the environment before the run.
        var setUp: @Sendable (GateFixture, inout [String: String?]) throws -> Void = { _, _ in }
        var arguments: [String] = ["gate", "--no-create"]
        var testDescription: String { name }
    }

    static func cktool(_ mode: String, _ message: String) -> Case {
        Case(name: "cktool: \(mode)", status: 2, message: message) { _, env in env["FAKE_XCRUN_MODE"] = mode }
    }

    static func export(_ name: String, production: Data, _ message: String) -> Case {
        Case(name: "export: \(name)", status: 2, message: message) { fixture, _ in
            fixture.fake.directory.write("exports/production.ckdb", data: production)
        }
    }

    static func config(_ name: String, _ text: String, _ message: String) -> Case {
        Case(name: "config: \(name)", status: 2, message: message) { fixture, _ in
            fixture.repo.write(".cloudkit-schema.json", text)
            try fixture.repo.commit("config")
        }
    }

    static let development = Data(Pantry.development.utf8)

    static let cases: [Case] = [
        Case(name: "no xcrun at all", status: 2, message: "not found") { _, env in
            env["CLOUDKIT_SCHEMA_XCRUN"] = nil
            env["PATH"] = "/usr/bin:/bin"
        },
        cktool("no-cktool", "xcrun cannot find cktool"),
        cktool("no-token", "cktool has no CloudKit management token"),
        cktool("expired-token", "is expired or invalid (cktool said:"),
        cktool("wrong-team", "and refused listing the token's teams too"),
        cktool("wrong-container", "CloudKit does not know the container"),
        cktool("network", "cktool could not reach CloudKit"),
        cktool("silent-failure", "exit status 5"),
        Case(name: "cktool hangs past the timeout", status: 2, message: "did not finish within 1 s and was stopped") { fixture, env in
            env["FAKE_XCRUN_MODE"] = "hang"
            fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
                of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"timeouts\": { \"cktoolSeconds\": 1 }"))
        },
        cktool("garbage", "export is not a schema this tool can read"),
        cktool("empty", "cktool returned an empty Production export"),
        cktool("empty-schema", "defines no record types at all"),
        export("truncated", production: development.prefix(development.count / 2), "Production export is not a schema this tool can read"),
        export("non-UTF-8", production: Data("DEFINE SCHEMA -- caf".utf8) + Data([0xE9, 0x0A]), "invalid UTF-8"),
        Case(name: "Production exports but Development fails", status: 2, message: "cktool has no CloudKit management token") { _, env in
            env["FAKE_XCRUN_MODE_DEVELOPMENT"] = "no-token"
        },
        Case(name: "git missing", status: 2, message: "git") { _, env in env["PATH"] = "/nonexistent" },
        Case(name: "not a repository", status: 2, message: "is not inside a git work tree: run the command from your repository") { fixture, _ in
            try FileManager.default.removeItem(atPath: fixture.repo.directory.file(".git"))
        },
        Case(name: "detached HEAD still checks (drift found)", status: 1, message: "missing-field") { fixture, _ in
            try fixture.repo.git(["checkout", "-q", "--detach", "HEAD"])
        },
        Case(name: "no tags: treated as model-touching (drift found)", status: 1, message: "no tag matching 'v*' is reachable from HEAD") { fixture, _ in
            try fixture.repo.git(["tag", "-d", "v1.0"])
        },
        config("invalid JSON", "{ \"teamId\": ", ".cloudkit-schema.json"),
        config("unknown key", "{ \"teamID\": \"ABCDE12345\" }", "teamID"),
        config("wrong type", "{ \"teamId\": 42 }", "teamId"),
        Case(name: "config unreadable (a directory)", status: 2, message: ".cloudkit-schema.json") { fixture, _ in
            try fixture.repo.remove(".cloudkit-schema.json")
            try FileManager.default.createDirectory(atPath: fixture.repo.directory.file(".cloudkit-schema.json"), withIntermediateDirectories: false)
        },
        Case(name: "models directory missing", status: 2, message: "App/Nowhere", arguments: ["gate", "--no-create", "--models", "App/Nowhere"]),
        Case(name: "a model file that is not UTF-8", status: 2, message: "not valid UTF-8") { fixture, _ in
            fixture.repo.write("App/Models/Broken.swift", "")
            try Data("@Model final class Broken { var name = \"caf".utf8 + [0xE9] + "\" }\n".utf8)
                .write(to: URL(fileURLWithPath: fixture.repo.directory.file("App/Models/Broken.swift")))
            try fixture.repo.commit("broken model")
        },
        Case(name: "SKIP spelled maybe", status: 2, message: "SKIP_CLOUDKIT_SCHEMA_CHECK") { _, env in env["SKIP_CLOUDKIT_SCHEMA_CHECK"] = "maybe" },
        Case(name: "SKIP spelled on", status: 2, message: "SKIP_CLOUDKIT_SCHEMA_CHECK") { _, env in env["SKIP_CLOUDKIT_SCHEMA_CHECK"] = "on" },
        Case(name: "SKIP=1 skips loudly", status: 0, message: "SKIP_CLOUDKIT_SCHEMA_CHECK=1") { _, env in env["SKIP_CLOUDKIT_SCHEMA_CHECK"] = "1" },
        Case(name: "SKIP=no runs (drift found)", status: 1, message: "missing-field") { _, env in env["SKIP_CLOUDKIT_SCHEMA_CHECK"] = "no" },
        Case(name: "CRLF and BOM in model and exports still find the drift", status: 1, message: "CD_notes") { fixture, _ in
            func crlfBOM(_ text: String) -> String { "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n") }
            fixture.repo.write("App/Models/Item.swift", crlfBOM(Pantry.model))
            try fixture.repo.commit("CRLF")
            fixture.fake.setExport(.development, crlfBOM(Pantry.development))
            fixture.fake.setExport(.production, crlfBOM(Pantry.productionMissingField))
        },
    ]

    @Test(arguments: cases)
    func faultEndsInTheRightStatusWithASpecificMessage(_ fault: Case) throws {
        try Self.check(fault)
    }

    /// Runs one case through the real binary and checks it; `extra` goes into the
    /// environment last (FaultMatrixProcessTests runs every case on the portable path).
    static func check(_ fault: Case, extra: [String: String?] = [:]) throws {
        let fixture = try GateFixture()
        let scratch = TemporaryDirectory("fault-scratch")
        var environment = isolatedEnvironment(fixture, scratch: scratch)
        try fault.setUp(fixture, &environment)
        environment.merge(extra) { $1 }
        let before = try? fixture.repo.git(["status", "--porcelain", "--ignored"])
        let result = try runProcess(cloudkitSchemaBinary, fault.arguments, in: fixture.repo.path, environment: environment, timeout: 60)
        #expect(result.status == fault.status, "\(fault.name): \(result.output)")
        #expect(result.output.contains(fault.message), "\(fault.name): \(result.output)")
        #expect(result.stdout.split(separator: "\n").last?.contains("(exit \(fault.status))") == true, "\(fault.name): last line must state the status")
        if let before { #expect((try? fixture.repo.git(["status", "--porcelain", "--ignored"])) == before, "\(fault.name) wrote into the repository") }
        for folder in ["tmp", "home"] {
            // An unreadable export is kept on purpose, and the message says where.
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: scratch.file(folder))) ?? [])
                .filter { !result.output.contains("the output is kept at \(scratch.file(folder))/\($0)/") }
            #expect(left.isEmpty, "\(fault.name) left \(left) in \(folder)")
        }
    }

    @Test func pathsWithSpacesAndJapaneseNames() throws {
        let fixture = try GateFixture()
        let scratch = TemporaryDirectory("fault-scratch")
        let model = try String(contentsOfFile: fixture.repo.directory.file("App/Models/Item.swift"), encoding: .utf8)
        try fixture.repo.remove("App/Models/Item.swift")
        fixture.repo.write("App/Models/在庫 モデル/Item Model.swift", model)
        try fixture.repo.commit("move into a folder with spaces and Japanese")
        let result = try runProcess(cloudkitSchemaBinary, ["gate", "--no-create", "--format", "json"], in: fixture.repo.path,
                                    environment: Self.isolatedEnvironment(fixture, scratch: scratch))
        #expect(result.status == 1, "\(result.output)")
        #expect(result.stdout.contains("missing-field"))
    }

    /// The fake's environment, with this machine's gate variables removed and TMPDIR and
    /// HOME pointing at empty folders the test inspects afterwards.
    static func isolatedEnvironment(_ fixture: GateFixture, scratch: TemporaryDirectory) -> [String: String?] {
        var environment: [String: String?] = fixture.fake.environment().mapValues { $0 }
        for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] {
            environment.updateValue(nil, forKey: name)
        }
        for folder in ["tmp", "home"] {
            try? FileManager.default.createDirectory(atPath: scratch.file(folder), withIntermediateDirectories: true)
        }
        environment["TMPDIR"] = scratch.file("tmp")
        environment["HOME"] = scratch.file("home")
        return environment
    }
}
