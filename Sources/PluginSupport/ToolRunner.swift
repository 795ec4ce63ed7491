import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts the tool and waits for it. The child inherits this process's stdout, so its
/// report reaches SwiftPM (or Xcode) as it is written, not when the plugin ends.
///
/// Its stderr is the plugin's choice (`ErrorStream`). A command plugin's stdout and stderr
/// are one pipe that SwiftPM prints on its own stdout (PackagePlugin's `Plugin.main` points
/// stdout at stderr; `PluginDelegate.pluginEmittedOutput` prints it), so progress and the
/// status line written there would land in front of and after a `--format json` document.
/// SwiftPM prints only the plugin's diagnostics and progress messages on its stderr, so
/// the plugin reads the tool's stderr from a pipe and passes each line on as one of those
/// (Docs/plugin-output.md).
///
/// posix_spawn and waitpid, not Foundation's Process: on Linux (Swift 6.3) `Process.run()`
/// intermittently crashes (see SchemaGate's Spawner). The plugins cannot link SchemaGate,
/// so `PosixSpawn.swift` is compiled here from the same file (a symbolic link).
///
/// SwiftPM stops a plugin by signalling the plugin's process alone (SIGINT, then SIGTERM),
/// so the signals that end the tool early are passed on to it while it runs: the tool
/// then stops its own children and removes its folders before it ends.
public enum ToolRunner {
    /// Where the tool's stderr goes.
    public enum ErrorStream {
        /// The plugin's own stderr (Xcode shows the plugin's output as one log).
        case inherit
        /// Each line, without its newline, as it arrives.
        case lines(@Sendable (String) -> Void)
    }

    public static func run(_ invocation: ToolInvocation, stderr: ErrorStream = .inherit) throws(ToolLaunchError) -> ToolTermination {
        // A plugin's stdout is a pipe, hence block-buffered: anything the plugin printed must
        // leave before the child's output, or the log reads out of order.
        fflush(nil)  // every C stream; naming `stdout` is not concurrency-safe in Swift 6
        var errorPipe: [Int32] = [-1, -1]
        if case .lines = stderr {
            guard pipe(&errorPipe) == 0 else {
                throw ToolLaunchError(invocation: invocation, reason: "no pipe for its stderr: \(String(cString: strerror(errno)))")
            }
        }
        let pid: pid_t
        do {
            pid = try spawn(invocation, errorPipe: errorPipe)
        } catch {
            errorPipe.filter { $0 >= 0 }.forEach { close($0) }
            throw error
        }
        let forwarding = SignalForwarding(to: pid)
        defer { forwarding.restore() }
        var exited: Int32?
        if case .lines(let handler) = stderr {
            close(errorPipe[1])
            exited = ErrorLines.forward(from: errorPipe[0], while: pid, to: handler)
            close(errorPipe[0])
        }
        let status: Int32
        if let exited {
            status = exited
        } else {
            var waited: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &waited, 0) } while result == -1 && errno == EINTR
            guard result == pid else {
                throw ToolLaunchError(invocation: invocation, reason: "waiting for it failed: \(String(cString: strerror(errno)))")
            }
            status = waited
        }
        // The <sys/wait.h> macros are not imported: low 7 bits are the signal, then the status.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// The product's one spawn set-up (`PosixSpawn`, this module's copy of the file by a
    /// symbolic link), ETXTBSY retried as for every child the tool starts: the child stays
    /// in the plugin's process group. `errorPipe` (read end, write end), when open, becomes
    /// its stderr: dup2 of the write end to 2 and both ends closed in the child, as
    /// SwiftPM's `AsyncProcess.launch()` sets up its stderr pipe. `attempt` is one spawn
    /// (a test's seam).
    static func spawn(
        _ invocation: ToolInvocation, errorPipe: [Int32] = [-1, -1],
        attempt: (ToolInvocation, [PosixSpawn.FileAction]) -> Result<pid_t, PosixSpawn.SpawnErrno> = spawnOnce
    ) throws(ToolLaunchError) -> pid_t {
        var actions: [PosixSpawn.FileAction] = []
        if errorPipe.count == 2, errorPipe[1] >= 0 {
            actions = [.duplicate(errorPipe[1], to: 2), .close(errorPipe[0]), .close(errorPipe[1])]
        }
        switch PosixSpawn.retryingBusyText({ attempt(invocation, actions) }) {
        case .success(let pid):
            return pid
        case .failure(let error):
            throw ToolLaunchError(invocation: invocation, reason: error.code == ENOSYS
                ? "posix_spawn_file_actions_addchdir_np is missing on this system" : error.reason)
        }
    }

    static func spawnOnce(_ invocation: ToolInvocation, _ actions: [PosixSpawn.FileAction]) -> Result<pid_t, PosixSpawn.SpawnErrno> {
        PosixSpawn.spawn(
            invocation.executable, arguments: invocation.arguments, environment: ProcessInfo.processInfo.environment,
            fileActions: actions, workingDirectory: invocation.workingDirectory, newProcessGroup: false)
    }
}

