/// The outcome of one command, as every reporter renders it.
package enum ReportStatus: String, Codable, Sendable {
    case pass, fail, skipped, error

    /// Exit codes: 0 pass or deliberate skip, 1 findings, 2 setup/usage/input problem.
    package var exitCode: Int32 {
        switch self {
        case .pass, .skipped: return 0
        case .fail: return 1
        case .error: return 2
        }
    }

    /// The words that survive when a plugin host collapses exit codes to 1.
    package var words: String {
        switch self {
        case .pass: return "PASSED (exit 0)"
        case .skipped: return "SKIPPED (exit 0)"
        case .fail: return "FAILED (exit 1)"
        case .error: return "ERROR (exit 2)"
        }
    }
}

package struct Report: Codable, Equatable, Sendable {
    package var command: String
    package var status: ReportStatus
    package var findings: [Finding]
    /// Context lines for humans: what was compared, why something was skipped.
    package var notes: [String]
    /// What the verdict stands on when it is less than usual (`against the committed
    /// Production snapshot …; Development not compared`): said in the status line too.
    package var basis: String?

    package init(command: String, status: ReportStatus, findings: [Finding] = [], notes: [String] = []) {
        self.command = command
        self.status = status
        self.findings = findings
        self.notes = notes
    }

    /// A report whose status follows from its findings: any error fails it.
    package init(command: String, findings: [Finding], notes: [String] = []) {
        let failed = findings.contains { $0.severity == .error }
        self.init(command: command, status: failed ? .fail : .pass, findings: findings, notes: notes)
    }

    package func count(_ severity: Severity) -> Int {
        findings.filter { $0.severity == severity }.count
    }

    /// `cloudkit-schema check: FAILED (exit 1): 3 errors, 1 warning, 0 info`, with the basis
    /// after the status when there is one.
    package var summaryLine: String {
        "cloudkit-schema \(command): \(status.words)\(basis.map { " \($0)" } ?? ""): \(plural(count(.error), "error")), "
            + "\(plural(count(.warning), "warning")), \(count(.info)) info"
    }
}

package func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
