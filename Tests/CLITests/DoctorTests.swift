import Foundation
import Testing
import TestSupport

/// `cloudkit-schema doctor` through the real binary, in real git repositories, against the
/// fake xcrun: a fresh repository fails line after line, and each step a new user takes
/// turns its line green until the whole checklist passes.
@Suite(.waitsOnProcesses) struct DoctorTests {
    static let secret = "doctor-secret-token-7f3a"

    /// A repository being set up, and the fake cktool it talks to.
    final class Setup: @unchecked Sendable {
        let repo: FixtureRepository
        let fake: FakeXcrun
        var path: String { repo.path }

        init() throws {
            repo = try FixtureRepository("doctor")
            fake = FakeXcrun(development: Pantry.development, production: Pantry.productionComplete)
        }

        /// The environment of a machine with the fake xcrun (`xcrun: false`: none at all).
        func environment(xcrun: Bool = true, mode: String = "ok", _ extra: [String: String?] = [:]) -> [String: String?] {
            var environment: [String: String?] = fake.environment(mode: mode).mapValues { $0 }
            for name in ["TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "CLOUDKIT_SCHEMA", "CLOUDKIT_SCHEMA_PACKAGE", "SKIP_CLOUDKIT_SCHEMA_CHECK"] {
                environment.updateValue(nil, forKey: name)
            }
            if !xcrun { environment.updateValue(nil, forKey: "CLOUDKIT_SCHEMA_XCRUN") }
            for (key, value) in extra { environment.updateValue(value, forKey: key) }
            return environment
        }

        /// The state the first test ends in: every line passes.
        func complete() throws -> Setup {
            repo.write("Pantry.xcodeproj/project.pbxproj", XcodeAppFixture.project())
            repo.write("Pantry/Pantry.entitlements", XcodeAppFixture.entitlements)
            repo.write("Pantry/Info.plist", DoctorTests.infoPlist)
            repo.write("Pantry/Models/Item.swift", Pantry.model)
            repo.write("Pantry/PantryApp.swift", XcodeAppFixture.app())
            repo.write("cloudkit/production.ckdb", Pantry.productionComplete)
            try repo.commit("Pantry 1.0")
            try repo.tag("v1.0")
            let install = try runProcess(cloudkitSchemaBinary, ["install-hooks"], in: path, environment: environment())
            #expect(install.status == 0, "\(install.output)")
            return self
        }

        /// With the token in the environment, as in CI.
        var withToken: [String: String?] { environment(["CLOUDKIT_MANAGEMENT_TOKEN": DoctorTests.secret]) }

        func doctor(_ arguments: [String] = [], _ environment: [String: String?]) throws -> Doctor {
            let run = try runProcess(cloudkitSchemaBinary, ["doctor", "--format", "json"] + arguments, in: path, environment: environment)
            return try Doctor(run)
        }

        func text(_ environment: [String: String?]) throws -> TestSupport.ProcessResult {
            try runProcess(cloudkitSchemaBinary, ["doctor"], in: path, environment: environment)
        }
    }

    /// One doctor run, its lines by id (`export iCloud.x` for a container's line).
    struct Doctor {
        var status: Int32
        var output: String
        var lines: [String: (status: String, detail: String, fix: String?)] = [:]
        var order: [String] = []

