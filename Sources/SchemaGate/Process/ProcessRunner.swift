import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way this product runs a subprocess (git, cktool, the user's create command).
///
/// * Starts children with POSIX spawn and reaps them with `waitpid` on a thread (see
///   `Spawner` for why not Foundation's `Process`, whose `waitUntilExit()` also costs
///   about 50 ms per call on Linux).
/// * On timeout, terminates the child's whole process group (SIGTERM, then SIGKILL after
///   a grace period), so a shell's grandchildren die with it and cannot hold pipes open.
/// * Captures or streams output; redacts secrets from both.
public enum ProcessRunner {
    /// Bytes kept per stream when capturing (exports are far smaller).
    public static let captureLimit = 64 << 20
    /// Bytes kept per stream when streaming (the tail, for error messages).
    public static let streamTailLimit = 64 << 10
    /// Between SIGTERM and SIGKILL.
    public static let killGracePeriod: TimeInterval = 3
    /// How long to keep reading after the child exited, for output still in flight.
    static let drainGracePeriod: TimeInterval = 2

    public static func run(_ request: ProcessRequest) throws(ProcessLaunchError) -> ProcessResult {
        try run(request, polling: true)
    }

    /// `polling: false` takes the threaded path even where a pidfd exists (tests run both).
    static func run(_ request: ProcessRequest, polling: Bool) throws(ProcessLaunchError) -> ProcessResult {
        let executable = try ExecutableLocator.locate(
            request.executable, environment: request.environment, workingDirectory: request.workingDirectory)
        let started = DispatchTime.now()
        let (child, outRead, errRead, inWrite) = try launch(executable, request)
        defer { [outRead, errRead].forEach { _ = close($0) } }
        let group = ProcessGroup(pid: child.pid)
        LiveProcessGroups.insert(group.pid)
        defer { LiveProcessGroups.remove(group.pid) }
        // One thread and one poll over the pipes and the child (a pidfd): no thread hand-offs,
        // which on a busy machine cost milliseconds a call. Elsewhere, threads as below.
        let pidfd = polling ? PidFD.open(child.pid) : -1
        if pidfd < 0 { child.startReaper() }
        defer { if pidfd >= 0 { _ = close(pidfd) } }

        let (limit, onLine): (Int, (@Sendable (ProcessStream, String) -> Void)?) = {
            switch request.output {
            case .capture: return (captureLimit, nil)
            case .stream(let handler): return (streamTailLimit, handler)
            }
        }()
        let readers = [
            PipeReader(fd: outRead, stream: .standardOutput, limit: limit, redactions: request.redactions, onLine: onLine),
            PipeReader(fd: errRead, stream: .standardError, limit: limit, redactions: request.redactions, onLine: onLine),
        ]
        if let inWrite { feed(request.standardInput ?? Data(), to: inWrite) }

        var timedOut = false
        let deadline = request.timeout.map { started + $0 } ?? .distantFuture
        if pidfd >= 0 {
            timedOut = PollingWait(child: child, pidfd: pidfd, group: group, readers: readers).run(deadline: deadline)
        } else {
            readers.forEach { $0.start() }
            if child.exited.wait(timeout: deadline) == .timedOut {
                timedOut = true
                group.signal(SIGTERM)
                if child.exited.wait(timeout: .now() + killGracePeriod) == .timedOut {
                    group.signal(SIGKILL)
                    child.exited.wait()
                }
            }
            // Output still in flight after exit is read for a moment; a pipe held open by
            // something outside the group is abandoned rather than waited on forever.
            readers.forEach { $0.finish(before: DispatchTime.now() + drainGracePeriod) }
        }

        let (out, outTruncated) = readers[0].result
        let (err, errTruncated) = readers[1].result
        // waitpid failing for our own child cannot happen short of a foreign reaper;
        // report it as a failure, never as success.
        let outcome = child.outcome ?? (status: 255, signal: nil)
        return ProcessResult(
            status: outcome.status,
            signal: outcome.signal,
            timedOut: timedOut, standardOutput: out, standardError: err,
            truncated: outTruncated || errTruncated,
            duration: Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
    }

    /// Starts the child with pipes for stdout and stderr, and stdin from a pipe (when
    /// input is given) or /dev/null (so it can never wait for a terminal). Returns the
    /// parent's ends; the child's ends are closed here.
    private static func launch(
        _ executable: String, _ request: ProcessRequest
    ) throws(ProcessLaunchError) -> (Spawner.Child, Int32, Int32, Int32?) {
        let out = try Spawner.makePipe()
        // Megabytes of output (git cat-file) through a 64 KB pipe cost a context switch
        // per 64 KB; a larger pipe (Linux) lets the child write on without waiting.
        Spawner.enlarge(out.read)
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
            return (child, out.read, err.read, input.write >= 0 ? input.write : nil)
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

/// A child's process group: `Spawner` makes every child a group leader, so signalling
/// the group reaches a shell's children too.
final class ProcessGroup: Hashable, @unchecked Sendable {
    let pid: pid_t

    init(pid: pid_t) {
        self.pid = pid
    }

    func signal(_ signal: Int32) {
        // pid 0 or 1 would signal our own group or every process we may signal: never.
        guard pid > 1 else { return }
        _ = kill(-pid, signal)
        _ = kill(pid, signal)
    }

    static func == (lhs: ProcessGroup, rhs: ProcessGroup) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Children running right now. Ctrl-C (SIGINT) or SIGTERM to the tool terminates their
/// process groups before the tool dies: they live in their own groups, so the
/// terminal's signal would not reach them and a create command would keep running.
///
/// A plain C signal handler over a fixed table: a handler must not take locks or
/// allocate. Never `SIG_IGN`, which children would inherit across exec.
enum LiveProcessGroups {
    static let capacity = 64
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    private static let lock = NSLock()
    private static let handlersInstalled: Void = {
        _ = slots
        for signalNumber in [SIGINT, SIGTERM] {
            let previous = signal(signalNumber, { signalNumber in
                for index in 0..<LiveProcessGroups.capacity {
                    let pid = LiveProcessGroups.slots[index]
                    if pid > 1 {
                        kill(-pid, SIGTERM)
                        kill(pid, SIGTERM)
                    }
                }
                signal(signalNumber, SIG_DFL)
                raise(signalNumber)
            })
            // Respect a signal the parent chose to ignore (nohup).
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(signalNumber, SIG_IGN)
            }
        }
    }()

    static func insert(_ pid: pid_t) {
        handlersInstalled
        lock.withLock {
            if let free = (0..<capacity).first(where: { slots[$0] == 0 }) { slots[free] = pid }
        }
    }

    static func remove(_ pid: pid_t) {
        lock.withLock {
            if let index = (0..<capacity).first(where: { slots[$0] == pid }) { slots[index] = 0 }
        }
    }
}
