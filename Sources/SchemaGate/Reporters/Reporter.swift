import CloudKitSchema
import Foundation

/// Renders a report for one audience. Every output format is one of these.
package protocol Reporter: Sendable {
    func render(_ report: Report) -> String
}

package enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, xcode, github, markdown, sarif

    /// - Parameters:
    ///   - color: ANSI colour for `text` (only on a terminal, never with NO_COLOR).
    ///   - baseDirectory: paths in `github` annotations are made relative to it.
    ///   - workingDirectory: what relative paths in findings are relative to (`xcode`
    ///     makes them absolute; `sarif` URIs are relative to the git work tree holding it).
    package func reporter(color: Bool = false, baseDirectory: String? = nil, workingDirectory: String? = nil) -> any Reporter {
        switch self {
        case .text: return TextReporter(color: color)
        case .json: return JSONReporter()
        case .xcode: return XcodeReporter(directory: workingDirectory)
        case .github: return GitHubReporter(baseDirectory: baseDirectory)
        case .markdown: return MarkdownReporter()
        case .sarif: return SARIFReporter(workingDirectory: workingDirectory)
        }
    }

    /// Formats whose stdout is one document for machines: setup errors and skips are said
    /// on stderr, and an error still prints a document.
    package var isDocument: Bool { self == .json || self == .sarif }

    /// Formats whose report ends with the status line on stdout (text, xcode, github).
    /// The others (a JSON or SARIF document, Markdown's heading) leave it to stderr, so a
    /// plugin host that collapses exit codes still shows the verdict in words. Decided by
    /// the format, never by comparing rendered text (colour or escaping would differ).
    package var endsWithStatusLine: Bool {
        switch self {
        case .text, .xcode, .github: return true
        case .json, .markdown, .sarif: return false
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

/// Findings grouped by record type, the groups in byte-wise name order (the order an
/// export lists record types) and those without a record type last; within a group the
/// findings keep their order.
func groupedByRecordType(_ findings: [Finding]) -> [(String?, [Finding])] {
    // Record types told apart by their bytes, as CloudKit does (ExactName).
    var groups: [ExactName?: [Finding]] = [:]
    for finding in findings { groups[finding.recordType.map { ExactName($0) }, default: []].append(finding) }
    let named = groups.keys.compactMap { $0 }.sorted { asciiLess($0.text, $1.text) }
    return named.map { ($0.text, groups[$0]!) } + (groups[nil].map { [(nil, $0)] } ?? [])
}
