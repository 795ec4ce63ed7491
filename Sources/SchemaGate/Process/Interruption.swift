import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the tool does when SIGHUP, SIGINT, SIGQUIT or SIGTERM ends it early: stop every
/// child's process group (`GroupStop`: SIGTERM, SIGKILL after the grace period, then a
/// wait until each group is gone), remove its scratch folders, print a last status line,
/// and end with the signal: 128 + its number as a shell reports it (SIGQUIT exits 131
/// instead of dumping core).
///
/// The C handler only writes the signal's number to a pipe (the self-pipe pattern of
/// swift-tools-support-core's `InterruptHandler`); a thread of its own reads it and does
/// the work, where locks and allocation are allowed. Children get default dispositions
/// from `PosixSpawn`, so nothing installed here reaches them. A signal the parent chose
/// to ignore (nohup) stays ignored.
///
/// Only the executable installs this; in-process runs (tests) keep the default actions.
package enum Interruption {
    package static let signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

    private enum State { case running, interrupted, exiting }
    private static let lock = NSLock()
    nonisolated(unsafe) private static var state = State.running
    /// The pipe's write end, read by the C handler (allocated before any handler exists,
    /// so the handler never runs a lazy initializer).
    nonisolated(unsafe) private static let wakeDescriptor: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        pointer.initialize(to: -1)
        return pointer
    }()

    /// Installs the handlers. `statusLine` gives the last line to print for a signal.
    package static func install(statusLine: @escaping @Sendable (Int32) -> String) {
        guard let pipe = try? Spawner.makePipe() else { return }
        _ = fcntl(pipe.write, F_SETFL, fcntl(pipe.write, F_GETFL) | O_NONBLOCK)
        wakeDescriptor.pointee = pipe.write
        let thread = Thread {
            var number: UInt8 = 0
            while true {
                let count = read(pipe.read, &number, 1)
                // Only the handler's bytes count: anything else on the pipe is not a signal.
                if count == 1, signals.contains(Int32(number)) { handle(Int32(number), statusLine: statusLine) }
                if count == 0 || (count < 0 && errno != EINTR) { return }
            }
        }
        thread.name = "cloudkit-schema signals"
        thread.start()
        for number in signals {
            let previous = signal(number) { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(Interruption.wakeDescriptor.pointee, &byte, 1)
                errno = saved
            }
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(number, SIG_IGN)
            }
        }
    }

    /// Ends the process with `status`, unless an interrupt is being handled: it ends the
    /// process then, with its own status and last line.
    package static func exit(_ status: Int32) -> Never {
        let interrupted = lock.withLock {
            if state == .running { state = .exiting }
            return state == .interrupted
        }
        if interrupted { park() }
        Foundation.exit(status)
    }

    /// Called where a result of a stopped child would otherwise be used.
    static func parkIfInterrupted() {
        if lock.withLock({ state == .interrupted }) { park() }
    }

    /// Waits for the interrupt handler to end the process.
    static func park() -> Never {
        while true { sleep(60) }
    }

    package static func name(of number: Int32) -> String {
        switch number {
        case SIGHUP: return "SIGHUP"
        case SIGINT: return "SIGINT"
        case SIGQUIT: return "SIGQUIT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(number)"
        }
    }

    private static func handle(_ number: Int32, statusLine: (Int32) -> String) {
        let first = lock.withLock {
            guard state == .running else { return false }
            state = .interrupted
            return true
        }
        guard first else { return }
        let terminal = silenceStandardStreams()
        var stops = LiveProcessGroups.close().map { GroupStop($0) }
        while true {
            let next = stops.indices.compactMap { stops[$0].step() }.min()
            guard let next else { break }
            let now = DispatchTime.now().uptimeNanoseconds
            if next.uptimeNanoseconds > now { usleep(UInt32(min((next.uptimeNanoseconds - now) / 1_000, 1_000_000))) }
        }
        // Gone groups are released: their ids may be reused, and the watcher kills what
        // is still registered once the tool has ended.
        for stop in stops where stop.group.isEmpty { OrphanGuard.release(group: stop.group.pid) }
        ScratchFolder.removeAll()
        let line = Array((statusLine(number) + "\n").utf8)
        _ = line.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
        end(with: number)
    }

    /// Points stdout and stderr at /dev/null, so nothing the rest of the tool still
    /// prints can follow the status line, and returns a copy of stderr for that line.
    private static func silenceStandardStreams() -> Int32 {
        let terminal = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 {
            _ = dup2(null, STDOUT_FILENO)
            _ = dup2(null, STDERR_FILENO)
            _ = close(null)
        }
        return terminal
    }

    /// As SwiftPM's `Cancellator` does after its cleanup: the default action, raised
    /// again, so a calling shell sees death by that signal. SIGQUIT's default action
    /// dumps core (a crash report on macOS), so it exits with 128 + 3 instead.
    private static func end(with number: Int32) -> Never {
        if number != SIGQUIT {
            signal(number, SIG_DFL)
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, number)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            raise(number)
        }
        _exit(128 + number)
    }
}

/// Process groups of the children running right now, so an interrupt can stop them all.
enum LiveProcessGroups {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var groups: Set<pid_t> = []
    nonisolated(unsafe) private static var closed = false

    /// Starts a child through `body` and records its group, in one step as far as an
    /// interrupt can tell: once one began, nothing new starts (the caller waits for the
    /// interrupt to end the process).
    static func launch(
        _ body: () throws(ProcessLaunchError) -> ProcessRunner.Launched
    ) throws(ProcessLaunchError) -> ProcessRunner.Launched {
        lock.lock()
        if closed {
            lock.unlock()
            Interruption.park()
        }
        defer { lock.unlock() }
        let launched = try body()
        groups.insert(launched.child.pid)
        OrphanGuard.watch(group: launched.child.pid)
        return launched
    }

    static func remove(_ pid: pid_t) {
        lock.withLock {
            _ = groups.remove(pid)
            OrphanGuard.release(group: pid)
        }
    }

    /// The groups running now; nothing new starts after this.
    static func close() -> [ProcessGroup] {
        lock.withLock {
            closed = true
            return groups.map(ProcessGroup.init(pid:))
        }
    }
}
