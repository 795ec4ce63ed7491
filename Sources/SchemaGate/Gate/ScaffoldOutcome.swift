import Foundation

/// Watches the create command's output for the failure line the scaffold prints
/// (`InitializerScaffold.failureLine`). Some launch routes lose the app's exit status (a
/// simulator launch, `open`), so a run that printed it fails `create` even when the
/// command exited 0.
final class ScaffoldOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var firstFailure: String?

    /// Called from the output reader for every line.
    func observe(_ line: String) {
        guard line.contains(InitializerScaffold.failureLine) else { return }
        lock.lock()
        defer { lock.unlock() }
        if firstFailure == nil { firstFailure = line.trimmingCharacters(in: .whitespaces) }
    }

    /// The first failure line seen, if any.
    var failure: String? {
        lock.lock()
        defer { lock.unlock() }
        return firstFailure
    }
}
