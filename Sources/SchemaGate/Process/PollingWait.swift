import Foundation
import SchemaGateBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for a child and drains its stdout and stderr on the calling thread with one
/// `poll` over both pipes and the child's pidfd (Linux 5.3+): the same rules as
/// `ThreadedWait` (timeout: the group is stopped by `GroupStop`; whatever the child leaves
/// in its group when it exits is stopped too; output still in flight after exit is read
/// for a moment, then abandoned), without starting three threads and waking them across
/// cores for every git call.
struct PollingWait {
    let child: Spawner.Child
    let pidfd: Int32
    let group: ProcessGroup
    /// stdout and stderr.
    let readers: [PipeReader]

    /// Runs until the child is reaped, its group stopped and its pipes drained; says why
    /// the child was stopped before it exited (the deadline passed, or the cancellation was set).
    func run(deadline: DispatchTime, cancellation: Cancellation? = nil) -> EarlyStop? {
        var open = readers.map { _ in true }
        var chunk = [UInt8](repeating: 0, count: 65536)
        var exited = false
        var early: EarlyStop?
        var stop: GroupStop?
        var drainUntil = DispatchTime.distantFuture
        while true {
            let now = DispatchTime.now()
            if !exited && early == nil, let reason = EarlyStop.due(now: now, deadline: deadline, cancellation: cancellation) {
                early = reason
                stop = GroupStop(group, now: now)
            }
            if exited && now >= drainUntil {
                // Held open by something outside the group: abandoned, not waited on forever.
                for index in readers.indices where open[index] {
                    open[index] = false
                    readers[index].close()
                }
            }
            let stopAgainAt = stop?.step(now: now)
            let stopping = stop.map { !$0.finished } ?? false
            if exited && !stopping && !open.contains(true) { break }
            var fds = [pollfd]()
            for (index, reader) in readers.enumerated() where open[index] {
                fds.append(pollfd(fd: reader.descriptor, events: Int16(POLLIN), revents: 0))
            }
            if !exited { fds.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)) }
            var wakeAt = exited ? drainUntil : (early != nil ? DispatchTime.distantFuture : deadline)
            if !exited && early == nil && cancellation != nil { wakeAt = min(wakeAt, now + Cancellation.checkInterval) }
            if let stopAgainAt { wakeAt = min(wakeAt, stopAgainAt) }
            let ready = poll(&fds, nfds_t(fds.count), Self.milliseconds(until: wakeAt))
            if ready < 0 && errno != EINTR { break }
            for descriptor in fds where descriptor.revents != 0 {
                if descriptor.fd == pidfd {
                    if let status = reap() {
                        child.recordExit(status)
                        exited = true
                        drainUntil = DispatchTime.now() + ProcessRunner.drainGracePeriod
                        if stop == nil && !group.isEmpty { stop = GroupStop(group) }
                    }
                } else if let index = readers.firstIndex(where: { $0.descriptor == descriptor.fd }),
                          !readers[index].readReady(into: &chunk) {
                    open[index] = false
                    readers[index].close()
                }
            }
        }
        for index in readers.indices where open[index] { readers[index].close() }
        return early
    }

    /// The raw status once the child has exited (the pidfd said so); nil if not yet.
    private func reap() -> Int32? {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(child.pid, &status, WNOHANG) } while result == -1 && errno == EINTR
        if result == child.pid { return status }
        // Reaped by someone else (cannot happen short of a foreign reaper): report failure.
        return result == -1 ? Int32(255 << 8) : nil
    }

    private static func milliseconds(until time: DispatchTime) -> Int32 {
        if time == .distantFuture { return -1 }
        let now = DispatchTime.now().uptimeNanoseconds
        guard time.uptimeNanoseconds > now else { return 0 }
        return Int32(min((time.uptimeNanoseconds - now) / 1_000_000 + 1, UInt64(Int32.max)))
    }
}

/// `pidfd_open(2)`, looked up at run time (glibc 2.36+ exports it; the C headers Swift
/// imports may not declare it). -1 when unavailable: the caller falls back to threads.
enum PidFD {
    private typealias Open = @convention(c) (pid_t, UInt32) -> Int32

    private static let function: Open? = {
        #if canImport(Glibc)
        guard let symbol = LibCSymbol.address("pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: Open.self)
        #else
        return nil
        #endif
    }()

    static func open(_ pid: pid_t) -> Int32 {
        guard let function else { return -1 }
        let descriptor = function(pid, 0)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return descriptor
    }
}
