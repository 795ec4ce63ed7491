import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 28, through the real binary: nothing runs from outside the repository, nothing
/// leaks, nothing is left behind. Each test names the guarantee sentence it proves
/// (Docs/guarantees.md; README "Guarantees" summarises them).
@Suite(.waitsOnProcesses) struct HostileEnvironmentTests {
    static let token = "HostileToken_51c0ffee"

    /// The fake's isolated environment (no gate variables, private TMPDIR and HOME).
    static func environment(_ fixture: GateFixture, _ scratch: TemporaryDirectory) -> [String: String?] {
        FaultMatrixTests.isolatedEnvironment(fixture, scratch: scratch)
    }

    static func run(_ arguments: [String], in directory: String, _ environment: [String: String?]) throws -> ProcessResult {
        try runProcess(cloudkitSchemaBinary, arguments, in: directory, environment: environment, timeout: 60)
    }

    // MARK: 1. Configuration comes from the project only

    /// A configuration file in a directory above the project (a shared CI workspace, /tmp)
    /// is never read: not by a repository without a file of its own, not from a folder
    /// inside it, not in a folder outside git. Inside the project the root's file is
    /// found from any folder.
    @Test func configurationAboveTheProjectIsNeverRead() throws {
        let parent = TemporaryDirectory("hostile-parent")
        let marker = parent.file("create-ran")
        parent.write(".cloudkit-schema.json", """
            { "teamId": "ZYXWV98765", "create": { "command": ["/bin/sh", "-c", "echo ran > '\(marker)'"] } }
            """)
        let repository = parent.file("repo")
        try FileManager.default.createDirectory(atPath: repository + "/App/Models", withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: repository)
        let outside = parent.file("plain/sub")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        var environment = baseEnvironment().mapValues { Optional($0) }
        for name in ["TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "SKIP_CLOUDKIT_SCHEMA_CHECK"] { environment[name] = .some(nil) }
        for directory in [repository, repository + "/App/Models", outside] {
            let configFile = try Self.run(["config", "--get", "configFile"], in: directory, environment)
            #expect(configFile.status == 0 && configFile.stdout.isEmpty, "\(directory): \(configFile.output)")
            let team = try Self.run(["config", "--get", "teamId"], in: directory, environment)
            #expect(!team.stdout.contains("ZYXWV98765"), "\(directory): \(team.output)")
            let create = try Self.run(["create", "--no-verify"], in: directory, environment)
            #expect(create.status == 2 && create.output.contains("no create command is configured"), "\(directory): \(create.output)")
            #expect(!FileManager.default.fileExists(atPath: marker), "\(directory): the parent's create command ran")
        }
        // The project's own file is found from its subfolders.
        FileManager.default.createFile(atPath: repository + "/.cloudkit-schema.json", contents: Data(#"{ "teamId": "QWERT12345" }"#.utf8))
        let found = try Self.run(["config", "--get", "teamId"], in: repository + "/App/Models", environment)
        #expect(found.stdout == "QWERT12345\n", "\(found.output)")
    }

    // MARK: 2. Redaction covers the token's trimmed forms

    /// A token saved with a trailing newline (or surrounded by blanks) and a cktool that
    /// prints it trimmed: the trimmed value is redacted too.
    @Test(arguments: ["\(token)\n", " \t\(token) \r\n"])
    func theTokenIsRedactedTrimmedToo(value: String) throws {
        let fixture = try GateFixture()
        let scratch = TemporaryDirectory("hostile-token")
        var environment = Self.environment(fixture, scratch)
        environment["CLOUDKIT_MANAGEMENT_TOKEN"] = value
        environment["FAKE_XCRUN_MODE"] = "echo-trimmed-token"
        for format in ["text", "json"] {
            let result = try Self.run(["gate", "--no-create", "--format", format], in: fixture.repo.path, environment)
            #expect(result.status == 2, "\(result.output)")
            #expect(result.output.contains("<redacted>"), "\(result.output)")
            #expect(!result.output.contains(Self.token), "\(format): the trimmed token leaked: \(result.output)")
        }
    }

    // MARK: 3. Only cktool sees the token; git's configuration runs nothing

    /// A repository whose git configuration names a program for every hook git offers to
    /// the commands the tool runs: fsmonitor, clean/smudge/process filters, textconv, an
    /// external diff (by config and by driver), pagers and every hook. None of them runs;
    /// git (seen through a wrapper on PATH) never receives the token; cktool does.
    @Test func gitsConfigurationRunsNothingAndOnlyCKToolSeesTheToken() throws {
        let fixture = try GateFixture()
        let scratch = TemporaryDirectory("hostile-git")
        let log = scratch.file("ran")
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        let program = scratch.writeExecutable("bin/evil", """
            #!/bin/sh
            env > '\(log)'/"$1.$$"
            cat
            """)
        let realGit = try which("git")
        scratch.writeExecutable("gitbin/git", """
            #!/bin/sh
            env > '\(log)'/../git-env.$$
            exec '\(realGit)' "$@"
            """)
        let hooks = scratch.file("hooks")
        for hook in Self.gitHooks { scratch.writeExecutable("hooks/\(hook)", "#!/bin/sh\nenv > '\(log)'/hook-\(hook).$$\n") }
        let settings: [(String, String)] = [
            ("core.fsmonitor", "\(program) fsmonitor"), ("core.hooksPath", hooks),
            ("filter.evil.clean", "\(program) clean"), ("filter.evil.smudge", "\(program) smudge"),
            ("filter.evil.required", "true"), ("filter.proc.process", "\(program) process"),
            ("diff.evil.textconv", "\(program) textconv"), ("diff.evil.command", "\(program) diff-command"),
            ("diff.external", "\(program) external"), ("core.pager", "\(program) pager"), ("pager.diff", "\(program) pager-diff"),
            ("core.askPass", "\(program) askpass"), ("core.editor", "\(program) editor"),
        ]
        // The test's own git calls come first: none of them may count.
        fixture.repo.write(".gitattributes", "*.swift filter=evil diff=evil\n*.json filter=proc\n")
        try fixture.repo.git(["add", ".gitattributes"])
        for (key, value) in settings { try fixture.repo.git(["config", key, value]) }
        // An uncommitted change: git must look at the file's content.
        fixture.repo.write("App/Models/Item.swift", Pantry.model + "\n")
        var environment = Self.environment(fixture, scratch)
        environment["CLOUDKIT_MANAGEMENT_TOKEN"] = Self.token
        environment["PATH"] = scratch.file("gitbin") + ":" + (environment["PATH"]!! )
        for arguments in [["gate", "--no-create"], ["changed"], ["lint", "--since", "v1.0"], ["doctor"]] {
            let result = try Self.run(arguments, in: fixture.repo.path, environment)
            #expect(result.status <= 2 && !result.output.contains("Fatal"), "\(arguments): \(result.output)")
        }
        let ran = try FileManager.default.contentsOfDirectory(atPath: log)
        #expect(ran.isEmpty, "git ran programs from the repository's configuration: \(ran.sorted())")
        let gitEnvironments = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix("git-env.") }
        #expect(!gitEnvironments.isEmpty, "the git wrapper never ran")
        for name in gitEnvironments {
            let text = scratch.read(name) ?? ""
            #expect(!text.contains("CLOUDKIT_MANAGEMENT_TOKEN"), "git received the token: \(name)")
        }
        let cktool = fixture.fake.environments
        #expect(!cktool.isEmpty && cktool.allSatisfy { $0.contains("CLOUDKIT_MANAGEMENT_TOKEN=\(Self.token)") }, "cktool must get the token")
    }

    /// githooks(5): every hook git can run.
    static let gitHooks = [
        "applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit", "prepare-commit-msg",
        "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge", "pre-push", "pre-receive", "update",
        "proc-receive", "post-receive", "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc",
        "post-rewrite", "sendemail-validate", "fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist",
        "p4-post-changelist", "p4-pre-submit", "post-index-change",
    ]

    // MARK: 4. install-hooks never writes through a symbolic link

    @Test(arguments: [false, true])
    func installHooksNeverWritesThroughALink(dangling: Bool) throws {
        let repo = try FixtureRepository("hostile-hooks")
        let outside = TemporaryDirectory("hostile-hook-target")
        let target = outside.file("planted-hook")
        if !dangling { outside.write("planted-hook", "#!/bin/sh\necho mine\n") }
        try FileManager.default.createDirectory(atPath: repo.directory.file(".git/hooks"), withIntermediateDirectories: true)
        let link = repo.directory.file(".git/hooks/pre-push")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        var environment = baseEnvironment().mapValues { Optional($0) }
        environment["CLOUDKIT_SCHEMA"] = .some(nil)
        let refused = try Self.run(["install-hooks"], in: repo.path, environment)
        #expect(refused.status == 2, "\(refused.output)")
        #expect(refused.output.contains("is a symbolic link"), "\(refused.output)")
        #expect(refused.output.contains("--force"), "the fix: \(refused.output)")
        #expect(!refused.output.contains("installed at"), "\(refused.output)")
        #expect(dangling ? !FileManager.default.fileExists(atPath: target) : outside.read("planted-hook") == "#!/bin/sh\necho mine\n",
                "the link's target was written")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target, "the link was changed")
        // Following the fix: the link is kept as pre-push.orig and a real hook is written.
        let forced = try Self.run(["install-hooks", "--force"], in: repo.path, environment)
        #expect(forced.status == 0, "\(forced.output)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link + ".orig")) == target)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(dangling ? !FileManager.default.fileExists(atPath: target) : outside.read("planted-hook") == "#!/bin/sh\necho mine\n")
    }

