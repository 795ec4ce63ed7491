/// How the tool process ended, and the words a user reads when it did not pass.
/// SwiftPM turns every non-zero plugin exit into status 1, so the words are what survives.
public enum ToolTermination: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)

    public var succeeded: Bool { self == .exited(0) }

    /// "exit status 1: findings (drift or model-rule violations) block the release".
    public var explanation: String {
        switch self {
        case .exited(0): return "exit status 0: passed"
        case .exited(1): return "exit status 1: findings (schema drift or model-rule violations) block the release"
        case .exited(2): return "exit status 2: a setup, usage or input problem stopped the check (the message above says what to fix)"
        case .exited(let status) where [129, 130, 131, 143].contains(status):
            // 128 + SIGHUP, SIGINT, SIGQUIT or SIGTERM: how the tool ends when interrupted
            // (SIGQUIT by exit, the others by the signal itself).
            return "exit status \(status): interrupted by \(Self.signalName(status - 128) ?? "a signal"); the check did not finish"
        case .exited(let status): return "exit status \(status): unexpected; treat it as a failure and report it"
        case .signalled(let signal): return "killed by signal \(signal)\(Self.signalName(signal).map { " (\($0))" } ?? ""); the check did not finish"
        }
    }

    static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case 1: return "SIGHUP"
        case 2: return "SIGINT"
        case 3: return "SIGQUIT"
        case 6: return "SIGABRT"
        case 9: return "SIGKILL"
        case 11: return "SIGSEGV"
        case 15: return "SIGTERM"
        default: return nil
        }
    }
}

/// Thrown by a plugin when the tool did not pass; SwiftPM prints the description.
public struct ToolFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var invocation: ToolInvocation
    public var termination: ToolTermination

    public init(invocation: ToolInvocation, termination: ToolTermination) {
        self.invocation = invocation
        self.termination = termination
    }

    public var description: String {
        // doctor's 1 is a setup to fix, not findings that block a release.
        let explanation = invocation.verb == .doctor && termination == .exited(1)
            ? "exit status 1: the checklist has lines to fix, each with its fix" : termination.explanation
        return "\(PluginVerb.toolName) \(invocation.verb.toolCommand) failed with \(explanation)."
    }
}
