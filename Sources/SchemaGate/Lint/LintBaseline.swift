import Foundation
import ModelSource
import SchemaGateBasics

/// The lint findings a project already had when it adopted the tool (`lint
/// --write-baseline FILE`): `lint --baseline FILE`, `"lintBaseline"` in the configuration
/// and the gate report only findings that are not in it. Only lint rule findings are
/// baselined: a model that could not be read and every schema check (a record type or
/// field Production lacks) are always reported.
///
/// Matching mirrors SwiftLint's baseline: a finding is identified by its rule, its file
/// (relative to the repository root: `anchor(of:)`) and the text of its source line, never its line
/// number, so edits elsewhere in the file keep it matched; we add the record type and
/// field it names. SwiftLint also matches the message; ours name other files relative to
/// the working directory, so they are kept for people reading the file, not matched.
/// When a file has more findings with one identity than the baseline recorded, all of
/// them are reported (which one is new cannot be told).
package struct LintBaseline: Sendable, Equatable {
    package static let formatVersion = 1

    package struct Entry: Codable, Hashable, Sendable {
        package var rule: String
        /// Relative to the anchor (`anchor(of:)`; absolute when outside it).
        package var file: String
        package var recordType: String?
        package var field: String?
        /// The finding's source line, trimmed, runs of white space as one space ("" without one).
        package var text: String
        /// For people reading the file; not matched.
        package var message: String

        var key: Key { Key(rule: rule, file: file, recordType: recordType, field: field, text: text) }
    }

    struct Key: Hashable {
        var rule: String, file: String, recordType: String?, field: String?, text: String
    }

    package var entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries.sorted { ($0.file, $0.rule, $0.text, $0.message) < ($1.file, $1.rule, $1.text, $1.message) }
    }

    /// What the paths in the baseline at `path` are relative to: the git work tree holding
    /// it (else its folder), so they read the same on every machine and from any directory.
    package static func anchor(of path: String) -> String {
        ProjectSurvey.root(workingDirectory: (path as NSString).deletingLastPathComponent)
    }

    /// Whether a finding code can be baselined: lint rules only.
    package static func covers(_ code: String) -> Bool { LintRuleCatalog.info(for: code) != nil }

    /// Entries naming codes no baseline covers (a hand-edited `missing-field`): never applied.
    package var ignoredCodes: [String] {
        Array(Set(entries.map(\.rule).filter { !Self.covers($0) })).sorted()
    }

    /// The baseline of `findings` (those it covers), for a file whose anchor is `directory`.
    package static func recording(_ findings: [Finding], at place: FindingPlace, directory: String) -> LintBaseline {
        var lines = SourceLines()
        let entries = findings.filter { covers($0.code) }.map { finding in
            var entry = place.entry(for: finding, directory: directory, lines: &lines)
            entry.message = finding.message
            return entry
        }
        return LintBaseline(entries: entries)
    }

    /// The findings that are new against the baseline, and how many it held back.
    package func filter(_ findings: [Finding], at place: FindingPlace, directory: String) -> (new: [Finding], known: Int) {
        var lines = SourceLines()
        let keys = findings.map { Self.covers($0.code) ? place.entry(for: $0, directory: directory, lines: &lines).key : nil }
        var current: [Key: Int] = [:]
        for key in keys.compactMap({ $0 }) { current[key, default: 0] += 1 }
        var recorded: [Key: Int] = [:]
        for entry in entries where Self.covers(entry.rule) { recorded[entry.key, default: 0] += 1 }
        let kept = zip(findings, keys).filter { _, key in
            guard let key, let count = recorded[key] else { return true }
            return current[key, default: 0] > count
        }.map(\.0)
        return (kept, findings.count - kept.count)
    }

    /// The file's text: sorted keys, one entry per finding, so it diffs well under review.
    package var json: String {
        JSONReporter.encode(Document(tool: ToolIdentity.name, version: Self.formatVersion, findings: entries)) + "\n"
    }

    struct Document: Codable {
        var tool: String
        var version: Int
        var findings: [Entry]
    }

    /// Reads a baseline file. `origin` says where its path came from (`--baseline`,
    /// `lintBaseline` in the configuration), for the error.
    package static func load(_ path: String, shown: String, origin: String) throws(BaselineError) -> LintBaseline {
        let data: [UInt8]
        switch FileSystem.readRegularFile(path) {
        case .success(let bytes): data = bytes
        case .failure:
            throw BaselineError.missing(path: shown, origin: origin, exists: FileManager.default.fileExists(atPath: path))
        }
        return try parse(data, shown: shown)
    }

    package static func parse(_ bytes: [UInt8], shown: String) throws(BaselineError) -> LintBaseline {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch {
            throw BaselineError.corrupt(path: shown, reason: "it is not a baseline this tool wrote (\(describe(error)))")
        }
        guard document.version == formatVersion else {
            throw BaselineError.corrupt(path: shown, reason: "it is baseline format version \(document.version); this tool reads version \(formatVersion)")
        }
        return LintBaseline(entries: document.findings)
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "no \"\(key.stringValue)\"\(context.codingPath.isEmpty ? "" : " in " + path(context.codingPath))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "a wrong value at \(path(context.codingPath))"
        default:
            return "not valid JSON"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}

/// Where a report's findings are: their paths are relative to `pathsRelativeTo`, and the
/// content lint judged lies under `contentRoot` (the same folder, except for `lint
/// --staged`, which judges the index written out into a scratch folder).
package struct FindingPlace: Sendable {
    package var pathsRelativeTo: String
    package var contentRoot: String

    package init(pathsRelativeTo: String, contentRoot: String? = nil) {
        self.pathsRelativeTo = pathsRelativeTo
        self.contentRoot = contentRoot ?? pathsRelativeTo
    }

    func entry(for finding: Finding, directory: String, lines: inout SourceLines) -> LintBaseline.Entry {
        var file = "", text = ""
        if let shown = finding.file, !shown.isEmpty {
            let absolute = UserPath.absolute(shown, in: pathsRelativeTo)
            file = UserPath.relative(absolute, to: directory) ?? CanonicalPath(absolute).path
            if let line = finding.line {
                text = lines.text(of: UserPath.absolute(shown, in: contentRoot), line: line)
            }
        }
        return LintBaseline.Entry(rule: finding.code, file: file, recordType: finding.recordType, field: finding.field, text: text, message: "")
    }
}

/// Source lines, each file read once.
struct SourceLines {
    private var files: [String: [Substring]] = [:]

    mutating func text(of path: String, line: Int) -> String {
        if files[path] == nil {
            let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            files[path] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let all = files[path], line >= 1, line <= all.count else { return "" }
        return all[line - 1].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}

/// A baseline that cannot be used: exit 2, never a silent pass.
package enum BaselineError: Error, ActionableError, Equatable {
    case missing(path: String, origin: String, exists: Bool)
    case corrupt(path: String, reason: String)
    case notWritten(path: String, reason: String)

    package var category: ErrorCategory { .input }

    package var message: String {
        switch self {
        case .missing(let path, let origin, let exists):
            return "the lint baseline \(path) (\(origin)) \(exists ? "is not a readable regular file" : "does not exist"): "
                + "record one with 'cloudkit-schema lint --write-baseline \(path)' and commit it, or correct the path"
        case .corrupt(let path, let reason):
            return "the lint baseline \(path) cannot be used: \(reason); write it again with 'cloudkit-schema lint --write-baseline \(path)'"
        case .notWritten(let path, let reason):
            return "the lint baseline was not written to \(path): \(reason); choose a writable path"
        }
    }
}
