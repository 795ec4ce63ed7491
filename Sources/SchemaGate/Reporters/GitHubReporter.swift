import ModelSource
import SchemaGateBasics

/// GitHub Actions workflow commands (`::error file=...,line=...,title=...::message`),
/// with paths relative to the repository so annotations land on the diff.
package struct GitHubReporter: Reporter {
    package var baseDirectory: String?

    package init(baseDirectory: String?) { self.baseDirectory = baseDirectory }

    package func render(_ report: Report) -> String {
        var lines = report.findings.map(render)
        // A deliberate skip is loud on the job page too: one warning annotation.
        if report.status == .skipped {
            lines += report.notes.map { "::warning title=\(escapeProperty("cloudkit-schema \(report.command) skipped"))::\(escapeData($0))" }
        }
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    private func render(_ finding: Finding) -> String {
        let kind = finding.severity == .info ? "notice" : finding.severity.rawValue
        var properties: [String] = []
        if let file = finding.file { properties.append("file=\(escapeProperty(relative(file)))") }
        if let line = finding.line { properties.append("line=\(line)") }
        if let column = finding.column { properties.append("col=\(column)") }
        properties.append("title=\(escapeProperty(finding.code))")
        var message = finding.message
        if let fix = finding.fix { message += "\nFix: \(fix)" }
        return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    private func relative(_ path: String) -> String {
        guard let base = baseDirectory, !base.isEmpty, path.hasPrefix("/") else { return path }
        return UserPath.display(path, from: base)
    }

    private func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
