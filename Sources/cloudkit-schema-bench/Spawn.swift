import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One finished child process: its wall time and peak resident memory.
struct Measurement {
    var seconds: Double
    var peakKilobytes: Int
    var status: Int32
}

/// Runs a command with posix_spawn, stdout/stderr to /dev/null (or a file), and reads the
/// child's own rusage with wait4, so peak memory is the child's, not ours.
func measure(_ arguments: [String], in directory: String? = nil, output: String = "/dev/null") -> Measurement {
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawn_file_actions_addopen(&fileActions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
    let previous = FileManager.default.currentDirectoryPath
    if let directory { _ = FileManager.default.changeCurrentDirectoryPath(directory) }
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now()
    let spawned = posix_spawnp(&pid, arguments[0], &fileActions, nil, argv, environ)
    guard spawned == 0 else { fatalError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Measurement(seconds: seconds, peakKilobytes: Int(usage.ru_maxrss), status: exitStatus)
}

/// The median of `runs` measurements after one warm-up run.
func median(runs: Int, _ body: () -> Measurement) -> Measurement {
    _ = body()
    let results = (0..<runs).map { _ in body() }.sorted { $0.seconds < $1.seconds }
    var middle = results[results.count / 2]
    middle.peakKilobytes = results.map(\.peakKilobytes).max() ?? 0
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
