/// What stops `lint` before it can report findings (exit 2): a path that does not exist,
/// an unknown revision, no git. The message names the input and the fix.
package enum LintError: Error, Equatable, Sendable, ActionableError {
    case input(String)
    case setup(String)

    package var category: ErrorCategory {
        switch self {
        case .input: return .input
        case .setup: return .setup
        }
    }

    package var message: String {
        switch self {
        case .input(let text), .setup(let text): return text
        }
    }
}
