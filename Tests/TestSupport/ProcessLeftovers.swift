import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Helpers for tests that check a run left no process behind and that signal a running
/// tool: whether a pid still runs, every live process carrying an environment entry, and
/// a run of a real process in the background.

/// Alive and not a zombie waiting to be reaped.
public func isRunning(_ pid: Int32) -> Bool {
    guard pid > 1, kill(pid, 0) == 0 else { return false }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
    guard let close = stat.lastIndex(of: ")") else { return true }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z"
}

/// Whether `pid` is still running `seconds` after it was signalled (a killed process
/// takes a moment to exit; a zombie counts as gone).
public func stillRunning(_ pid: Int32, after seconds: Double = 5) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while isRunning(pid) && Date() < deadline { usleep(20_000) }
    return isRunning(pid)
}

/// Live processes (zombies excluded) whose environment holds `entry` (`KEY=value`), read
/// from /proc: every descendant of a run inherits the entry, wherever it was re-parented.
/// Empty where there is no /proc.
public func liveProcesses(carrying entry: String) -> [Int32] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    let needle = Data(entry.utf8)
    return names.compactMap(Int32.init).filter { pid in
        guard pid != getpid(), let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        return environment.split(separator: 0).contains { Data($0) == needle } && isRunning(pid)
    }
}

/// A real process run to completion on a thread of its own, so the test can signal it
/// meanwhile.
public final class BackgroundRun: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<ProcessResult, any Error>?

    public init(
        _ executable: String, _ arguments: [String], in directory: String, environment: [String: String?], timeout: TimeInterval,
        stdin: String? = nil
    ) {
        let thread = Thread { [self] in
            outcome = Result { try runProcess(executable, arguments, in: directory, environment: environment, stdin: stdin, timeout: timeout) }
            done.signal()
        }
        thread.start()
    }

    /// The result, or nil when the run did not end within `seconds`.
    public func wait(seconds: TimeInterval) throws -> ProcessResult? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return try outcome?.get()
    }
}

/// Waits until `path` exists (a file a fake writes once it is set up) and returns its
/// contents; nil after `seconds`.
public func waitForFile(_ path: String, seconds: TimeInterval) -> String? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
        usleep(20_000)
    }
    return nil
}
