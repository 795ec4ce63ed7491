import Foundation
import SchemaGate
import SchemaGateBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One finished child process: its wall time, peak resident memory (nil when not
/// measured; a failure when it could not be, which the table shows) and exit status.
struct Measurement {
    var seconds: Double
    var peak: Result<Int, BenchError>? = nil
    var status: Int32
}

/// Runs a command with posix_spawn (looked up on PATH), stdout to /dev/null (or a file),
/// stderr to /dev/null, and times it. Its peak memory is measured apart (`peakKilobytes`).
func measure(
    _ arguments: [String], in directory: String? = nil, output: String = "/dev/null",
    environment: [String: String] = ProcessInfo.processInfo.environment
) -> Measurement {
    let start = DispatchTime.now()
    let spawned = PosixSpawn.spawn(
        arguments[0], arguments: Array(arguments.dropFirst()), environment: environment,
        fileActions: [.open(1, path: output, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644),
                      .open(2, path: "/dev/null", flags: O_WRONLY, mode: 0)],
        workingDirectory: directory, newProcessGroup: false, searchPath: true)
    // 127, as a shell reports a command it cannot start.
    guard case .success(let pid) = spawned else { return Measurement(seconds: 0, status: 127) }
    let (status, _) = reap(pid)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return Measurement(seconds: seconds, status: status)
}

/// Waits for `pid`; its exit status (128 + signal when a signal ended it) and its own
/// peak resident memory in KB, from wait4's rusage. ru_maxrss is in kilobytes on Linux
/// (getrusage(2)) and in bytes on macOS.
func reap(_ pid: pid_t) -> (status: Int32, peakKilobytes: Int) {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    #if canImport(Darwin)
    let kilobytes = Int(usage.ru_maxrss) / 1024
    #else
    let kilobytes = Int(usage.ru_maxrss)
    #endif
    return (exitStatus, kilobytes)
}

/// The command's own peak resident memory in KB, or why it could not be measured.
///
/// macOS: wait4's rusage of the command, spawned directly (a spawned process starts with
/// an address space of its own). Linux: posix_spawn shares this process's address space
/// until the exec, and exec keeps the old space's high-water mark, so a directly spawned
/// command would report the benchmark's own peak. There a shell forks the command (the
/// copy it starts from is the shell's, a megabyte or two), and this process, made the
/// subreaper of its descendants, reaps the orphaned command with wait4 once the shell
/// has exited.
func peakKilobytes(_ arguments: [String], in directory: String?) -> Result<Int, BenchError> {
    #if canImport(Darwin)
    let spawned = PosixSpawn.spawn(
        arguments[0], arguments: Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        fileActions: [.open(1, path: "/dev/null", flags: O_WRONLY, mode: 0), .open(2, path: "/dev/null", flags: O_WRONLY, mode: 0)],
        workingDirectory: directory, newProcessGroup: false, searchPath: true)
    guard case .success(let pid) = spawned else { return .failure(BenchError("cannot start \(arguments[0])")) }
    return .success(reap(pid).peakKilobytes)
    #else
    guard Subreaper.enabled else { return .failure(BenchError("prctl(PR_SET_CHILD_SUBREAPER) failed")) }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return .failure(BenchError("pipe failed")) }
    // Close-on-exec and above 3, so only the dup onto 3 reaches the shell.
    fds = fds.map { fd in
        defer { _ = close(fd) }
        return fcntl(fd, F_DUPFD_CLOEXEC, 10)
    }
    defer { _ = close(fds[0]) }
    // The command's pid arrives on descriptor 3; the command itself does not keep it.
    let script = #""$@" </dev/null >/dev/null 2>&1 3>&- & echo $! >&3"#
    let spawned = PosixSpawn.spawn(
        "/bin/sh", arguments: ["-c", script, "sh"] + arguments, environment: ProcessInfo.processInfo.environment,
        fileActions: [.duplicate(fds[1], to: 3), .open(1, path: "/dev/null", flags: O_WRONLY, mode: 0),
                      .open(2, path: "/dev/null", flags: O_WRONLY, mode: 0)],
        workingDirectory: directory, newProcessGroup: false)
    _ = close(fds[1])
    guard case .success(let shell) = spawned else { return .failure(BenchError("cannot start /bin/sh")) }
    var text = [UInt8]()
    var byte: UInt8 = 0
    while read(fds[0], &byte, 1) == 1 { text.append(byte) }
    _ = reap(shell)
    guard let pid = pid_t(String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 else {
        return .failure(BenchError("the shell did not report the command's pid"))
    }
    return .success(reap(pid).peakKilobytes)
    #endif
}

#if os(Linux)
/// PR_SET_CHILD_SUBREAPER (Linux 3.4+): orphaned descendants are re-parented to this
/// process instead of init, so it can wait4 for them. prctl is variadic in C (Swift does
/// not import it), hence the lookup with a fixed signature.
enum Subreaper {
    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    static let enabled: Bool = {
        guard let symbol = LibCSymbol.address("prctl") else { return false }
        return unsafeBitCast(symbol, to: Prctl.self)(36 /* PR_SET_CHILD_SUBREAPER */, 1, 0, 0, 0) == 0
    }()
}
#endif

/// The median of `runs` measurements after one warm-up run.
func median(runs: Int, _ body: () -> Measurement) -> Measurement {
    _ = body()
    let results = (0..<runs).map { _ in body() }.sorted { $0.seconds < $1.seconds }
    var middle = results[results.count / 2]
    // A failing run anywhere must show, not only when it happens to be the median.
    middle.status = results.first { $0.status != 0 && $0.status != 1 }?.status ?? middle.status
    return middle
}

/// Median wall time of an in-process closure.
func medianSeconds(runs: Int, _ body: () -> Void) -> Double {
    body()
    let times = (0..<runs).map { _ -> Double in
        let start = DispatchTime.now()
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }.sorted()
    return times[times.count / 2]
}
