/// Which of the exit-2 families an error belongs to; the CLI maps it to its own errors.
public enum ErrorCategory: String, CaseIterable, Sendable {
    /// The command line is wrong.
    case usage
    /// A file or value given to the tool cannot be read or understood.
    case input
    /// The environment is not ready: missing tool, token, repository, configuration...
    case setup
}

/// An error a user can act on: `message` says what is wrong and, in one sentence,
/// how to fix it. Every engine error stopping a command conforms.
public protocol ActionableError: Error {
    var category: ErrorCategory { get }
    var message: String { get }
}
