/// A Markdown summary for pull requests and `GITHUB_STEP_SUMMARY`.
package struct MarkdownReporter: Reporter {
    package init() {}

    package func render(_ report: Report) -> String {
        var lines = ["### \(report.status == .pass || report.status == .skipped ? "✅" : "❌") \(report.summaryLine)", ""]
        for note in report.notes { lines.append("> \(escape(note))") }
        if !report.notes.isEmpty { lines.append("") }
        guard !report.findings.isEmpty else { return lines.joined(separator: "\n") + "\n" }
        lines.append("| Severity | Code | Record type | Field | Message | Where |")
        lines.append("| --- | --- | --- | --- | --- | --- |")
        for finding in report.findings {
            let cells = [
                finding.severity.rawValue, "`\(finding.code)`", finding.recordType ?? "", finding.field ?? "",
                finding.message + (finding.fix.map { ". Fix: \($0)" } ?? ""), finding.place ?? "",
            ]
            lines.append("| " + cells.map(escape).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
