/// Human output: findings grouped by record type (in name order, those without one
/// last), each fix under the findings it fixes, then one summary line.
package struct TextReporter: Reporter {
    package var color: Bool

    package init(color: Bool) { self.color = color }

    package func render(_ report: Report) -> String {
        var lines = report.notes
        if !report.findings.isEmpty && !lines.isEmpty { lines.append("") }
        for (recordType, findings) in groupedByRecordType(report.findings) {
            lines.append(paint(recordType ?? "General", .bold))
            for run in runsSharingAFix(findings) { lines += render(run) }
            lines.append("")
        }
        if report.findings.isEmpty && report.status == .pass { lines.append("No findings.") }
        lines.append(paint(report.summaryLine, report.status == .pass || report.status == .skipped ? .green : .red))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Findings next to each other with the same fix: the fix is printed once, under them,
    /// so every fix stands under the findings it belongs to.
    func runsSharingAFix(_ findings: [Finding]) -> [[Finding]] {
        var runs: [[Finding]] = []
        for finding in findings {
            if let last = runs.last?.last, last.fix != nil, last.fix == finding.fix {
                runs[runs.count - 1].append(finding)
            } else {
                runs.append([finding])
            }
        }
        return runs
    }

    private func render(_ run: [Finding]) -> [String] {
        var lines: [String] = []
        for finding in run {
            let label = paint(finding.severity.rawValue, style(for: finding.severity))
            lines.append("  \(label): \(finding.message) [\(finding.code)]")
            if let place = finding.place { lines.append("    at \(place)") }
        }
        if let fix = run.first?.fix {
            // A fix speaks of one finding ("Development lacks it too"): for several, of each.
            lines.append(run.count == 1 ? "    fix: \(fix)" : "  fix for each of the \(run.count) findings above: \(fix)")
        }
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
