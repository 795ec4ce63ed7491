import SchemaGate

/// Everything that stops a command before it can report findings: the one error type a
/// command throws (`throws(CLIError)`). All exit 2; `ActionableError` says how it prints.
package enum CLIError: Error, Equatable, Sendable, ActionableError {
    /// Bad command line; the message says what to type instead.
    case usage(String)
    /// Input that cannot be read or understood (schema file, model directory...).
    case input(String)
    /// Environment or tool setup (no git, no cktool, no token...).
    case setup(String)

    package var message: String {
        switch self {
        case .usage(let text), .input(let text), .setup(let text): return text
        }
    }

    package var category: ErrorCategory {
        switch self {
        case .usage: return .usage
        case .input: return .input
        case .setup: return .setup
        }
    }
}

extension CLIError {
    /// Any error that stops a command, in its family (`StopError` decides it).
    init(_ error: any Error) {
        if let error = error as? CLIError {
            self = error
            return
        }
        let stop = StopError(error)
        switch stop.category {
        case .usage: self = .usage(stop.message)
        case .input: self = .input(stop.message)
        case .setup: self = .setup(stop.message)
        }
    }
}
