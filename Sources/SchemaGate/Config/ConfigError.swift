/// Why the configuration cannot be used. Every message names the file, the line and the
/// key path (`containers[1].id`) involved, and the fix.
package enum ConfigError: Error, Equatable, Sendable, ActionableError {
    /// `--config PATH` names a file that does not exist.
    case notFound(String)
    case unreadable(file: String, reason: String)
    case syntax(file: String, line: Int, column: Int, message: String)
    /// A key that is unknown, of the wrong type or with an unusable value.
    case invalid(file: String, line: Int, keyPath: String, message: String)
    /// An environment variable with an unusable value.
    case invalidEnvironment(variable: String, message: String)
    /// A command-line flag with an unusable value.
    case invalidFlag(String, message: String)
    /// A value a command needs that no flag, environment variable or file provides.
    case missing(String)

    package var category: ErrorCategory { .setup }

    package var message: String {
        switch self {
        case .notFound(let path):
            return "configuration file \(path) does not exist: check the --config path, or run 'cloudkit-schema init' to write one"
        case .unreadable(let file, let reason):
            return "\(file): cannot read the configuration (\(reason)): check the file's permissions"
        case .syntax(let file, let line, let column, let message):
            return "\(file):\(line):\(column): invalid JSON: \(message); fix the syntax (comments and trailing commas are allowed)"
        case .invalid(let file, let line, let keyPath, let message):
            return "\(file):\(line): \(keyPath): \(message)"
        case .invalidEnvironment(let variable, let message):
            return "environment variable \(variable): \(message)"
        case .invalidFlag(let flag, let message):
            return "\(flag): \(message)"
        case .missing(let text):
            return text
        }
    }
}
