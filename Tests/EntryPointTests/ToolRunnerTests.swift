import Foundation
@testable import PluginSupport
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner starts a real process: working directory, arguments, exit status and signals.
/// Serialized: the signal forwarding is process-wide, and one test raises signals while it is installed.
@Suite(.serialized, .waitsOnProcesses) struct ToolRunnerTests {
    @Test func runsInTheGivenDirectoryWithTheGivenArgumentsAndReportsTheStatus() throws {
        let directory = TemporaryDirectory()
        let invocation = ToolInvocation(
            verb: .gate, executable: "/bin/sh",
            arguments: ["-c", #"pwd > where; printf '%s|' "$@" > args; exit 3"#, "sh", "a b", "--x"],
            workingDirectory: directory.path)
        #expect(try ToolRunner.run(invocation) == .exited(3))
        #expect(directory.read("where") == directory.path + "\n")
        #expect(directory.read("args") == "a b|--x|")
    }

    @Test func aSignalIsNotAnExitStatus() throws {
        let invocation = ToolInvocation(
            verb: .gate, executable: "/bin/sh", arguments: ["-c", "kill -9 $$"], workingDirectory: "/")
        #expect(try ToolRunner.run(invocation) == .signalled(9))
    }

    /// SwiftPM stops a plugin by signalling the plugin alone: the tool must get the signal
    /// too, or it keeps running after the plugin is gone. Raised on this thread while the
    /// forwarding is installed, so it reaches nothing else in the test process.
    @Test(arguments: [SIGHUP, SIGINT, SIGQUIT, SIGTERM])
    func signalsThatEndTheToolArePassedOnWhileItRuns(_ number: Int32) throws {
        let pid = try ToolRunner.spawn(ToolInvocation(verb: .gate, executable: "/bin/sh", arguments: ["-c", "exec sleep 300"], workingDirectory: "/"))
        #expect(pid > 1)
        let forwarding = SignalForwarding(to: pid)
        let installed = signal(number, SIG_IGN)
        signal(number, installed)
        if installed != nil && unsafeBitCast(installed, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
            // Test threads may block signals (libdispatch's do): unblocked here, the raise
            // is handled on this thread before it returns.
            var only = sigset_t(), previous = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, number)
            pthread_sigmask(SIG_UNBLOCK, &only, &previous)
            raise(number)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        } else {
            Issue.record("no handler is installed for signal \(number)")
        }
        forwarding.restore()
        if stillRunning(pid, after: 10), pid > 1 {
            Issue.record("signal \(number) was not passed on to the tool")
            kill(pid, SIGKILL)
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(status & 0x7f == number || status & 0x7f == SIGKILL)
        #expect(status & 0x7f != SIGKILL, "the tool was not stopped by the forwarded signal")
    }

    @Test func aMissingToolIsALaunchErrorWithTheFix() {
        let invocation = ToolInvocation(
            verb: .gate, executable: "/nonexistent/cloudkit-schema", arguments: ["gate"], workingDirectory: "/")
        do {
            _ = try ToolRunner.run(invocation)
            Issue.record("expected a launch error")
        } catch {
            #expect(error.description.contains("could not start /nonexistent/cloudkit-schema"))
            #expect(error.description.contains("swift build --product cloudkit-schema"))
        }
    }

    /// Under SwiftPM the tool's stderr is read line by line (the plugin passes each on as
    /// a progress message); stdout is left alone.
    @Test func theToolsStderrArrivesLineByLine() throws {
        let directory = TemporaryDirectory()
        let lines = LineLog()
        let invocation = ToolInvocation(
            verb: .gate, executable: "/bin/sh",
            arguments: ["-c", "echo report > out; echo first >&2; printf 'second\\nthird' >&2; exit 4"],
            workingDirectory: directory.path)
        #expect(try ToolRunner.run(invocation, stderr: .lines { lines.append($0) }) == .exited(4))
        #expect(lines.all == ["first", "second", "third"])
        #expect(directory.read("out") == "report\n")
    }

    /// Something the tool started that keeps stderr open cannot hold the plugin once the
    /// tool has exited: reading stops 2 s later.
    @Test func aGrandchildHoldingStderrDoesNotHoldThePlugin() throws {
        let directory = TemporaryDirectory()
        let invocation = ToolInvocation(
            verb: .gate, executable: "/bin/sh",
            arguments: ["-c", "sleep 30 & echo $! > holder; echo started >&2; exit 0"],
            workingDirectory: directory.path)
        let lines = LineLog()
        let started = Date()
        #expect(try ToolRunner.run(invocation, stderr: .lines { lines.append($0) }) == .exited(0))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(lines.all == ["started"])
        if let pid = Int32(directory.read("holder")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""), pid > 1 {
            kill(pid, SIGKILL)
        }
    }
}

final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
