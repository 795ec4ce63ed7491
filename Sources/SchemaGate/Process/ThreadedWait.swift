import Foundation
import SchemaGateBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wait macOS takes (it has no pidfd), and Linux on the portable path: a reaper
/// thread blocks in `waitpid`, a thread per pipe drains it. The same rules as
/// `PollingWait`: on timeout the group is stopped (`GroupStop`); whatever the child
/// leaves in its group when it exits is stopped too; output still in flight after exit
/// is read for a moment, then abandoned (something outside the group may hold the pipe).
struct ThreadedWait {
    let child: Spawner.Child
    let group: ProcessGroup
    /// stdout and stderr.
    let readers: [PipeReader]

    /// Runs until the child is reaped and its pipes are drained; says why the child was
    /// stopped before it exited (the deadline passed, or the cancellation was set).
    func run(deadline: DispatchTime, cancellation: Cancellation? = nil) -> EarlyStop? {
        child.startReaper()
        readers.forEach { $0.start() }
        var early: EarlyStop?
        // With a cancellation, woken now and then to look at it (nothing else wakes this wait).
        while child.exited.wait(timeout: cancellation == nil ? deadline : min(deadline, .now() + Cancellation.checkInterval)) == .timedOut {
            early = EarlyStop.due(now: .now(), deadline: deadline, cancellation: cancellation)
            if early != nil { break }
        }
        if early != nil {
            var stop = GroupStop(group)
            stop.run()
            // SIGKILL was sent if SIGTERM was not enough: the reaper will see the exit.
            child.exited.wait()
        } else if !group.isEmpty {
            var stop = GroupStop(group)
            stop.run()
        }
        readers.forEach { $0.finish(before: DispatchTime.now() + ProcessRunner.drainGracePeriod) }
        return early
    }
}

/// Why a wait stopped a child before it exited on its own.
enum EarlyStop: Equatable {
    /// The request's timeout passed.
    case deadline
    /// The request's cancellation was set.
    case cancellation

    /// The reason to stop a child that is still running now, if there is one.
    static func due(now: DispatchTime, deadline: DispatchTime, cancellation: Cancellation?) -> EarlyStop? {
        if now >= deadline { return .deadline }
        if cancellation?.isCancelled == true { return .cancellation }
        return nil
    }
}
