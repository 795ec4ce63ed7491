import Foundation
import Testing
import SchemaGateBasics
import TestSupport
@testable import SchemaGate

/// Tests taking `portable` run twice: through the single-thread poll over a pidfd (Linux)
/// and through the portable path macOS takes (a reaper thread, default pipe sizes).
@Suite(.waitsOnProcesses) struct ProcessRunnerTests {
    let environment = baseEnvironment()

    func shell(_ script: String, timeout: TimeInterval? = nil, input: Data? = nil,
               output: ProcessOutput = .capture, redactions: [String] = [], portable: Bool = false) throws -> SchemaGate.ProcessResult {
        try ProcessRunner.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", script], environment: environment, timeout: timeout,
            standardInput: input, output: output, redactions: redactions), portable: portable)
    }

    @Test(arguments: [false, true]) func capturesBothStreamsAndTheExitStatus(portable: Bool) throws {
        let result = try shell("echo out; echo err >&2; exit 3", portable: portable)
        #expect(result.stdout == "out\n")
        #expect(result.stderr == "err\n")
        #expect(result.status == 3)
        #expect(!result.timedOut && !result.succeeded)
    }

    @Test func theChildSeesExactlyTheGivenEnvironment() throws {
        let result = try ProcessRunner.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "echo \"${ONLY_HERE:-unset} ${NOT_GIVEN:-unset}\""],
            environment: ["PATH": "/usr/bin:/bin", "ONLY_HERE": "yes"]))
        #expect(result.stdout == "yes unset\n")
    }

    @Test func findsExecutablesOnTheGivenPathOnly() throws {
        let directory = TemporaryDirectory()
        directory.write("bin/hello-tool", "#!/bin/sh\necho hello from $0\n")
        chmod(directory.file("bin/hello-tool"), 0o755)
        let found = try ProcessRunner.run(ProcessRequest(
            executable: "hello-tool", environment: ["PATH": directory.file("bin") + ":/usr/bin:/bin"]))
        #expect(found.stdout.hasPrefix("hello from"))
        #expect(throws: ProcessLaunchError.self) {
            try ProcessRunner.run(ProcessRequest(executable: "hello-tool", environment: ["PATH": "/usr/bin:/bin"]))
        }
    }

    @Test(arguments: [false, true]) func feedsStandardInputAndDefaultsToDevNull(portable: Bool) throws {
        let large = Data(repeating: UInt8(ascii: "x"), count: 300_000)
        let fed = try shell("wc -c", input: large, portable: portable)
        #expect(fed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "300000")
        let none = try shell("cat; echo end", portable: portable)
        #expect(none.stdout == "end\n")
    }

    @Test(arguments: [false, true]) func aTimeoutKillsTheWholeProcessGroup(portable: Bool) throws {
        let directory = TemporaryDirectory()
        let pidFile = directory.file("child.pid")
        // The shell waits on a child it did not exec: killing only the shell would leave
        // `sleep` holding the output pipe for five minutes.
        let started = Date()
        let result = try shell("sleep 300 & echo $! > \(pidFile); wait", timeout: 0.5, portable: portable)
        #expect(result.timedOut)
        #expect(Date().timeIntervalSince(started) < 10)
        let pid = try #require(Int32(directory.read("child.pid")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(!stillRunning(pid), "the grandchild survived the timeout")
    }

    @Test(arguments: [false, true]) func anEscapedGrandchildHoldingThePipeDoesNotHangTheRunner(portable: Bool) throws {
        guard let setsid = try? which("setsid") else { return }  // util-linux; absent on macOS
        let directory = TemporaryDirectory()
        let pidFile = directory.file("escaped.pid")
        let started = Date()
        let result = try shell("\(setsid) sleep 300 & echo $! > \(pidFile); echo done", portable: portable)
        defer {
            // Only a real child pid: kill(0) or kill(-1) would hit the test runner or everything.
            if let pid = Int32(directory.read("escaped.pid")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""), pid > 1 {
                kill(pid, SIGKILL)
            }
        }
        #expect(result.stdout == "done\n")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test(arguments: [false, true]) func streamsLinesAsTheyArriveAndRedactsSecrets(portable: Bool) throws {
        let lines = LineCollector()
        let result = try shell(
            "echo one; echo 'two s3cret'; printf 'no newline s3cret'", output: .stream { stream, line in lines.add(stream, line) },
            redactions: ["s3cret"], portable: portable)
        #expect(lines.lines == ["stdout:one", "stdout:two <redacted>", "stdout:no newline <redacted>"])
        #expect(!result.stdout.contains("s3cret"))
        #expect(result.status == 0)
    }

    @Test(arguments: [false, true]) func redactsCapturedOutput(portable: Bool) throws {
        let result = try shell("echo token=s3cret >&2", redactions: ["s3cret", ""], portable: portable)
        #expect(result.stderr == "token=<redacted>\n")
    }

    @Test(arguments: [false, true]) func aChildThatIgnoresSIGTERMIsKilledAfterTheGracePeriod(portable: Bool) throws {
        let directory = TemporaryDirectory()
        let pidFile = directory.file("child.pid")
        // Ignored signals stay ignored across exec: the shell and its sleep both shrug off SIGTERM.
        let started = Date()
        let result = try shell("trap '' TERM; sleep 300 & echo $! > \(pidFile); wait", timeout: 0.5, portable: portable)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.timedOut)
        #expect(result.signal == SIGKILL)
        #expect(elapsed >= 0.5 + ProcessRunner.killGracePeriod - 0.1, "SIGKILL came before the grace period: \(elapsed) s")
        #expect(elapsed < 30)
        let pid = try #require(Int32(directory.read("child.pid")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(!stillRunning(pid, after: 0), "the grandchild that ignores SIGTERM outlived the runner")
    }

    @Test(arguments: [false, true]) func whatAChildLeavesInItsGroupIsStoppedWhenItExits(portable: Bool) throws {
        let directory = TemporaryDirectory()
        let pidFile = directory.file("left.pid")
        let result = try shell("sleep 300 >/dev/null 2>&1 & echo $! > \(pidFile); echo done", portable: portable)
        #expect(result.stdout == "done\n")
        #expect(result.status == 0)
        let pid = try #require(Int32(directory.read("left.pid")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(!stillRunning(pid, after: 0), "a background child of the command outlived it")
    }

    @Test(arguments: [false, true]) func capturedOutputPastTheLimitIsAnErrorNamingTheCommand(portable: Bool) throws {
        let bytes = ProcessRunner.captureLimit + 1
        for (script, stream) in [("head -c \(bytes) /dev/zero", ProcessStream.standardOutput),
                                 ("head -c \(bytes) /dev/zero >&2", .standardError)] {
            #expect { try shell(script, portable: portable) } throws: { error in
                (error as? ProcessLaunchError) == .outputTooLarge(command: "/bin/sh -c \(script)", stream: stream, limit: ProcessRunner.captureLimit)
            }
        }
        // Exactly the limit is whole.
        let whole = try shell("head -c \(ProcessRunner.captureLimit) /dev/zero", portable: portable)
        #expect(whole.standardOutput.count == ProcessRunner.captureLimit && !whole.truncated)
    }

    @Test(arguments: [false, true]) func aCallerThatAsksAgainGetsNoOutputAtAllPastTheLimit(portable: Bool) throws {
        let result = try ProcessRunner.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "echo start; head -c \(ProcessRunner.captureLimit) /dev/zero; echo end"],
            environment: environment, output: .captureReportingOverflow), portable: portable)
        #expect(result.truncated)
        #expect(result.standardOutput.isEmpty, "a cut output must never be handed on")
        #expect(result.status == 0)
    }

    @Test(arguments: [false, true]) func aCancellationStopsTheWholeGroupAndThrows(portable: Bool) throws {
        let directory = TemporaryDirectory()
        let pidFile = directory.file("child.pid")
        let cancellation = Cancellation()
        // Set from another thread once the grandchild is up, as an export batch does.
        let canceller = Thread {
            _ = waitForFile(pidFile, seconds: 20)
            cancellation.cancel()
        }
        canceller.start()
        let started = Date()
        // The shell traps SIGTERM: only the SIGKILL after the grace period ends it.
        let request = ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "trap '' TERM; sleep 300 & echo $! > \(pidFile); wait"],
            environment: environment, timeout: 60, cancellation: cancellation)
        do {
            let result = try ProcessRunner.run(request, portable: portable)
            Issue.record("the run ended without the cancellation: \(result.status), timed out \(result.timedOut)")
        } catch {
            #expect(error == .cancelled(command: ProcessRunner.display(request)))
        }
        #expect(Date().timeIntervalSince(started) < 30, "the cancellation did not stop the child before its timeout")
        let pid = try #require(Int32(directory.read("child.pid")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(!stillRunning(pid, after: 0), "the grandchild outlived the cancellation")
    }

    @Test func nothingStartsOnceCancelled() throws {
        let directory = TemporaryDirectory()
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: ProcessLaunchError.self) {
            try ProcessRunner.run(ProcessRequest(
                executable: "/bin/sh", arguments: ["-c", "touch \(directory.file("started"))"], environment: environment,
                cancellation: cancellation))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("started")), "a cancelled request started its child")
    }

    @Test(arguments: [false, true]) func reportsDeathBySignal(portable: Bool) throws {
        let result = try shell("kill -KILL $$", portable: portable)
        #expect(result.signal == SIGKILL)
        #expect(result.status == 128 + SIGKILL)
    }
}

final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    func add(_ stream: ProcessStream, _ line: String) { lock.withLock { collected.append("\(stream.rawValue):\(line)") } }
    var lines: [String] { lock.withLock { collected } }
}
