import Foundation

/// Work started on another thread and waited for later, so that a git process can run
/// while this one reads and parses files: the machine has more than one core.
final class BackgroundTask<Value: Sendable, Failure: Error>: @unchecked Sendable {
    // Written once by the worker before `done` is signalled; read only after waiting.
    private var result: Result<Value, Failure>?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `body` on a thread of its own: Dispatch's global pool runs as many blocking
    /// tasks at once as there are cores, so a task waiting for git would delay the next.
    init(_ body: @escaping @Sendable () throws(Failure) -> Value) {
        let thread = Thread {
            self.result = Result { () throws(Failure) -> Value in try body() }
            self.done.signal()
        }
        thread.start()
    }

    /// Waits for the work to finish (at once if it has) and returns its outcome; may be
    /// called more than once.
    func value() throws(Failure) -> Value {
        done.wait()
        done.signal()
        return try result!.get()
    }
}
