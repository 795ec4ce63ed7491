import Foundation

/// Large values a command-line run keeps until the process exits instead of freeing them:
/// freeing a dense model piece by piece (every file's declarations, every entity's arrays
/// and strings) costs about 3% of a dense run, and the system takes the whole memory back
/// at exit at once. Compilers skip freeing at exit for the same reason.
///
/// Off until the executable turns it on, so tests and any other caller free as usual.
/// A kept value is never read again; keeping changes no output and no exit status.
package final class KeptUntilExit: @unchecked Sendable {
    /// The process's keeper; only `main` enables it.
    package static let process = KeptUntilExit()

    private let lock = NSLock()
    private var isEnabled = false
    private var values: [Any] = []

    package init() {}

    /// From now on `keep` holds what it is given until the process exits.
    package func enable() {
        lock.withLock { isEnabled = true }
    }

    /// Holds `value` (when enabled) so that dropping the caller's reference frees nothing.
    package func keep(_ value: Any) {
        lock.withLock {
            if isEnabled { values.append(value) }
        }
    }

    /// How many values are held (for tests).
    package var count: Int { lock.withLock { values.count } }
}
