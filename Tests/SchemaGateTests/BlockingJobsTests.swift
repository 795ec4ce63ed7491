import Foundation
import SchemaGateBasics
import Testing

/// `BlockingJobs`, which runs the cktool exports of a run at once: results by index
/// whatever order the jobs end in, the bound, and cancellation of what will not be read.
/// Every wait here is on an event with a generous limit, so a broken property fails the
/// test instead of hanging it; no assertion is about speed.
@Suite struct BlockingJobsTests {
    /// Events the jobs of one test wait for, by name.
    final class Events: @unchecked Sendable {
        private let condition = NSCondition()
        private var happened: [String: Int] = [:]
        private var running = 0
        private var most = 0
        var mostRunning: Int { condition.withLock { most } }
        private var noted: [String] = []

        func note(_ text: String) { condition.withLock { noted.append(text) } }
        var notes: [String] { condition.withLock { noted } }

        func record(_ event: String) {
            condition.withLock {
                happened[event, default: 0] += 1
                condition.broadcast()
            }
        }

        func count(_ event: String) -> Int { condition.withLock { happened[event, default: 0] } }

        /// Waits until `event` happened `times` times; false after `seconds`.
        @discardableResult
        func wait(for event: String, times: Int = 1, seconds: TimeInterval = 20) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            return condition.withLock {
                while happened[event, default: 0] < times {
                    if !condition.wait(until: deadline) { return false }
                }
                return true
            }
        }

        /// Counts the jobs inside `body` at the same time.
        func running<T>(_ body: () -> T) -> T {
            condition.withLock {
                running += 1
                most = max(most, running)
            }
            defer { condition.withLock { running -= 1 } }
            return body()
        }
    }

    /// Waits until `cancellation` is set; false after `seconds`.
    static func waitForCancellation(_ cancellation: Cancellation, seconds: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !cancellation.isCancelled {
            guard Date() < deadline else { return false }
            usleep(5_000)
        }
        return true
    }

    @Test func resultsComeBackByIndexWhicheverJobEndsFirst() {
        let events = Events()
        let count = 4
        // Each job ends only after the next one ended: they end last to first.
        let jobs = BlockingJobs<String, Never>(count: count, limit: count) { index, _ in
            if index + 1 < count { events.wait(for: "ended \(index + 1)") }
            events.note("\(index)")
            events.record("ended \(index)")
            return .success("job \(index)")
        }
        defer { jobs.stop() }
        let results = (0..<count).map { index -> String? in
            guard case .success(let value)? = jobs.result(index) else { return nil }
            return value
        }
        #expect(results == ["job 0", "job 1", "job 2", "job 3"])
        #expect(events.notes == ["3", "2", "1", "0"], "the jobs did not end last to first, so the test proves nothing")
    }

    @Test func atMostTheLimitRunAtOnceAndThatManyDo() {
        let events = Events()
        let jobs = BlockingJobs<Int, Never>(count: 8, limit: 3) { index, _ in
            events.running {
                events.record("started")
                // The first three wait for each other: with the bound at 3 they all get in.
                let together = events.wait(for: "started", times: 3)
                return .success(together ? index : -1)
            }
        }
        defer { jobs.stop() }
        let results = (0..<8).map { index -> Int? in
            guard case .success(let value)? = jobs.result(index) else { return nil }
            return value
        }
        #expect(results == Array(0..<8), "a job gave up waiting for the others: \(results)")
        #expect(events.mostRunning == 3)
        #expect(jobs.peakConcurrency == 3)
    }

    @Test func aDiscardedJobNeverStartsAndARunningOneIsCancelled() {
        let events = Events()
        let jobs = BlockingJobs<String, Never>(count: 3, limit: 1) { index, cancellation in
            events.record("started \(index)")
            if index == 0 {
                return .success(Self.waitForCancellation(cancellation) ? "cancelled" : "never cancelled")
            }
            return .success("ran")
        }
        defer { jobs.stop() }
        #expect(events.wait(for: "started 0"))
        jobs.discard(1)
        jobs.discard(0)
        guard case .success(let first)? = jobs.result(0) else {
            Issue.record("job 0 has no result")
            return
        }
        #expect(first == "cancelled")
        #expect(jobs.result(1) == nil, "a discarded job that had not started gives no result")
        guard case .success(let last)? = jobs.result(2) else {
            Issue.record("job 2 has no result")
            return
        }
        #expect(last == "ran")
        #expect(events.count("started 1") == 0, "the discarded job started")
    }

    @Test func stopCancelsWhatRunsStartsNothingMoreAndReturnsOnceAllEnded() {
        let events = Events()
        let jobs = BlockingJobs<Bool, Never>(count: 5, limit: 2) { index, cancellation in
            events.record("started")
            events.record("started \(index)")
            let cancelled = Self.waitForCancellation(cancellation)
            // Cleaning up on the way out takes a moment; stop must wait for it.
            usleep(200_000)
            events.record(cancelled ? "ended cancelled" : "ended uncancelled")
            return .success(cancelled)
        }
        #expect(events.wait(for: "started", times: 2))
        jobs.stop()
        #expect(events.count("ended cancelled") == 2, "stop returned before the running jobs ended, or did not cancel them")
        #expect(events.count("ended uncancelled") == 0)
        #expect(events.count("started") == 2, "a job started after stop")
        #expect(jobs.result(4) == nil)
    }
}
