/// Everything that stops a command before it can report findings. All exit 2.
public enum CLIError: Error, Equatable, Sendable {
    /// Bad command line; the message says what to type instead.
    case usage(String)
    /// Input that cannot be read or understood (schema file, model directory...).
    case input(String)
    /// Environment or tool setup (no git, no cktool, no token...).
    case setup(String)

    public var message: String {
        switch self {
        case .usage(let text), .input(let text), .setup(let text): return text
        }
    }
}
