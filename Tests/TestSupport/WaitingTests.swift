// Only where Swift Testing is (every toolchain that runs these tests has it).
#if canImport(Testing)
import Foundation
import Testing

/// Threads of their own for tests that spend their time waiting on child processes (the
/// real binary, git, a fake cktool that sleeps or hangs until a timeout).
///
/// Swift Testing runs every test on the cooperative pool, which has one thread per core: a
/// synchronous test blocked in `waitpid` holds one of two threads on this 2-core machine
/// while the CPU idles. Tests marked `.waitsOnProcesses` run their bodies on these threads
/// instead (a task executor preference keeps the test's task, so its issues are still its
/// own), at most `count` at once, and the pool stays free for the rest. Linux only (the CI
/// machine this was measured on); elsewhere the trait runs the test as it is, since task
/// executors need macOS 15 and the package supports macOS 13.
#if os(Linux)
public final class WaitingTestThreads: TaskExecutor, @unchecked Sendable {
    public static let shared = WaitingTestThreads(count: 6)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(count: Int) {
        for number in 0..<count {
            let thread = Thread { [self] in work() }
            thread.name = "waiting tests \(number)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func work() {
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
#endif

/// `.waitsOnProcesses`: each test case of the suite or test runs on `WaitingTestThreads`.
public struct WaitsOnProcessesTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        #if os(Linux)
        try await withTaskExecutorPreference(WaitingTestThreads.shared) { try await function() }
        #else
        try await function()
        #endif
    }
}

extension Trait where Self == WaitsOnProcessesTrait {
    /// The test waits on child processes most of its time: run it off the cooperative pool.
    public static var waitsOnProcesses: Self { Self() }
}
#endif
