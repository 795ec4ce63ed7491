import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for a child and drains its stdout and stderr on the calling thread with one
/// `poll` over both pipes and the child's pidfd (Linux 5.3+): the same rules as the
/// threaded path in `ProcessRunner` (timeout: SIGTERM to the group, SIGKILL after the
/// grace period; output still in flight after exit read for a moment, then abandoned),
/// without starting three threads and waking them across cores for every git call.
struct PollingWait {
    let child: Spawner.Child
    let pidfd: Int32
    let group: ProcessGroup
    /// stdout and stderr.
    let readers: [PipeReader]
    /// Read descriptors of `readers`, in the same order.
    var descriptors: [Int32] { readers.map(\.descriptor) }

    /// Runs until the child is reaped and its pipes are drained; true when the deadline
    /// passed and the child was terminated.
    func run(deadline: DispatchTime) -> Bool {
        var open = readers.map { _ in true }
        var chunk = [UInt8](repeating: 0, count: 65536)
        var exited = false
        var timedOut = false
        var killAt: DispatchTime?
        var drainUntil = DispatchTime.distantFuture
        while true {
            if exited && (!open.contains(true) || DispatchTime.now() >= drainUntil) { break }
            var fds = [pollfd]()
            for (index, reader) in readers.enumerated() where open[index] {
                fds.append(pollfd(fd: reader.descriptor, events: Int16(POLLIN), revents: 0))
            }
            if !exited { fds.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)) }
            let wakeAt = exited ? drainUntil : (killAt ?? (timedOut ? .distantFuture : deadline))
            let ready = poll(&fds, nfds_t(fds.count), Self.milliseconds(until: wakeAt))
            if ready < 0 && errno != EINTR { break }
            for descriptor in fds where descriptor.revents != 0 {
                if descriptor.fd == pidfd {
                    if let status = reap() {
                        child.recordExit(status)
                        exited = true
                        drainUntil = DispatchTime.now() + ProcessRunner.drainGracePeriod
                    }
                } else if let index = readers.firstIndex(where: { $0.descriptor == descriptor.fd }),
                          !readers[index].readReady(into: &chunk) {
                    open[index] = false
                    readers[index].close()
                }
            }
            if exited { continue }
            let now = DispatchTime.now()
            if let kill = killAt, now >= kill {
                // Past the grace period: SIGKILL, then the child's exit is all we wait for.
                group.signal(SIGKILL)
                killAt = nil
            } else if !timedOut, now >= deadline {
                timedOut = true
                group.signal(SIGTERM)
                killAt = now + ProcessRunner.killGracePeriod
            }
        }
        for (index, reader) in readers.enumerated() where open[index] { reader.close() }
        return timedOut
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
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pidfd_open") else { return nil }
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
