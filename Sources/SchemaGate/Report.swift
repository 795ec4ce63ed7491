/// The outcome of one command, as every reporter renders it.
public enum ReportStatus: String, Codable, Sendable {
    case pass, fail, skipped, error

    /// Exit codes: 0 pass or deliberate skip, 1 findings, 2 setup/usage/input problem.
    public var exitCode: Int32 {
        switch self {
        case .pass, .skipped: return 0
        case .fail: return 1
        case .error: return 2
        }
    }

    /// The words that survive when a plugin host collapses exit codes to 1.
    public var words: String {
        switch self {
        case .pass: return "PASSED (exit 0)"
        case .skipped: return "SKIPPED (exit 0)"
        case .fail: return "FAILED (exit 1)"
        case .error: return "ERROR (exit 2)"
        }
    }
}

public struct Report: Codable, Equatable, Sendable {
    public var command: String
    public var status: ReportStatus
    public var findings: [Finding]
    /// Context lines for humans: what was compared, why something was skipped.
    public var notes: [String]
    /// What the verdict stands on when it is less than usual (`against the committed
    /// Production snapshot …; Development not compared`): said in the status line too.
    public var basis: String?

    public init(command: String, status: ReportStatus, findings: [Finding] = [], notes: [String] = []) {
        self.command = command
        self.status = status
        self.findings = findings
        self.notes = notes
    }

    /// A report whose status follows from its findings: any error fails it.
    public init(command: String, findings: [Finding], notes: [String] = []) {
        let failed = findings.contains { $0.severity == .error }
        self.init(command: command, status: failed ? .fail : .pass, findings: findings, notes: notes)
    }

    public func count(_ severity: Severity) -> Int {
        findings.filter { $0.severity == severity }.count
    }

    /// `cloudkit-schema check: FAILED (exit 1): 3 errors, 1 warning, 0 info`, with the basis
    /// after the status when there is one.
    public var summaryLine: String {
        "cloudkit-schema \(command): \(status.words)\(basis.map { " \($0)" } ?? ""): \(plural(count(.error), "error")), "
            + "\(plural(count(.warning), "warning")), \(count(.info)) info"
    }
}

public func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
