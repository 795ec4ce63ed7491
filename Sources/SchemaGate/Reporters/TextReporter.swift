/// Human output: findings grouped by record type, each with its fix, then one summary line.
public struct TextReporter: Reporter {
    public var color: Bool

    public init(color: Bool) { self.color = color }

    public func render(_ report: Report) -> String {
        var lines = report.notes
        if !report.findings.isEmpty && !lines.isEmpty { lines.append("") }
        for (recordType, findings) in groupedByRecordType(report.findings) {
            lines.append(paint(recordType ?? "General", .bold))
            for finding in findings { lines += render(finding) }
            lines.append("")
        }
        if report.findings.isEmpty && report.status == .pass { lines.append("No findings.") }
        // A fix shared by many findings (deploy the schema) is said once, not per line.
        var fixes: [String] = []
        for fix in report.findings.compactMap(\.fix) where !fixes.contains(fix) { fixes.append(fix) }
        if !fixes.isEmpty {
            lines.append("To fix:")
            lines += fixes.map { "  - \($0)" }
            lines.append("")
        }
        lines.append(paint(report.summaryLine, report.status == .pass || report.status == .skipped ? .green : .red))
        return lines.joined(separator: "\n") + "\n"
    }

    private func render(_ finding: Finding) -> [String] {
        let label = paint(finding.severity.rawValue, style(for: finding.severity))
        var lines = ["  \(label): \(finding.message) [\(finding.code)]"]
        if let place = finding.place { lines.append("    at \(place)") }
        return lines
    }

    private enum Style: String {
        case bold = "1", red = "31", yellow = "33", green = "32", cyan = "36"
    }

    private func style(for severity: Severity) -> Style {
        switch severity {
        case .error: return .red
        case .warning: return .yellow
        case .info: return .cyan
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
