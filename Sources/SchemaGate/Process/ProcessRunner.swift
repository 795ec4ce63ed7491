import Foundation
import SchemaGateBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way this product runs a subprocess (git, cktool, the user's create command).
///
/// * Starts children with POSIX spawn, each in its own process group (see `Spawner` for
///   why not Foundation's `Process`, whose `waitUntilExit()` also costs about 50 ms per
///   call on Linux).
/// * Stops a child's whole group the one way `GroupStop` does (SIGTERM, SIGKILL after a
///   grace period, then waits): on timeout, on cancellation (its result is no longer
///   wanted), on an interrupt (`Interruption`), and for whatever a child leaves running
///   when it exits.
/// * Captures or streams output and redacts secrets from both. Captured output past
///   `captureLimit` is an error, never a shortened answer.
/// * Gives `CLOUDKIT_MANAGEMENT_TOKEN` only to a child that asks for it (cktool).
package enum ProcessRunner {
    /// Bytes kept per stream when capturing (exports are far smaller).
    package static let captureLimit = 64 << 20
    /// Bytes kept per stream when streaming (the tail, for error messages).
    package static let streamTailLimit = 64 << 10
    /// Between SIGTERM and SIGKILL.
    package static let killGracePeriod: TimeInterval = 3
    /// After SIGKILL, how long to wait for the group to be gone (reaped).
    static let reapGracePeriod: TimeInterval = 2
    /// How long to keep reading after the child exited, for output still in flight.
    static let drainGracePeriod: TimeInterval = 2

    /// Set to `1` in the tool's environment, Linux runs subprocesses the way macOS must
    /// (no pidfd: a reaper thread; default pipe sizes), so the suite runs that path too.
    package static let portableVariable = "CLOUDKIT_SCHEMA_PORTABLE_PROCESSES"
    /// Read once, at the first subprocess.
    static let portableForced = ProcessInfo.processInfo.environment[portableVariable] == "1"

    package static func run(_ request: ProcessRequest) throws(ProcessLaunchError) -> ProcessResult {
        try run(request, portable: portableForced)
    }

    /// `portable: true` takes macOS's path (a reaper thread, no pipe resizing) even where
    /// Linux offers more; tests run both.
    static func run(_ request: ProcessRequest, portable: Bool) throws(ProcessLaunchError) -> ProcessResult {
        var request = request
        if !request.receivesManagementToken { request.environment.removeValue(forKey: CKToolRunner.tokenVariable) }
        let executable = try ExecutableLocator.locate(
            request.executable, environment: request.environment, workingDirectory: request.workingDirectory)
        let started = DispatchTime.now()
        let launched = try LiveProcessGroups.launch { () throws(ProcessLaunchError) in
            // Not started once its result is unwanted (checked with the launch, so a
            // cancellation set after this is seen by the wait).
            if request.cancellation?.isCancelled == true { throw .cancelled(command: display(request)) }
            return try launch(executable, request, portable: portable)
        }
        let child = launched.child
        defer { [launched.output, launched.error].forEach { _ = close($0) } }
        let group = ProcessGroup(pid: child.pid)
        // One thread and one poll over the pipes and the child (a pidfd): no thread hand-offs,
        // which on a busy machine cost milliseconds a call. Elsewhere, threads.
        let pidfd = portable ? -1 : PidFD.open(child.pid)
        defer { if pidfd >= 0 { _ = close(pidfd) } }

        let (keep, onLine): (PipeReader.Keep, (@Sendable (ProcessStream, String) -> Void)?) = {
            switch request.output {
            case .capture, .captureReportingOverflow: return (.whole(limit: captureLimit), nil)
            case .stream(let handler): return (.tail(limit: streamTailLimit), handler)
            }
        }()
        let readers = [
            PipeReader(fd: launched.output, stream: .standardOutput, keep: keep, redactions: request.redactions, onLine: onLine),
            PipeReader(fd: launched.error, stream: .standardError, keep: keep, redactions: request.redactions, onLine: onLine),
        ]
        if let input = launched.input { feed(request.standardInput ?? Data(), to: input) }

        let deadline = request.timeout.map { started + $0 } ?? .distantFuture
        let early = pidfd >= 0
            ? PollingWait(child: child, pidfd: pidfd, group: group, readers: readers).run(deadline: deadline, cancellation: request.cancellation)
            : ThreadedWait(child: child, group: group, readers: readers).run(deadline: deadline, cancellation: request.cancellation)
        // The group is empty now (or what is left cannot be stopped): its id may be reused.
        LiveProcessGroups.remove(child.pid)
        // An interrupt stopped this child: the interrupt ends the process, not this caller.
        Interruption.parkIfInterrupted()
        if early == .cancellation { throw .cancelled(command: display(request)) }

        let (out, outOverflowed) = readers[0].result
        let (err, errOverflowed) = readers[1].result
        if case .capture = request.output, let stream = outOverflowed ? ProcessStream.standardOutput : errOverflowed ? .standardError : nil {
            throw .outputTooLarge(command: display(request), stream: stream, limit: captureLimit)
        }
        // waitpid failing for our own child cannot happen short of a foreign reaper;
        // report it as a failure, never as success.
        let outcome = child.outcome ?? (status: 255, signal: nil)
        return ProcessResult(
            status: outcome.status,
            signal: outcome.signal,
            timedOut: early == .deadline, standardOutput: out, standardError: err,
            truncated: outOverflowed || errOverflowed,
            duration: Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
    }

    /// The command as it was asked for, for messages (shortened: argv can be long).
    static func display(_ request: ProcessRequest) -> String {
        let text = ([request.executable] + request.arguments).joined(separator: " ")
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }

    /// A started child and the parent's ends of its pipes.
    struct Launched {
        var child: Spawner.Child
        var output: Int32
        var error: Int32
        var input: Int32?
    }

    /// Starts the child with pipes for stdout and stderr, and stdin from a pipe (when
    /// input is given) or /dev/null (so it can never wait for a terminal). Returns the
    /// parent's ends; the child's ends are closed here.
    private static func launch(
        _ executable: String, _ request: ProcessRequest, portable: Bool
    ) throws(ProcessLaunchError) -> Launched {
        let out = try Spawner.makePipe()
        // Megabytes of output (git cat-file) through a 64 KB pipe cost a context switch
        // per 64 KB; a larger pipe (Linux) lets the child write on without waiting.
        Spawner.enlarge(out.read, portable: portable)
        let err = try Spawner.makePipe()
        let input: (read: Int32, write: Int32)
        if request.standardInput != nil {
            input = try Spawner.makePipe()
        } else {
            input = (open("/dev/null", O_RDONLY | O_CLOEXEC), -1)
        }
        defer { [out.write, err.write, input.read].forEach { _ = close($0) } }
        do {
            let child = try Spawner.spawn(
                executable, arguments: request.arguments, environment: request.environment,
                workingDirectory: request.workingDirectory,
                descriptors: .init(input: input.read, output: out.write, error: err.write),
                label: request.executable)
            return Launched(child: child, output: out.read, error: err.read, input: input.write >= 0 ? input.write : nil)
        } catch {
            [out.read, err.read, input.write].filter { $0 >= 0 }.forEach { _ = close($0) }
            throw error
        }
    }

    /// Writes stdin on its own thread: a child that produces output before reading all
    /// its input must not deadlock against us.
    private static func feed(_ data: Data, to fd: Int32) {
        let thread = Thread {
            // A child that exits before reading everything makes this write fail with
            // EPIPE; blocked here, SIGPIPE cannot kill the tool (and no disposition is
            // changed that children would inherit).
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                guard let base = buffer.baseAddress else { return }
                var offset = 0
                while offset < buffer.count {
                    let written = write(fd, base + offset, buffer.count - offset)
                    if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { break }
                }
            }
            close(fd)
        }
        thread.start()
    }
}
