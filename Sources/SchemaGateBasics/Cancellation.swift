import Foundation

/// Says that the result of some work is no longer wanted. One thread sets it, the work
/// looks at it where stopping is cheap and safe: the process runner stops a child's group
/// the way a timeout does and starts none after it is set (`ProcessRequest.cancellation`).
package final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    package init() {}

    package func cancel() {
        lock.withLock { cancelled = true }
    }

    package var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    /// How often a wait looks at the flag (a child's wait has no descriptor to wake it by):
    /// well under the time stopping a child takes, far less often than work costs.
    package static let checkInterval: DispatchTimeInterval = .milliseconds(50)
}