        init(_ run: TestSupport.ProcessResult) throws {
            status = run.status
            output = run.output
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.output)")
            for line in try #require(json["checks"] as? [[String: Any]]) {
                let id = [line["id"] as? String, line["container"] as? String].compactMap { $0 }.joined(separator: " ")
                lines[id] = (line["status"] as? String ?? "", line["detail"] as? String ?? "", line["fix"] as? String)
                order.append(id)
                #expect(Set(line.keys) == ["id", "container", "status", "detail", "fix"], "stable keys: \(line)")
                #expect((line["fix"] is String) == (line["status"] as? String == "failed"), "a fix exactly on failed lines: \(line)")
            }
        }

        func status(_ id: String) -> String { lines[id]?.status ?? "absent" }
        func detail(_ id: String) -> String { lines[id]?.detail ?? "" }
        func fix(_ id: String) -> String { lines[id]?.fix ?? "" }
    }

    static let container = Pantry.container

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>UIBackgroundModes</key>
        \t<array>
        \t\t<string>remote-notification</string>
        \t</array>
        </dict>
        </plist>

        """

    @Test func aFreshRepositoryIsFixedLineByLineUntilEverythingPasses() throws {
        let setup = try Setup()
        let token: [String: String?] = ["CLOUDKIT_MANAGEMENT_TOKEN": Self.secret]
        var outputs: [String] = []
        func doctor(xcrun: Bool = true, mode: String = "ok", _ extra: [String: String?] = [:]) throws -> Doctor {
            let run = try setup.doctor([], setup.environment(xcrun: xcrun, mode: mode, extra))
            outputs.append(run.output)
            return run
        }

        // 0. git init and nothing else, on a machine without xcrun.
        var run = try doctor(xcrun: false)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.order == ["xcrun", "cktool", "token", "team", "containers", "remote-notification", "models", "tags", "hooks", "hooks-tool", "snapshot"])
        #expect(run.status("xcrun") == "failed" && run.fix("xcrun").contains("install Xcode"))
        for id in ["cktool", "token", "team"] { #expect(run.status(id) == "skipped" && run.detail(id).contains("needs the xcrun line")) }
        #expect(run.status("containers") == "failed" && run.fix("containers").contains("Signing & Capabilities → iCloud"))
        #expect(run.status("remote-notification") == "skipped")
        #expect(run.status("models") == "failed")
        #expect(run.status("tags") == "failed" && run.detail("tags").contains("no commit yet"))
        #expect(run.status("hooks") == "failed" && run.fix("hooks").contains("install-hooks"))
        #expect(run.status("hooks-tool") == "skipped")
        #expect(run.status("snapshot") == "skipped")

        // 1. Xcode (the fake xcrun), but no token saved yet.
        run = try doctor(mode: "no-token")
        #expect(run.status("xcrun") == "passed" && run.detail("xcrun").contains("CLOUDKIT_SCHEMA_XCRUN"))
        #expect(run.status("cktool") == "passed")
        #expect(run.status("token") == "failed" && run.detail("token").contains("saved in the keychain"))
        #expect(run.fix("token").contains("save-token"))
        #expect(run.status("team") == "skipped")

        // 2. The token in CLOUDKIT_MANAGEMENT_TOKEN: get-teams answers; no team is known yet.
        run = try doctor(token)
        #expect(run.status("token") == "passed" && run.detail("token").contains("in CLOUDKIT_MANAGEMENT_TOKEN"))
        #expect(run.status("team") == "failed" && run.fix("team").contains("TEAM_ID"))

        // 3. The Xcode project names the team, and the entitlements the container: the team is
        // the token's, the container exports, the containers agree, the background mode is missing.
        setup.repo.write("Pantry.xcodeproj/project.pbxproj", XcodeAppFixture.project())
        setup.repo.write("Pantry/Pantry.entitlements", XcodeAppFixture.entitlements)
        run = try doctor(token)
        #expect(run.status("team") == "passed" && run.detail("team").contains(Pantry.team))
        #expect(run.status("export \(Self.container)") == "passed", "\(run.output)")
        #expect(run.status("containers") == "passed")
        #expect(run.status("remote-notification") == "failed" && run.fix("remote-notification").contains("Remote notifications"))

        // 4. The background mode in the Info.plist beside the entitlements.
        setup.repo.write("Pantry/Info.plist", Self.infoPlist)
        run = try doctor(token)
        #expect(run.status("remote-notification") == "passed", "\(run.detail("remote-notification"))")

        // 5. The models, registered by the app.
        setup.repo.write("Pantry/Models/Item.swift", Pantry.model)
        setup.repo.write("Pantry/PantryApp.swift", XcodeAppFixture.app())
        run = try doctor(token)
        #expect(run.status("models") == "passed" && run.detail("models").contains("1 registered"), "\(run.detail("models"))")

        // 6. Committed and tagged.
        try setup.repo.commit("Pantry 1.0")
        try setup.repo.tag("v1.0")
        run = try doctor(token)
        #expect(run.status("tags") == "passed" && run.detail("tags").hasPrefix("v1.0"), "\(run.detail("tags"))")

        // 7. The hooks, installed by the real binary (it records where it lives).
        let install = try runProcess(cloudkitSchemaBinary, ["install-hooks"], in: setup.path, environment: setup.environment())
        #expect(install.status == 0, "\(install.output)")
        run = try doctor(token)
        #expect(run.status("hooks") == "passed")
        #expect(run.status("hooks-tool") == "passed" && run.detail("hooks-tool").contains("cloudkit-schema"), "\(run.output)")

        // 8. A Production snapshot: uncommitted it fails, committed it matches live Production.
        setup.repo.write("cloudkit/production.ckdb", Pantry.productionComplete)
        run = try doctor(token)
        #expect(run.status("snapshot \(Self.container)") == "failed" && run.detail("snapshot \(Self.container)").contains("not committed"))
        try setup.repo.commit("Production snapshot")
        run = try doctor(token)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.lines.values.allSatisfy { $0.status == "passed" }, "\(run.output)")

        // The text form of the same verdict ends with its status line.
        let text = try setup.text(setup.environment(token))
        #expect(text.status == 0)
        #expect(text.stdout.hasSuffix("cloudkit-schema doctor: PASSED (exit 0): 0 to fix, 12 passed, 0 skipped\n"), "\(text.stdout)")
        outputs.append(text.output)
        #expect(!outputs.joined().contains(Self.secret))
        #expect(!setup.fake.recordedArguments.contains(Self.secret), "the token never reaches cktool's command line")
        #expect(Set(setup.fake.calls.map { $0.prefix(2).joined(separator: " ") }) == ["cktool get-teams", "cktool export-schema"])
    }

    /// Only `id` failed (or also those in `also`); every other line passed or is in `skipped`.
    func expectOnly(_ id: String, failedIn run: Doctor, skipped: Set<String> = [], also: Set<String> = []) {
        #expect(run.status == 1, "\(run.output)")
        for line in run.order {
            let want = line == id || also.contains(line) ? "failed" : skipped.contains(line) ? "skipped" : "passed"
            #expect(run.status(line) == want, "\(line): \(run.lines[line].map { "\($0.status): \($0.detail) \($0.fix ?? "")" } ?? "absent")")
        }
    }

    static let export = "export \(container)"
    static let snapshot = "snapshot \(container)"

    @Test func theCompleteSetupPasses() throws {
        let setup = try Setup().complete()
        let run = try setup.doctor([], setup.withToken)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.order.count == 12 && run.lines.values.allSatisfy { $0.status == "passed" }, "\(run.output)")
    }

    @Test func notAGitRepositoryCannotBeChecked() throws {
        let directory = TemporaryDirectory("doctor-no-git")
        let fake = FakeXcrun()
        let run = try runProcess(cloudkitSchemaBinary, ["doctor", "--format", "json"], in: directory.path, environment: fake.environment().mapValues { $0 })
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not inside a git work tree"), "\(run.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "error")
    }

    @Test func anUnusableConfigurationCannotBeChecked() throws {
        let setup = try Setup().complete()
        setup.repo.write(".cloudkit-schema.json", "{ \"teamId\": ")
        let run = try runProcess(cloudkitSchemaBinary, ["doctor"], in: setup.path, environment: setup.withToken)
        #expect(run.status == 2)
        #expect(run.stderr.contains(".cloudkit-schema.json") && run.stderr.contains("invalid JSON"), "\(run.output)")
        #expect(run.stderr.hasSuffix("cloudkit-schema doctor: ERROR (exit 2)\n"), "\(run.stderr)")
    }

    @Test func xcrunMissing() throws {
        let setup = try Setup().complete()
        try setup.repo.remove("cloudkit/production.ckdb")
        try setup.repo.commit("no snapshot")
        let run = try setup.doctor([], setup.environment(xcrun: false, ["PATH": "/usr/bin:/bin"]))
        expectOnly("xcrun", failedIn: run, skipped: ["cktool", "token", "team", Self.export, "snapshot"])
        #expect(run.fix("xcrun").contains("install Xcode"))
    }

    /// Without cktool, containers with a committed snapshot are what the gate checks against.
    @Test func noXcrunButCommittedSnapshotsIsNotAFailure() throws {
        let setup = try Setup().complete()
        let run = try setup.doctor([], setup.environment(xcrun: false, ["PATH": "/usr/bin:/bin"]))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.status("xcrun") == "skipped" && run.detail("xcrun").contains("committed Production snapshots"))
        #expect(run.status(Self.snapshot) == "skipped" && run.detail(Self.snapshot).contains("is committed"))
    }

    @Test func cktoolMissing() throws {
        let setup = try Setup().complete()
        try setup.repo.remove("cloudkit/production.ckdb")
        try setup.repo.commit("no snapshot")
        let run = try setup.doctor([], setup.environment(mode: "no-cktool", ["CLOUDKIT_MANAGEMENT_TOKEN": Self.secret]))
        expectOnly("cktool", failedIn: run, skipped: ["token", "team", Self.export, "snapshot"])
        #expect(run.fix("cktool").contains("xcode-select"))
    }

    @Test func aRefusedTokenNamesWhereItCameFrom() throws {
        let setup = try Setup().complete()
        let fromEnvironment = try setup.doctor([], setup.environment(mode: "expired-token", ["CLOUDKIT_MANAGEMENT_TOKEN": Self.secret]))
        expectOnly("token", failedIn: fromEnvironment, skipped: ["team", Self.export, Self.snapshot])
        #expect(fromEnvironment.detail("token").contains("in CLOUDKIT_MANAGEMENT_TOKEN"))
        #expect(fromEnvironment.fix("token").contains("replace the CLOUDKIT_MANAGEMENT_TOKEN secret"), "\(fromEnvironment.fix("token"))")
        let fromKeychain = try setup.doctor([], setup.environment(mode: "expired-token"))
        #expect(fromKeychain.detail("token").contains("saved in the keychain"))
        #expect(fromKeychain.fix("token").contains("save-token"))
    }

    /// cktool printing the token (it should not, but may) never puts it in doctor's output.
    @Test func theTokenNeverAppears() throws {
        let setup = try Setup().complete()
        for format in ["text", "json"] {
            let run = try runProcess(cloudkitSchemaBinary, ["doctor", "--format", format], in: setup.path,
                                     environment: setup.environment(mode: "echo-token", ["CLOUDKIT_MANAGEMENT_TOKEN": Self.secret]))
            #expect(run.status == 1)
            #expect(!run.output.contains(Self.secret), "\(run.output)")
            #expect(run.output.contains("<redacted>"), "\(run.output)")
        }
        #expect(!setup.fake.recordedArguments.contains(Self.secret))
    }

    @Test func aTeamTheTokenCannotUse() throws {
        let setup = try Setup().complete()
        let run = try setup.doctor([], setup.environment(["CLOUDKIT_MANAGEMENT_TOKEN": Self.secret, "FAKE_XCRUN_TEAMS": "ZZZZZ99999: Other Team"]))
        expectOnly("team", failedIn: run, skipped: [Self.export, Self.snapshot])
        #expect(run.detail("team").contains("ZZZZZ99999: Other Team"))
        #expect(run.fix("team").contains("DEVELOPMENT_TEAM"))
    }

    @Test func aContainerThatDoesNotExport() throws {
        let setup = try Setup().complete()
        let run = try setup.doctor([], setup.environment(["CLOUDKIT_MANAGEMENT_TOKEN": Self.secret, "FAKE_XCRUN_MODE_PRODUCTION": "wrong-container"]))
        expectOnly(Self.export, failedIn: run, skipped: [Self.snapshot])
        #expect(run.fix(Self.export).contains("CloudKit does not know the container"), "\(run.fix(Self.export))")
    }

    /// cktool that never answers is stopped at the configured timeout; doctor goes on.
    @Test func aHangingCktoolIsStoppedAtItsTimeout() throws {
        let setup = try Setup().complete()
        setup.repo.write(".cloudkit-schema.json", #"{ "timeouts": { "cktoolSeconds": 1 } }"#)
        try setup.repo.commit("short timeout")
        let started = Date()
        let run = try setup.doctor([], setup.environment(mode: "hang", ["CLOUDKIT_MANAGEMENT_TOKEN": Self.secret]))
        #expect(Date().timeIntervalSince(started) < 60)
        expectOnly("token", failedIn: run, skipped: ["team", Self.export, Self.snapshot])
        #expect(run.fix("token").contains("did not finish within 1 s"), "\(run.fix("token"))")
    }

    @Test func containersTheEntitlementsDoNotName() throws {
        let setup = try Setup().complete()
        setup.repo.write(".cloudkit-schema.json", #"{ "containers": [{ "id": "iCloud.com.example.other", "productionSnapshot": "cloudkit/production.ckdb" }] }"#)
        try setup.repo.commit("another container")
        let run = try setup.doctor([], setup.withToken)
        expectOnly("containers", failedIn: run)
        #expect(run.detail("containers").contains("iCloud.com.example.other") && run.detail("containers").contains(Self.container))
    }

    @Test func theRemoteNotificationModeMissing() throws {
        let setup = try Setup().complete()
        try setup.repo.remove("Pantry/Info.plist")
        try setup.repo.commit("no Info.plist")
        let run = try setup.doctor([], setup.withToken)
        expectOnly("remote-notification", failedIn: run)
        // The rule's own severity setting: off, the line is skipped and says why.
        setup.repo.write(".cloudkit-schema.json", #"{ "severities": { "rules": { "missing-remote-notification": "off" } } }"#)
        try setup.repo.commit("rule off")
        let off = try setup.doctor([], setup.withToken)
        #expect(off.status("remote-notification") == "skipped" && off.detail("remote-notification").contains("is off"))
    }

    @Test func aRegisteredModelThatIsNotDeclared() throws {
        let setup = try Setup().complete()
        setup.repo.write("Pantry/PantryApp.swift", XcodeAppFixture.app().replacingOccurrences(of: "Schema([Item.self])", with: "Schema([Item.self, Shelf.self])"))
        try setup.repo.commit("register Shelf")
        let run = try setup.doctor([], setup.withToken)
        expectOnly("models", failedIn: run)
        #expect(run.detail("models").contains("Shelf"), "\(run.detail("models"))")
    }

    @Test func noModelsAtAll() throws {
        let setup = try Setup().complete()
        try setup.repo.remove("Pantry/Models/Item.swift")
        setup.repo.write("Pantry/PantryApp.swift", "import SwiftUI\n")
        try setup.repo.commit("no models")
        let run = try setup.doctor([], setup.withToken)
        expectOnly("models", failedIn: run)
        #expect(run.fix("models").contains("modelPaths"))
    }

    @Test func noReleaseTag() throws {
        let setup = try Setup().complete()
        try setup.repo.git(["tag", "-d", "v1.0"])
        let run = try setup.doctor([], setup.withToken)
        expectOnly("tags", failedIn: run)
        #expect(run.fix("tags").contains("git tag v1.0"))
    }

    @Test func aShallowClone() throws {
        let setup = try Setup().complete()
        setup.repo.write("Pantry/Views/Note.swift", "// 1.1\n")
        try setup.repo.commit("1.1")
        let clones = TemporaryDirectory("doctor-clone")
        try git(["clone", "-q", "--depth", "1", "file://" + setup.path, clones.file("app")], in: clones.path)
        let run = try runProcess(cloudkitSchemaBinary, ["doctor", "--format", "json"], in: clones.file("app"), environment: setup.withToken)
        let doctor = try Doctor(run)
        #expect(doctor.status("tags") == "failed" && doctor.fix("tags").contains("git fetch --tags --unshallow"), "\(doctor.output)")
    }

    @Test func hooksThatAreNotThisTools() throws {
        let setup = try Setup().complete()
        setup.repo.write(".git/hooks/pre-push", "#!/bin/sh\nexit 0\n")
        let run = try setup.doctor([], setup.withToken)
        expectOnly("hooks", failedIn: run, skipped: ["hooks-tool"])
        #expect(run.fix("hooks").contains("install-hooks --force"))
    }

    /// The hooks' fix names the tool as it was run here, never a `Tools/` package the
    /// repository lacks; followed exactly (by `/bin/sh` in the repository), the line passes.
    @Test func theHooksFixNamesTheToolAsItRunsHere() throws {
        let setup = try Setup()
        // Built in a package (this one): swift run with that package, not Tools.
        let built = try setup.doctor([], setup.environment())
        #expect(built.fix("hooks") == "Install them with the tool you ran now: swift run --package-path \(packageRoot) cloudkit-schema install-hooks (it also records where the tool lives).", "\(built.output)")
        // A binary outside any package, by its path; then found on PATH, by its name.
        let bin = TemporaryDirectory("doctor bin")
        let copy = bin.file("cloudkit-schema")
        // Copied by a child process: a write descriptor this process held could leak into a
        // child another test starts meanwhile, and exec would then fail with ETXTBSY.
        #expect(try runProcess("/bin/cp", [cloudkitSchemaBinary, copy]).status == 0)
        let pathRun = try runProcess("/bin/sh", ["-c", "'\(copy)' doctor --format json"], in: setup.path, environment: setup.environment())
        #expect(pathRun.stdout.hasPrefix("{"), "\(pathRun.output)")
        let byPath = try Doctor(pathRun)
        let fix = byPath.fix("hooks")
        #expect(fix.contains(" '\(copy)' install-hooks ") && !fix.contains("Tools"), "\(fix)")
        let command = try #require(fix.components(separatedBy: "now: ").last?.components(separatedBy: " (it also").first)
        let followed = try runProcess("/bin/sh", ["-c", command], in: setup.path, environment: setup.environment())
        #expect(followed.status == 0, "\(followed.output)")
        #expect(try setup.doctor([], setup.environment()).status("hooks") == "passed")
        try FileManager.default.removeItem(atPath: setup.repo.directory.file(".git/hooks/pre-commit"))
        var onPath = setup.environment()
        onPath["PATH"] = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let byName = try Doctor(runProcess("/bin/sh", ["-c", "cloudkit-schema doctor --format json"], in: setup.path, environment: onPath))
        #expect(byName.fix("hooks").contains("now: cloudkit-schema install-hooks ("), "\(byName.output)")
    }

    /// The hooks' own search, and its own fix, when the recorded binary is gone.
    @Test func hooksThatCannotFindTheTool() throws {
        let setup = try Setup().complete()
        try setup.repo.git(["config", "--unset", "cloudkit-schema.package"])
        try setup.repo.git(["config", "cloudkit-schema.tool", setup.repo.directory.file("gone/cloudkit-schema")])
        let run = try setup.doctor([], setup.withToken)
        expectOnly("hooks-tool", failedIn: run)
        #expect(run.fix("hooks-tool").contains("run install-hooks again"), "\(run.fix("hooks-tool"))")
    }

    /// A snapshot claiming what live Production lacks fails; one only behind it (Production
    /// gained fields since) is said, as the gate warns, and passes.
    @Test func aStaleSnapshot() throws {
        let setup = try Setup().complete()
        setup.repo.write("cloudkit/production.ckdb", Pantry.productionMissingField)
        try setup.repo.commit("old snapshot")
        let behind = try setup.doctor([], setup.withToken)
        #expect(behind.status == 0, "\(behind.output)")
        #expect(behind.lines[Self.snapshot]?.detail.contains("is behind live Production") == true, "\(behind.output)")
        setup.repo.write("cloudkit/production.ckdb", Pantry.productionComplete.replacingOccurrences(
            of: "        CD_addedAt ", with: "        CD_legacy              STRING,\n        CD_addedAt "))
        try setup.repo.commit("a snapshot claiming CD_legacy")
        let run = try setup.doctor([], setup.withToken)
        expectOnly(Self.snapshot, failedIn: run)
        #expect(run.fix(Self.snapshot).contains("cloudkit-schema export --environment production --output cloudkit/production.ckdb"), "\(run.fix(Self.snapshot))")
    }

    /// Doctor writes nothing: the work tree, the index and the git configuration are as before.
    @Test func doctorChangesNothing() throws {
        let setup = try Setup().complete()
        setup.repo.write("Pantry/Views/Draft.swift", "// uncommitted\n")
        let before = try setup.repo.git(["status", "--porcelain", "--ignored", "--untracked-files=all"])
        let config = setup.repo.directory.read(".git/config")
        let index = FileManager.default.contents(atPath: setup.repo.directory.file(".git/index"))
        _ = try setup.doctor([], setup.withToken)
        #expect(try setup.repo.git(["status", "--porcelain", "--ignored", "--untracked-files=all"]) == before)
        #expect(setup.repo.directory.read(".git/config") == config)
        #expect(FileManager.default.contents(atPath: setup.repo.directory.file(".git/index")) == index)
        #expect(Set(setup.fake.calls.map { $0.prefix(2).joined(separator: " ") }).isSubset(of: ["cktool get-teams", "cktool export-schema"]))
    }

    @Test func helpListsTheLines() throws {
        let run = try runProcess(cloudkitSchemaBinary, ["doctor", "--help"])
        #expect(run.status == 0)
        for id in ["xcrun", "cktool", "token", "team", "export", "containers", "remote-notification", "models", "tags", "hooks", "hooks-tool", "snapshot"] {
            #expect(run.stdout.contains(id), "\(id)")
        }
        #expect(try runProcess(cloudkitSchemaBinary, ["--help"]).stdout.contains("doctor"))
    }
}
