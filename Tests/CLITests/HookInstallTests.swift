import Foundation
import TestSupport
import Testing
@testable import CloudKitSchemaCLI

/// `install-hooks` in real git repositories, run in-process.
@Suite(.waitsOnProcesses) struct HookInstallTests {
    static let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                              "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"]

    func repository() throws -> TemporaryDirectory {
        let repo = TemporaryDirectory("hooks")
        try git(["init", "-q"], in: repo.path)
        return repo
    }

    func install(_ arguments: [String] = [], in directory: String) -> RunResult {
        runTool(["install-hooks"] + arguments, in: directory, environment: Self.environment)
    }

    func isExecutable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    @Test func installsBothHooksExecutableAndIdenticalToTheSources() throws {
        let repo = try repository()
        let run = install(in: repo.path)
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["pre-commit", "pre-push"] {
            let path = repo.file(".git/hooks/\(name)")
            #expect(isExecutable(path))
            #expect(repo.read(".git/hooks/\(name)") == (try String(contentsOfFile: packageRoot + "/hooks/\(name)", encoding: .utf8)))
            #expect(run.stdout.contains("\(name): installed at \(path)"))
        }
        #expect(run.stdout.contains("SKIP_CLOUDKIT_SCHEMA_CHECK=1"))
        // A second run changes nothing and says so.
        let again = install(in: repo.path)
        #expect(again.status == 0)
        #expect(again.stdout.contains("pre-commit: already installed"))
    }

    @Test func neverOverwritesAForeignHookWithoutForce() throws {
        let repo = try repository()
        repo.write(".git/hooks/pre-commit", "#!/bin/sh\necho mine\n")
        let run = install(in: repo.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(repo.file(".git/hooks/pre-commit")) already exists"))
        #expect(run.stderr.contains("--force"))
        #expect(run.stderr.contains("--hook pre-push"))
        // All or nothing: the free pre-push was not installed either.
        #expect(repo.read(".git/hooks/pre-commit") == "#!/bin/sh\necho mine\n")
        #expect(!FileManager.default.fileExists(atPath: repo.file(".git/hooks/pre-push")))

        let forced = install(["--force"], in: repo.path)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(repo.read(".git/hooks/pre-commit.orig") == "#!/bin/sh\necho mine\n")
        #expect(repo.read(".git/hooks/pre-commit") == HookScripts.preCommit)
        #expect(forced.stdout.contains("the previous hook is now \(repo.file(".git/hooks/pre-commit.orig"))"))
        // A second forced replacement keeps both earlier files.
        repo.write(".git/hooks/pre-commit", "#!/bin/sh\necho edited\n")
        #expect(install(["--force"], in: repo.path).status == 0)
        #expect(repo.read(".git/hooks/pre-commit.orig.1") == "#!/bin/sh\necho edited\n")
        #expect(repo.read(".git/hooks/pre-commit.orig") == "#!/bin/sh\necho mine\n")
    }

    @Test func onlyTheNamedHook() throws {
        let repo = try repository()
        repo.write(".git/hooks/pre-commit", "#!/bin/sh\necho mine\n")
        let run = install(["--hook", "pre-push"], in: repo.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(repo.read(".git/hooks/pre-push") == HookScripts.prePush)
        #expect(repo.read(".git/hooks/pre-commit") == "#!/bin/sh\necho mine\n")
        let typo = install(["--hook", "pre-comit"], in: repo.path)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean 'pre-commit'?"))
    }

    @Test func honoursCoreHooksPathFromASubdirectory() throws {
        let repo = try repository()
        try git(["config", "core.hooksPath", "tools/githooks"], in: repo.path)
        let subdirectory = repo.file("App/Models")
        try FileManager.default.createDirectory(atPath: subdirectory, withIntermediateDirectories: true)
        let run = install(in: subdirectory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(isExecutable(repo.file("tools/githooks/pre-commit")))
        #expect(isExecutable(repo.file("tools/githooks/pre-push")))
        #expect(!FileManager.default.fileExists(atPath: repo.file(".git/hooks/pre-commit")))
    }

    @Test func linkedWorktreeInstallsIntoTheSharedHooks() throws {
        let repo = try repository()
        try git(["commit", "-q", "--allow-empty", "-m", "start"], in: repo.path)
        let worktree = TemporaryDirectory("worktree")
        try git(["worktree", "add", "-q", "--detach", worktree.path + "/tree"], in: repo.path)
        let run = install(in: worktree.path + "/tree")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(isExecutable(repo.file(".git/hooks/pre-push")))
    }

    @Test func outsideARepositoryIsASetupError() {
        let directory = TemporaryDirectory("nogit")
        let run = install(in: directory.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not inside a git work tree"))
        #expect(run.stderr.contains("run install-hooks from the app's repository"))
    }

    /// The binary embeds the hooks; hooks/embed.sh regenerates the copy after an edit.
    @Test func embeddedScriptsMatchTheHookFiles() throws {
        for (name, script) in HookScripts.all {
            let file = try String(contentsOfFile: packageRoot + "/hooks/\(name)", encoding: .utf8)
            #expect(script == file, "hooks/\(name) differs from the copy in the binary; run hooks/embed.sh")
        }
    }

    /// install-hooks run as `argv0` (what the executable passes), in-process.
    func install(as argv0: String, in directory: String) -> (status: Int32, stdout: String) {
        let capture = CapturingConsole()
        let status = Tool.run(["install-hooks"], environment: Self.environment, workingDirectory: directory,
                              console: capture.console, executable: argv0)
        return (status, capture.stdout)
    }

    func config(_ key: String, in repo: TemporaryDirectory) throws -> String? {
        let result = try runProcess("git", ["config", key], in: repo.path, environment: Self.environment.mapValues { $0 })
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// `swift run --package-path Tools cloudkit-schema install-hooks` runs the tool built in
    /// Tools/.build: the package is recorded (relative to the repository), so the hooks run it.
    @Test func recordsThePackageItWasRunFrom() throws {
        let repo = try repository()
        repo.write("Tools/Package.swift", "// swift-tools-version:6.0\n")
        let built = repo.write("Tools/.build/x86_64-unknown-linux-gnu/debug/cloudkit-schema", "#!/bin/sh\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: built)
        try git(["config", "cloudkit-schema.tool", "/old/cloudkit-schema"], in: repo.path)
        let run = install(as: built, in: repo.path)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(try config("cloudkit-schema.package", in: repo) == "Tools")
        #expect(try config("cloudkit-schema.tool", in: repo) == nil, "an older record would win over the package")
        #expect(run.stdout.contains("The hooks run cloudkit-schema from the package Tools (recorded: git config cloudkit-schema.package Tools)."))
    }

    /// A binary outside any package (installed on its own) is recorded as the binary.
    @Test func recordsTheBinaryOutsideAPackage() throws {
        let repo = try repository()
        let bin = TemporaryDirectory("bin")
        let binary = bin.write("cloudkit-schema", "#!/bin/sh\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        let run = install(as: binary, in: repo.path)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(try config("cloudkit-schema.tool", in: repo) == binary)
        #expect(try config("cloudkit-schema.package", in: repo) == nil)
    }

    /// install-hooks with `arguments`, run as `argv0`, keeping stderr too.
    func install(_ arguments: [String], as argv0: String, in directory: String) -> (status: Int32, stdout: String, stderr: String) {
        let capture = CapturingConsole()
        let status = Tool.run(["install-hooks"] + arguments, environment: Self.environment, workingDirectory: directory,
                              console: capture.console, executable: argv0)
        return (status, capture.stdout, capture.stderr)
    }

    func executableFile(_ name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.write(name, "#!/bin/sh\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// Another cloudkit-schema never silently takes over from the recorded one: it is kept,
    /// the warning names both and the fix, and following the fix (--force) records the new
    /// one, saying what it replaced.
    @Test func aDifferentRecordedToolIsKeptUnlessForced() throws {
        let repo = try repository()
        let bin = TemporaryDirectory("bin")
        let first = try executableFile("first/cloudkit-schema", in: bin)
        let second = try executableFile("second/cloudkit-schema", in: bin)
        #expect(install([], as: first, in: repo.path).status == 0)
        let other = install([], as: second, in: repo.path)
        #expect(other.status == 0, "\(other)")
        #expect(try config("cloudkit-schema.tool", in: repo) == first)
        #expect(other.stderr.contains("warning: the hooks keep running \(first) (git config cloudkit-schema.tool), recorded before; this install-hooks runs from \(second), which is not recorded. To make the hooks run this one, re-run this install-hooks with --force."), "\(other)")
        #expect(!other.stdout.contains("The hooks run \(second)"), "\(other)")
        let forced = install(["--force"], as: second, in: repo.path)
        #expect(forced.status == 0, "\(forced)")
        #expect(try config("cloudkit-schema.tool", in: repo) == second)
        #expect(forced.stdout.contains("The hooks run \(second) (recorded: git config cloudkit-schema.tool \(second)). It replaces \(first) (git config cloudkit-schema.tool) (--force)."), "\(forced)")
        // The same tool again (another spelling of its path) is no conflict.
        let again = install([], as: bin.path + "/second/../second/cloudkit-schema", in: repo.path)
        #expect(again.stderr.isEmpty, "\(again)")
    }

    /// A recorded package that still exists is kept too; a recorded tool that is gone (what
    /// the hooks tell the user to fix by running install-hooks again) is replaced, and said.
    @Test func aRecordedPackageIsKeptAndAToolThatIsGoneIsReplaced() throws {
        let repo = try repository()
        repo.write("Tools/Package.swift", "// swift-tools-version:6.0\n")
        try git(["config", "cloudkit-schema.package", "Tools"], in: repo.path)
        let bin = TemporaryDirectory("bin")
        let binary = try executableFile("cloudkit-schema", in: bin)
        let kept = install([], as: binary, in: repo.path)
        #expect(kept.status == 0, "\(kept)")
        #expect(try config("cloudkit-schema.package", in: repo) == "Tools")
        #expect(try config("cloudkit-schema.tool", in: repo) == nil)
        #expect(kept.stderr.contains("warning: the hooks keep running the package Tools (git config cloudkit-schema.package)"), "\(kept)")
        try git(["config", "--unset", "cloudkit-schema.package"], in: repo.path)
        try git(["config", "cloudkit-schema.tool", bin.path + "/moved/cloudkit-schema"], in: repo.path)
        let replaced = install([], as: binary, in: repo.path)
        #expect(try config("cloudkit-schema.tool", in: repo) == binary, "\(replaced)")
        #expect(replaced.stdout.contains("It replaces \(bin.path)/moved/cloudkit-schema (git config cloudkit-schema.tool), not an executable file (moved or deleted)."), "\(replaced)")
    }
}
