import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C during `git push`: the pre-push hook's trap removes its temporary worktree and
/// unregisters it, so no worktree is left registered (issue 28, item 6).
@Suite(.waitsOnProcesses) struct HookInterruptTests {
    @Test func anInterruptedPrePushLeavesNoWorktreeRegistered() throws {
        let repo = try HookRepository()
        let scratch = TemporaryDirectory("hook-interrupt")
        // A stand-in tool whose gate waits: the hook is inside gate_tag, its worktree added.
        // It answers the hook's release-tag question as the tool does (each release tag on a
        // line of its own) and nothing for the other configuration questions.
        let tool = scratch.writeExecutable("bin/slow-tool", """
            #!/bin/sh
            if [ "$1" = config ]; then
                for argument in "$@"; do case $argument in --release-tag=*) echo "${argument#--release-tag=}" ;; esac; done
                exit 0
            fi
            [ "$1" = gate ] || exit 0
            ps -o pgid= -p $$ | tr -d ' ' > '\(scratch.file("group.part"))' && mv '\(scratch.file("group.part"))' '\(scratch.file("group"))'
            sleep 30
            """)
        try FileManager.default.createDirectory(atPath: scratch.file("tmp"), withIntermediateDirectories: true)
        try repo.git(["tag", "v1.0"])
        // Something uncommitted: the hook checks the tag out into a temporary worktree.
        repo.dir.write("scratch.txt", "not committed\n")
        let head = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        var environment = repo.environment
        environment["CLOUDKIT_SCHEMA"] = tool
        environment["TMPDIR"] = scratch.file("tmp")
        let hook = BackgroundRun(
            repo.dir.file(".git/hooks/pre-push"), ["origin", repo.remote.path], in: repo.dir.path, environment: environment,
            timeout: 60, stdin: "refs/tags/v1.0 \(head) refs/tags/v1.0 \(String(repeating: "0", count: 40))\n")
        let group = try #require(waitForFile(scratch.file("group"), seconds: 30).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) },
                                 "the hook never reached the gate")
        #expect(try Self.worktrees(repo) == 2, "the hook's worktree should be registered while the gate runs")
        // What a terminal's Ctrl-C does: SIGINT to the foreground process group.
        kill(-group, SIGINT)
        let result = try #require(try hook.wait(seconds: 30), "the hook did not end after SIGINT")
        #expect(result.status != 0)
        let listing = try repo.git(["worktree", "list", "--porcelain"])
        #expect(try Self.worktrees(repo) == 1, "a worktree is left registered: \(listing)")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.file("tmp"))
        #expect(left.isEmpty, "left \(left)")
    }

    static func worktrees(_ repo: HookRepository) throws -> Int {
        try repo.git(["worktree", "list", "--porcelain"]).split(separator: "\n").filter { $0.hasPrefix("worktree ") }.count
    }
}
