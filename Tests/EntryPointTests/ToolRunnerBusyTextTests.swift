import Foundation
@testable import PluginSupport
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The plugin runner starts the tool through the product's one spawn set-up, which tries
/// again while exec fails with ETXTBSY (a just-written executable still open for writing
/// in some child), as every child the tool itself starts does.
@Suite(.waitsOnProcesses) struct ToolRunnerBusyTextTests {
    /// A spawn that fails with ETXTBSY once, then starts the tool.
    @Test func aBusyExecutableIsTriedAgain() throws {
        let directory = TemporaryDirectory()
        let invocation = ToolInvocation(verb: .gate, executable: "/bin/sh", arguments: ["-c", "exit 0"], workingDirectory: directory.path)
        var attempts = 0
        let pid = try ToolRunner.spawn(invocation) { invocation, actions in
            attempts += 1
            return attempts == 1 ? .failure(PosixSpawn.SpawnErrno(ETXTBSY)) : ToolRunner.spawnOnce(invocation, actions)
        }
        #expect(pid > 1)
        var status: Int32 = 0
        if pid > 1 { waitpid(pid, &status, 0) }
        #expect(attempts == 2)
        #expect(status == 0)
    }

    /// Always busy: the runner gives up after its attempts, with the system's reason.
    @Test func anExecutableBusyForLongIsALaunchError() {
        let invocation = ToolInvocation(verb: .gate, executable: "/bin/sh", arguments: [], workingDirectory: "/")
        var attempts = 0
        #expect(throws: ToolLaunchError.self) {
            try ToolRunner.spawn(invocation) { _, _ in
                attempts += 1
                return .failure(PosixSpawn.SpawnErrno(ETXTBSY))
            }
        }
        #expect(attempts == PosixSpawn.busyTextAttempts)
    }

    #if os(Linux)
    /// The real case: the executable is open for writing when the runner starts it, and
    /// closed a moment later (as a child that inherited the descriptor would exec or exit).
    @Test func anExecutableOpenForWritingRunsOnceItIsClosed() throws {
        let directory = TemporaryDirectory()
        let script = directory.file("tool")
        let descriptor = open(script, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0)
        let text = Array("#!/bin/sh\nexit 7\n".utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        let closer = Thread {
            usleep(200_000)
            close(descriptor)
        }
        closer.start()
        let invocation = ToolInvocation(verb: .gate, executable: script, arguments: [], workingDirectory: directory.path)
        #expect(try ToolRunner.run(invocation) == .exited(7))
    }
    #endif
}
