import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a test does to a standard stream of a process it starts, to see how the process
/// copes when its output cannot be written.
public enum StreamFate: Sendable, CustomStringConvertible {
    /// Written to a file the test reads afterwards.
    case captured
    /// `/dev/full`: every write fails with ENOSPC (Linux only).
    case full
    /// Closed before the process starts.
    case closed
    /// A pipe whose read end is already closed: every write fails with EPIPE (and raises
    /// SIGPIPE unless the process ignores it).
    case brokenPipe

    public var description: String {
        switch self {
        case .captured: return "captured"
        case .full: return ">/dev/full"
        case .closed: return "closed"
        case .brokenPipe: return "a pipe nobody reads"
        }
    }

    /// Whether this system can set the fate up.
    public var isAvailable: Bool { self != .full || FileManager.default.fileExists(atPath: "/dev/full") }
}

public struct StreamFateResult: Sendable {
    /// The exit status, or 128 + signal when a signal ended the process.
    public var status: Int32
    public var signal: Int32?
    public var timedOut: Bool
    /// What a `captured` stream received ("" otherwise).
    public var stdout: String
    public var stderr: String
}

/// Runs `executable` in `directory` with exactly `environment`, its stdout and stderr
/// given the fates, stdin from /dev/null, in a process group of its own that is killed
/// when `timeout` passes. With `ignoringSIGPIPE` it starts with SIGPIPE ignored, as under
/// a shell's `trap '' PIPE`. Started with posix_spawn through `/bin/sh` (which changes
/// directory and, when asked, ignores SIGPIPE, then execs).
public func runWithStreamFates(
    _ executable: String, _ arguments: [String], in directory: String, environment: [String: String],
    stdout: StreamFate, stderr: StreamFate, ignoringSIGPIPE: Bool = false, timeout: TimeInterval = 60
) throws -> StreamFateResult {
    let scratch = TemporaryDirectory("stream-fates")
    let script = (ignoringSIGPIPE ? "trap '' PIPE; " : "") + #"cd "$1" || exit 97; shift; exec "$@""#
    let argv = ["/bin/sh", "-c", script, "sh", directory, executable] + arguments

    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t? = nil
    var attributes: posix_spawnattr_t? = nil
    #else
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    var parentEnds: [Int32] = []
    defer { parentEnds.forEach { _ = close($0) } }
    for (descriptor, fate, file) in [(Int32(1), stdout, scratch.file("stdout")), (Int32(2), stderr, scratch.file("stderr"))] {
        switch fate {
        case .captured:
            posix_spawn_file_actions_addopen(&actions, descriptor, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .full:
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/full", O_WRONLY, 0)
        case .closed:
            posix_spawn_file_actions_addclose(&actions, descriptor)
        case .brokenPipe:
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            close(ends[0])
            parentEnds.append(ends[1])
            posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor)
        }
    }

    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        cArguments.forEach { free($0) }
        cEnvironment.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, cEnvironment)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    parentEnds.forEach { _ = close($0) }
    parentEnds = []

    let (raw, timedOut) = waitForExit(pid, timeout: timeout)
    let signal = raw & 0x7f
    return StreamFateResult(
        status: signal == 0 ? (raw >> 8) & 0xff : 128 + signal, signal: signal == 0 ? nil : signal,
        timedOut: timedOut, stdout: scratch.read("stdout") ?? "", stderr: scratch.read("stderr") ?? "")
}

/// Waits for `pid`; past the timeout its whole process group is killed and reaped.
private func waitForExit(_ pid: pid_t, timeout: TimeInterval) -> (status: Int32, timedOut: Bool) {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { return (status, false) }
        if result == -1 && errno != EINTR { return (status, false) }
        if Date() > deadline { break }
        usleep(10_000)
    }
    // Never our own group or every process: only a real child's group.
    if pid > 1 { kill(-pid, SIGKILL) }
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return (status, true)
}
