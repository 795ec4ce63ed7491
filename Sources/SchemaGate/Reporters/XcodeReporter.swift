/// `file:line:column: error: message [code]`, the form Xcode turns into issues
/// (in a Run Script phase or a plugin). Info becomes `note:`.
public struct XcodeReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        var lines = report.findings.map { finding -> String in
            let kind = finding.severity == .info ? "note" : finding.severity.rawValue
            var text = "\(kind): \(finding.message) [\(finding.code)]"
            if let fix = finding.fix { text += " Fix: \(fix)" }
            return finding.place.map { "\($0): \(text)" } ?? text
        }
        lines.append(report.summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }
}
