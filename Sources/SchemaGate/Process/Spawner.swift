import Foundation
import SchemaGateBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a child with `posix_spawn` in its own process group and reaps it with
/// `waitpid` on a dedicated thread.
///
/// Not Foundation's `Process`: on Linux (Swift 6.3) its `run()` intermittently crashes
/// with an over-read while scanning /proc/self/fd (swift-corelibs-foundation PR 5472),
/// and it reports termination late when a grandchild keeps an inherited descriptor open.
/// A release gate must not crash one run in twenty.
enum Spawner {
    /// Descriptors the child gets as 0, 1 and 2.
    struct StandardDescriptors {
        var input: Int32
        var output: Int32
        var error: Int32
    }

    /// A started child. Reaped either by a reaper thread (`startReaper`; `exited` is
    /// signalled once it has been reaped) or by the caller (`recordExit`).
    final class Child: @unchecked Sendable {
        let pid: pid_t
        let exited = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var rawStatus: Int32?

        init(pid: pid_t) {
            self.pid = pid
        }

        /// Reaps the child with a blocking `waitpid` on a thread of its own.
        func startReaper() {
            let thread = Thread { [self] in
                var status: Int32 = 0
                var result: pid_t
                repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
                recordExit(result == pid ? status : nil)
            }
            thread.name = "cloudkit-schema child reaper"
            thread.start()
        }

        /// The raw `waitpid` status (nil when waiting failed), from whoever reaped it.
        func recordExit(_ status: Int32?) {
            lock.withLock { rawStatus = status }
            exited.signal()
        }

        /// `(status, signal)`: the exit status, or 128 + signal when a signal ended it.
        var outcome: (status: Int32, signal: Int32?)? {
            lock.withLock {
                guard let raw = rawStatus else { return nil }
                let signal = raw & 0x7f
                if signal == 0 { return ((raw >> 8) & 0xff, nil) }
                return (128 + signal, signal)
            }
        }
    }

    /// A pipe whose two ends are close-on-exec: only the ends dup'ed onto 0/1/2 reach a child.
    /// Creating a pipe and marking it close-on-exec is two calls (pipe2 is not exported
    /// to Swift); holding this lock across them and across every spawn keeps another
    /// thread's child from inheriting a pipe in between.
    private static let descriptorLock = NSLock()

    static func makePipe() throws(ProcessLaunchError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        let result = descriptorLock.withLock {
            let result = pipe(&fds)
            if result == 0 { fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) } }
            return result
        }
        guard result == 0 else { throw .launchFailed("pipe", reason: String(cString: strerror(errno))) }
        return (fds[0], fds[1])
    }

    /// Asks for a 1 MB pipe buffer where the system allows it (Linux); a refusal changes
    /// nothing. macOS has no such call, and neither has the portable path.
    static func enlarge(_ pipe: Int32, portable: Bool) {
        #if os(Linux)
        if !portable { _ = fcntl(pipe, 1031 /* F_SETPIPE_SZ */, Int32(1 << 20)) }
        #endif
    }

    static func spawn(
        _ path: String, arguments: [String], environment: [String: String], workingDirectory: String?,
        descriptors: StandardDescriptors, label: String
    ) throws(ProcessLaunchError) -> Child {
        if let workingDirectory, !FileManager.default.fileExists(atPath: workingDirectory) {
            throw .launchFailed(label, reason: "the working directory \(workingDirectory) does not exist")
        }
        let actions: [PosixSpawn.FileAction] = [
            .duplicate(descriptors.input, to: 0), .duplicate(descriptors.output, to: 1), .duplicate(descriptors.error, to: 2),
        ]
        let result = PosixSpawn.retryingBusyText {
            descriptorLock.withLock {
                PosixSpawn.spawn(path, arguments: arguments, environment: environment, fileActions: actions,
                                 workingDirectory: workingDirectory, newProcessGroup: true)
            }
        }
        switch result {
        case .success(let pid):
            return Child(pid: pid)
        case .failure(let error) where error.code == ENOSYS:
            throw .launchFailed(label, reason: "this system cannot start a process in another directory (posix_spawn_file_actions_addchdir_np is missing)")
        case .failure(let error):
            throw .launchFailed(label, reason: error.reason)
        }
    }
}