    // MARK: 5. Names from the repository and exports are escaped

    /// A model file whose name prints its own PASSED line (newlines, SGR 8 "conceal"), and
    /// an export whose record type name carries escape codes: in every line format nothing
    /// but the tool's own status line says how the run ended, and no control byte is printed.
    @Test(arguments: ["text", "xcode", "github", "markdown"])
    func controlCharactersInNamesAreEscaped(format: String) throws {
        let fixture = try GateFixture()
        let scratch = TemporaryDirectory("hostile-names")
        let hostile = "App/Models/Item\ncloudkit-schema gate: PASSED (exit 0)\n\u{1B}[8m\u{7}.swift"
        try FileManager.default.moveItem(atPath: fixture.repo.directory.file("App/Models/Item.swift"), toPath: fixture.repo.directory.file(hostile))
        try fixture.repo.commit("a hostile file name")
        fixture.fake.setExport(.production, Pantry.productionMissingField + """

            RECORD TYPE "CD_Evil\u{1B}[8m\u{1B}]0;title\u{7}\r" (
                "___recordID" REFERENCE QUERYABLE,
                GRANT READ TO "_world"
            );

            """)
        let result = try Self.run(["gate", "--no-create", "--format", format], in: fixture.repo.path, Self.environment(fixture, scratch))
        #expect(result.status == 1, "\(result.output)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.filter { $0.contains("PASSED") }.allSatisfy { !$0.hasPrefix("cloudkit-schema gate: PASSED") && !$0.hasPrefix("### ✅") },
                "a name printed a status line: \(result.output)")
        let controls = result.output.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        #expect(controls.isEmpty, "control characters reached the output: \(controls.map { $0.value })")
        #expect(result.output.contains("\\u{1B}[8m\\u{7}.swift"), "the name is shown escaped: \(result.output)")
    }

    // MARK: 7. Names compare byte for byte

    /// Production names the field in NFD, the model in NFC: canonically equivalent, but
    /// CloudKit compares bytes, so Production lacks the model's field; the name is linted.
    @Test func canonicallyEquivalentNamesAreDifferentNames() throws {
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        let fixture = try GateFixture(production: Pantry.productionComplete, changeModel: false)
        fixture.repo.write("App/Models/Item.swift", Pantry.model.replacingOccurrences(of: "    var notes: String?\n", with: "    var notes: String?\n    var \(nfc): String?\n"))
        try fixture.repo.commit("a non-ASCII field")
        func adding(_ name: String, to schema: String) -> String {
            schema.replacingOccurrences(of: "        CD_name ", with: "        \"CD_\(name)\" STRING,\n        CD_name ")
        }
        fixture.fake.setExport(.development, adding(nfc, to: Pantry.development))
        fixture.fake.setExport(.production, adding(nfd, to: Pantry.productionComplete))
        let scratch = TemporaryDirectory("hostile-unicode")
        let result = try Self.run(["gate", "--no-create"], in: fixture.repo.path, Self.environment(fixture, scratch))
        #expect(result.status == 1, "\(result.output)")
        #expect(result.stdout.contains("Production lacks field CD_Item.CD_\(nfc)"), "\(result.output)")
        #expect(result.stdout.contains("[non-ascii-name]"), "\(result.output)")
        let lint = try Self.run(["lint", "--models", "App/Models"], in: fixture.repo.path, Self.environment(fixture, scratch))
        #expect(lint.stdout.contains("[non-ascii-name]"), "\(lint.output)")
    }

    // MARK: 8. One way to write a file: mode kept, links refused

    @Test func writtenFilesKeepTheirModeAndLinksAreNeverReplaced() throws {
        let fixture = try GateFixture()
        let scratch = TemporaryDirectory("hostile-files")
        let environment = Self.environment(fixture, scratch)
        let repo = fixture.repo.directory
        // format --in-place and export --output keep a private file private.
        repo.write("cloudkit/private.ckdb", "DEFINE SCHEMA RECORD TYPE A ( x STRING );\n")
        chmod(repo.file("cloudkit/private.ckdb"), 0o600)
        #expect(try Self.run(["format", "--in-place", "cloudkit/private.ckdb"], in: repo.path, environment).status == 0)
        #expect(Self.mode(repo.file("cloudkit/private.ckdb")) == 0o600)
        repo.write("cloudkit/snapshot.ckdb", "")
        chmod(repo.file("cloudkit/snapshot.ckdb"), 0o640)
        let export = try Self.run(["export", "--environment", "production", "--output", "cloudkit/snapshot.ckdb"], in: repo.path, environment)
        #expect(export.status == 0, "\(export.output)")
        #expect(Self.mode(repo.file("cloudkit/snapshot.ckdb")) == 0o640)
        #expect(repo.read("cloudkit/snapshot.ckdb")?.contains("RECORD TYPE CD_Item") == true)

        // A link (to a file outside, or dangling) is refused by every command that writes.
        let outside = TemporaryDirectory("hostile-link-target")
        let kept = "DEFINE SCHEMA RECORD TYPE Kept ( x STRING );\n"
        outside.write("kept.txt", kept)
        // format reads its input first: through a dangling link there is nothing to format.
        let cases: [(name: String, arguments: [String], dangling: [Bool])] = [
            ("cloudkit/linked.ckdb", ["format", "--in-place", "cloudkit/linked.ckdb"], [false]),
            ("cloudkit/out.ckdb", ["export", "--environment", "production", "--output", "cloudkit/out.ckdb"], [false, true]),
            ("App/Scaffold.swift", ["scaffold", "--force", "--output", "App/Scaffold.swift"], [false, true]),
            (".cloudkit-schema.json", ["init", "--force"], [false, true]),
        ]
        for (index, (name, arguments, danglingCases)) in cases.enumerated() {
            for dangling in danglingCases {
                let target = dangling ? outside.file("missing-\(index)") : outside.file("kept.txt")
                try? FileManager.default.removeItem(atPath: repo.file(name))
                try FileManager.default.createDirectory(atPath: (repo.file(name) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: repo.file(name), withDestinationPath: target)
                let result = try Self.run(arguments, in: repo.path, environment)
                #expect(result.status == 2, "\(arguments) dangling=\(dangling): \(result.output)")
                #expect(result.output.contains("is a symbolic link"), "\(arguments): \(result.output)")
                #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: repo.file(name))) == target, "\(arguments) replaced the link")
                #expect(outside.read("kept.txt") == kept && !FileManager.default.fileExists(atPath: outside.file("missing-\(index)")),
                        "\(arguments) wrote through the link")
            }
        }
        // init without --force: a dangling link is no missing file.
        let fresh = try FixtureRepository("hostile-init")
        try FileManager.default.createSymbolicLink(atPath: fresh.directory.file(".cloudkit-schema.json"), withDestinationPath: outside.file("config-target"))
        let initResult = try Self.run(["init"], in: fresh.path, environment)
        #expect(initResult.status == 2 && initResult.output.contains("is a symbolic link"), "\(initResult.output)")
        #expect(!FileManager.default.fileExists(atPath: outside.file("config-target")))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: fresh.directory.file(".cloudkit-schema.json"))) != nil)
    }

    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    // MARK: 9. Timeouts below a second are configuration errors

    @Test(arguments: ["0.001", "1e-320", "0.5", "0"])
    func aTimeoutBelowOneSecondIsAnError(value: String) throws {
        let fixture = try GateFixture()
        let scratch = TemporaryDirectory("hostile-timeout")
        for key in ["cktoolSeconds", "createSeconds"] {
            fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
                of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"timeouts\": { \"\(key)\": \(value) }"))
            let result = try Self.run(["gate", "--no-create"], in: fixture.repo.path, Self.environment(fixture, scratch))
            #expect(result.status == 2, "\(key) \(value): \(result.output)")
            #expect(result.output.contains("timeouts.\(key): expected seconds between 1 and 86400"), "\(result.output)")
            #expect(fixture.fake.calls.isEmpty, "cktool ran with timeouts.\(key) \(value)")
        }
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration)
        let flag = try Self.run(["create", "--timeout", value], in: fixture.repo.path, Self.environment(fixture, scratch))
        #expect(flag.status == 2 && flag.output.contains("between 1 and 86400"), "\(flag.output)")
    }

    // MARK: 6. SIGKILL leaves no child and no export folder (Linux)

    #if os(Linux)
    @Test(arguments: ["stubborn", "hang"])
    func aKilledGateLeavesNothingBehind(mode: String) throws {
        let fixture = try GateFixture()
        let scratch = TemporaryDirectory("hostile-kill")
        var environment = Self.environment(fixture, scratch)
        environment["FAKE_XCRUN_MODE"] = mode
        let run = BackgroundRun(cloudkitSchemaBinary, ["gate", "--no-create"], in: fixture.repo.path, environment: environment, timeout: 120)
        let tool: Int32
        if mode == "hang" {
            _ = try #require(waitForFile(fixture.fake.directory.file("hang.pid"), seconds: 30), "the fake never started")
            tool = try #require(Self.parent(of: Int32(fixture.fake.directory.read("hang.pid")!.trimmingCharacters(in: .whitespacesAndNewlines))!))
        } else {
            let ready = try #require(waitForFile(fixture.fake.directory.file("ready"), seconds: 30), "the fake never started")
            tool = try #require(Int32(ready.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        let exportFolders = { (try? FileManager.default.contentsOfDirectory(atPath: scratch.file("tmp")))?.filter { $0.hasPrefix("cloudkit-schema-export-") } ?? [] }
        #expect(!exportFolders().isEmpty, "the export folder should exist while cktool runs")
        kill(tool, SIGKILL)
        _ = try run.wait(seconds: 30)
        var pids = (fixture.fake.directory.read("pids") ?? "").split(separator: "\n").compactMap { Int32($0) }
        if let hang = fixture.fake.directory.read("hang.pid").flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) { pids.append(hang) }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && (!pids.filter(isRunning).isEmpty || !exportFolders().isEmpty
            || !liveProcesses(carrying: "FAKE_XCRUN_DIR=\(fixture.fake.directory.path)").isEmpty) { usleep(50_000) }
        #expect(pids.filter(isRunning).isEmpty, "left running: \(pids.filter(isRunning))")
        #expect(liveProcesses(carrying: "FAKE_XCRUN_DIR=\(fixture.fake.directory.path)").isEmpty, "descendants left running")
        #expect(exportFolders().isEmpty, "left \(exportFolders())")
    }

    static func parent(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }
    #endif
}
