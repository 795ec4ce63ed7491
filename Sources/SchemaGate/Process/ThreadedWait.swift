import Foundation
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

    /// Runs until the child is reaped and its pipes are drained; true when the deadline
    /// passed and the child was stopped.
    func run(deadline: DispatchTime) -> Bool {
        child.startReaper()
        readers.forEach { $0.start() }
        var timedOut = false
        if child.exited.wait(timeout: deadline) == .timedOut {
            timedOut = true
            var stop = GroupStop(group)
            stop.run()
            // SIGKILL was sent if SIGTERM was not enough: the reaper will see the exit.
            child.exited.wait()
        } else if !group.isEmpty {
            var stop = GroupStop(group)
            stop.run()
        }
        readers.forEach { $0.finish(before: DispatchTime.now() + ProcessRunner.drainGracePeriod) }
        return timedOut
    }
}
