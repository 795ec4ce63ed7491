import Foundation
import Testing
import TestSupport

/// `cloudkit-schema doctor` through the real binary, in real git repositories, against the
/// fake xcrun: a fresh repository fails line after line, and each step a new user takes
/// turns its line green until the whole checklist passes.
@Suite struct DoctorTests {
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
}
