import Foundation

/// Jobs that spend their time waiting (on a child process and the network behind it), run
/// at most `limit` at once, each on a thread of its own (Dispatch's pool runs only as many
/// blocking jobs at once as there are cores). They start in index order and their results
/// are read by index, so a caller that reads them in order sees what running them one
/// after another would have given, only sooner.
///
/// A job whose result will not be read is cancelled: `discard` one, `stop` all. A running
/// job sees its `Cancellation` set; a waiting one never starts. `stop` returns once no job
/// runs any more, so whatever the jobs clean up on their way out is gone by then.
package final class BlockingJobs<Value: Sendable, Failure: Error>: @unchecked Sendable {
    package typealias Job = @Sendable (_ index: Int, _ cancellation: Cancellation) -> Result<Value, Failure>

    private let job: Job
    private let count: Int
    /// Guards everything below, and is signalled when a job ends or a worker leaves.
    private let condition = NSCondition()
    private var results: [Result<Value, Failure>?]
    /// The next index a worker takes.
    private var next = 0
    private var running: [Int: Cancellation] = [:]
    private var discarded: Set<Int> = []
    private var stopping = false
    private var workers = 0
    private var mostAtOnce = 0

    /// Starts `count` jobs, `limit` at a time.
    package init(count: Int, limit: Int, _ job: @escaping Job) {
        precondition(limit > 0, "at least one job runs at a time")
        self.job = job
        self.count = count
        results = Array(repeating: nil, count: count)
        workers = min(limit, count)
        for number in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.name = "cloudkit-schema job \(number)"
            thread.start()
        }
    }

    /// Waits for job `index` to end and gives its result; nil when it was discarded or
    /// stopped before it started.
    package func result(_ index: Int) -> Result<Value, Failure>? {
        condition.withLock {
            while results[index] == nil {
                let willRun = running[index] != nil || (index >= next && !stopping && !discarded.contains(index))
                guard willRun else { return nil }
                condition.wait()
            }
            return results[index]
        }
    }

    /// Job `index`'s result will not be read: it is cancelled if running, never started if not.
    package func discard(_ index: Int) {
        condition.withLock {
            discarded.insert(index)
            running[index]?.cancel()
        }
    }

    /// Cancels every job still running or waiting and returns once none runs any more.
    package func stop() {
        condition.withLock {
            stopping = true
            for cancellation in running.values { cancellation.cancel() }
            while workers > 0 { condition.wait() }
        }
    }

    /// The most jobs that ran at the same time so far.
    package var peakConcurrency: Int {
        condition.withLock { mostAtOnce }
    }

    private func work() {
        while let taken = take() {
            let result = job(taken.index, taken.cancellation)
            condition.withLock {
                running[taken.index] = nil
                results[taken.index] = result
                condition.broadcast()
            }
        }
        condition.withLock {
            workers -= 1
            condition.broadcast()
        }
    }

    /// The next job to run and its cancellation, nil once there is none or all stop.
    private func take() -> (index: Int, cancellation: Cancellation)? {
        condition.withLock {
            while next < count && discarded.contains(next) { next += 1 }
            guard !stopping, next < count else { return nil }
            let index = next
            next += 1
            let cancellation = Cancellation()
            running[index] = cancellation
            mostAtOnce = max(mostAtOnce, running.count)
            return (index, cancellation)
        }
    }
}
