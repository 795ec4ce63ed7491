import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child's process group: `Spawner` makes every child a group leader, so signalling
/// the group reaches a shell's children and grandchildren too.
struct ProcessGroup: Hashable, Sendable {
    let pid: pid_t

    func signal(_ signal: Int32) {
        // pid 0 or 1 would signal our own group or every process we may signal: never.
        guard pid > 1 else { return }
        _ = kill(-pid, signal)
        _ = kill(pid, signal)
    }

    /// No process is left in the group, the leader's zombie included (so it was reaped).
    /// Its id cannot be reused while any member lives, so a group that is not empty is
    /// still ours to signal.
    var isEmpty: Bool {
        guard pid > 1 else { return true }
        return kill(-pid, 0) == -1 && errno == ESRCH
    }
}

/// The one way the tool stops a child and everything it started: SIGTERM to the whole
/// group; SIGKILL to whatever is left after `ProcessRunner.killGracePeriod`; then a wait
/// until the group is empty (every member gone and the leader reaped), bounded by
/// `ProcessRunner.reapGracePeriod` for members something else must reap. Used on a
/// timeout, on an interrupt, and for whatever a child leaves running when it exits.
///
/// It does not reap: the leader's waiter (a reaper thread or the polling loop) does, so a
/// caller that is the waiter steps this alongside its own loop.
struct GroupStop {
    let group: ProcessGroup
    private var killAt: DispatchTime?
    private var giveUpAt: DispatchTime?
    private(set) var finished = false

    /// Sends SIGTERM now.
    init(_ group: ProcessGroup, now: DispatchTime = .now()) {
        self.group = group
        group.signal(SIGTERM)
        killAt = now + ProcessRunner.killGracePeriod
    }

    /// Checks the group and escalates when due; returns when to look again, nil once done.
    mutating func step(now: DispatchTime = .now()) -> DispatchTime? {
        guard !finished else { return nil }
        if group.isEmpty {
            finished = true
            return nil
        }
        if let kill = killAt, now >= kill {
            group.signal(SIGKILL)
            killAt = nil
            giveUpAt = now + ProcessRunner.reapGracePeriod
        }
        if let giveUp = giveUpAt, now >= giveUp {
            // Left after SIGKILL: a zombie some other parent has not reaped yet.
            finished = true
            return nil
        }
        return min(now + Self.checkInterval, killAt ?? giveUpAt ?? .distantFuture)
    }

    /// Steps until done, sleeping in between, for a caller that does not reap.
    mutating func run() {
        while let next = step() {
            let now = DispatchTime.now().uptimeNanoseconds
            if next.uptimeNanoseconds > now { usleep(UInt32(min((next.uptimeNanoseconds - now) / 1_000, 1_000_000))) }
        }
    }

    /// How often an emptying group is looked at: a child that exits on SIGTERM is seen
    /// gone within this.
    static let checkInterval: DispatchTimeInterval = .milliseconds(10)
}
