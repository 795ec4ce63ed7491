import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One finished child process: its wall time, peak resident memory (0 when unknown) and
/// exit status.
struct Measurement {
    var seconds: Double
    var peakKilobytes: Int
    var status: Int32
}

/// Runs a command with posix_spawn, stdout to /dev/null (or a file), stderr to /dev/null,
/// and times it. Its peak memory is measured apart (`peakKilobytes`): a spawned child's
/// ru_maxrss starts from the spawning process's own high-water mark (Linux keeps it across
/// exec), so wait4 here would report the benchmark's memory, not the child's.
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
    // 127, as a shell reports a command it cannot start.
    guard spawned == 0 else { return Measurement(seconds: 0, peakKilobytes: 0, status: 127) }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Measurement(seconds: seconds, peakKilobytes: 0, status: exitStatus)
}

/// The child's own peak resident memory in KB, through GNU time (a small process that
/// forks the command, so the figure is the command's); 0 when /usr/bin/time is missing.
func peakKilobytes(_ arguments: [String], in directory: String?, scratch: String) -> Int {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return 0 }
    let report = scratch + "/peak-rss.txt"
    guard measure(["/usr/bin/time", "-f", "%M", "-o", report] + arguments, in: directory).status <= 1,
          let text = try? String(contentsOfFile: report, encoding: .utf8) else { return 0 }
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") ?? 0
}

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
