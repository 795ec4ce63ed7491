import ModelSource
import SchemaGateBasics

/// `/abs/path/file:line:column: error: message [code]`, the form Xcode turns into issues
/// (in a Run Script phase or a plugin). Info becomes `note:`. Xcode opens a file only by
/// its absolute path (Docs/output-and-exit-status.md), so relative paths are made absolute
/// against the directory they are relative to. A skip is a `warning:` line, so it shows.
package struct XcodeReporter: Reporter {
    /// What relative paths in findings are relative to (the working directory).
    package var directory: String?

    package init(directory: String? = nil) { self.directory = directory }

    package func render(_ report: Report) -> String {
        var lines = report.findings.map { finding -> String in
            let kind = finding.severity == .info ? "note" : finding.severity.rawValue
            var text = "\(kind): \(finding.message) [\(finding.code)]"
            if let fix = finding.fix { text += " Fix: \(fix)" }
            return absolutePlace(finding).map { "\($0): \(text)" } ?? text
        }
        if report.status == .skipped { lines += report.notes.map { "warning: \($0)" } }
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    private func absolutePlace(_ finding: Finding) -> String? {
        var absolute = finding
        if let file = finding.file, let directory, !file.hasPrefix("/") {
            absolute.file = UserPath.absolute(file, in: directory)
        }
        return absolute.place
    }
}
