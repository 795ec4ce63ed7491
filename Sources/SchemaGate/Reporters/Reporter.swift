import Foundation

/// Renders a report for one audience. Every output format is one of these.
public protocol Reporter: Sendable {
    func render(_ report: Report) -> String
}

public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, xcode, github, markdown

    /// - Parameters:
    ///   - color: ANSI colour for `text` (only on a terminal, never with NO_COLOR).
    ///   - baseDirectory: paths in `github` annotations are made relative to it.
    public func reporter(color: Bool = false, baseDirectory: String? = nil) -> any Reporter {
        switch self {
        case .text: return TextReporter(color: color)
        case .json: return JSONReporter()
        case .xcode: return XcodeReporter()
        case .github: return GitHubReporter(baseDirectory: baseDirectory)
        case .markdown: return MarkdownReporter()
        }
    }
}

extension Finding {
    /// `file:line` or `file:line:column` when the finding has a place.
    var place: String? {
        guard let file else { return nil }
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }
}

/// Findings grouped by record type (those without one last), keeping their order.
func groupedByRecordType(_ findings: [Finding]) -> [(String?, [Finding])] {
    var order: [String?] = []
    var groups: [String?: [Finding]] = [:]
    for finding in findings {
        if groups[finding.recordType] == nil { order.append(finding.recordType) }
        groups[finding.recordType, default: []].append(finding)
    }
    let named = order.filter { $0 != nil }, unnamed = order.filter { $0 == nil }
    return (named + unnamed).map { ($0, groups[$0]!) }
}
