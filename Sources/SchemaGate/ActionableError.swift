/// Which of the exit-2 families an error belongs to; the CLI maps it to its own errors.
package enum ErrorCategory: String, CaseIterable, Sendable {
    /// The command line is wrong.
    case usage
    /// A file or value given to the tool cannot be read or understood.
    case input
    /// The environment is not ready: missing tool, token, repository, configuration...
    case setup
}

/// An error a user can act on: `message` says what is wrong and, in one sentence,
/// how to fix it. Every engine error stopping a command conforms.
package protocol ActionableError: Error {
    var category: ErrorCategory { get }
    var message: String { get }
}

extension ActionableError {
    /// The finding code of a report this error stopped: `usage-error`, `input-error` or
    /// `setup-error`.
    package var code: String { "\(category.rawValue)-error" }

    /// Every error that stops a command ends it in exit 2.
    package var exitStatus: Int32 { ReportStatus.error.exitCode }

    /// The report of a command this error stopped: status `error` and one finding that
    /// carries the error's code and message. The one way an error becomes a report.
    package func report(command: String) -> Report {
        Report(command: command, status: .error, findings: [Finding(severity: .error, code: code, message: message)])
    }
}

/// Any `ActionableError`, as one concrete type that a typed `throws(StopError)` can name
/// where errors of several kinds stop the same work (the gate's steps).
package struct StopError: ActionableError, Equatable, Sendable {
    package var category: ErrorCategory
    package var message: String

    package init(_ category: ErrorCategory, _ message: String) {
        self.category = category
        self.message = message
    }

    /// An actionable error keeps its category and message. Any other error is a bug that
    /// must still stop the command with exit 2, not crash it: a setup problem named by its
    /// description.
    package init(_ error: any Error) {
        if let error = error as? any ActionableError {
            self.init(error.category, error.message)
        } else {
            self.init(.setup, "\(error)")
        }
    }
}