/// Reads the tool's stderr and hands on whole lines until the pipe ends, or, should
/// something the tool started keep the pipe open, until 2 s after the tool exited.
enum ErrorLines {
    /// Returns the wait status when the tool was reaped while reading, else nil.
    static func forward(from descriptor: Int32, while pid: pid_t, to handler: (String) -> Void) -> Int32? {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var exitStatus: Int32?
        var deadline: Double?
        func emit(_ bytes: ArraySlice<UInt8>) { handler(String(decoding: bytes, as: UTF8.self)) }
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 250)
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }  // end of file (or an error: nothing more to read)
                pending += buffer[0..<count]
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    emit(pending[..<newline])
                    pending.removeSubrange(...newline)
                }
                continue
            }
            if ready < 0 && errno != EINTR { break }
            if exitStatus == nil {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    exitStatus = status
                    deadline = now() + 2
                }
            } else if let deadline, now() > deadline {
                break
            }
        }
        if !pending.isEmpty { emit(pending[...]) }
        return exitStatus
    }

    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}

/// Passes SIGHUP, SIGINT, SIGQUIT and SIGTERM on to the tool while the plugin waits for it.
/// The handler only calls `kill` (async-signal-safe) with a pid stored before it is installed.
struct SignalForwarding {
    static let signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]
    nonisolated(unsafe) private static let target: UnsafeMutablePointer<pid_t> = {
        let pointer = UnsafeMutablePointer<pid_t>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()
    private var previous: [(Int32, Int)] = []

    init(to pid: pid_t) {
        Self.target.pointee = pid
        for number in Self.signals {
            let old = signal(number) { number in
                let pid = SignalForwarding.target.pointee
                if pid > 1 { kill(pid, number) }
            }
            let oldValue = old.map { unsafeBitCast($0, to: Int.self) } ?? 0
            if oldValue == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(number, SIG_IGN)  // ignored by whoever started the plugin (nohup): stays so
            }
            previous.append((number, oldValue))
        }
    }

    /// Puts back what was there before.
    func restore() {
        for (number, oldValue) in previous {
            signal(number, oldValue == 0 ? SIG_DFL : unsafeBitCast(oldValue, to: (@convention(c) (Int32) -> Void).self))
        }
        Self.target.pointee = 0
    }
}

/// The tool could not be started at all (missing executable, bad working directory).
public struct ToolLaunchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var invocation: ToolInvocation
    public var reason: String

    public init(invocation: ToolInvocation, reason: String) {
        self.invocation = invocation
        self.reason = reason
    }

    public var description: String {
        "could not start \(invocation.executable) in \(invocation.workingDirectory) (\(reason)); "
            + "run 'swift build --product \(PluginVerb.toolName)' to see whether the tool builds"
    }
}
