import Foundation

/// Just enough YAML to check the Action's `action.yml` without a YAML library: block
/// mappings and sequences by indentation, plain and quoted scalars, whole-line comments.
/// Anything outside that subset (a tab, a plain scalar with `: ` or ` #` in it, an
/// unclosed quote) is an error, so a file it reads is also valid YAML to GitHub.
indirect enum ActionManifest: Equatable {
    case scalar(String)
    case map([String: ActionManifest])
    case list([ActionManifest])

    struct Invalid: Error, CustomStringConvertible {
        var line: Int, reason: String
        var description: String { "action.yml line \(line): \(reason)" }
    }

    subscript(key: String) -> ActionManifest? {
        if case .map(let map) = self { return map[key] }
        return nil
    }

    var string: String? { if case .scalar(let text) = self { return text } else { return nil } }
    var items: [ActionManifest] { if case .list(let items) = self { return items } else { return [] } }
    var keys: Set<String> { if case .map(let map) = self { return Set(map.keys) } else { return [] } }

    private struct Line { var number: Int, indent: Int, text: String }

    static func parse(_ text: String) throws -> ActionManifest {
        var lines: [Line] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !raw.contains("\t") else { throw Invalid(line: index + 1, reason: "a tab (YAML indents with spaces)") }
            let body = raw.drop { $0 == " " }
            if body.isEmpty || body.hasPrefix("#") { continue }
            lines.append(Line(number: index + 1, indent: raw.count - body.count, text: String(body)))
        }
        var position = 0
        guard !lines.isEmpty else { return .map([:]) }
        let root = try block(&lines, &position, indent: lines[0].indent)
        if position < lines.count { throw Invalid(line: lines[position].number, reason: "unexpected indentation") }
        return root
    }

    private static func block(_ lines: inout [Line], _ position: inout Int, indent: Int) throws -> ActionManifest {
        if lines[position].text.hasPrefix("- ") {
            var items: [ActionManifest] = []
            while position < lines.count, lines[position].indent == indent, lines[position].text.hasPrefix("- ") {
                let line = lines[position]
                lines[position] = Line(number: line.number, indent: indent + 2, text: String(line.text.dropFirst(2)))
                if entry(lines[position].text) != nil {
                    items.append(try block(&lines, &position, indent: indent + 2))
                } else {
                    items.append(.scalar(try scalar(lines[position].text, line: line.number)))
                    position += 1
                }
            }
            return .list(items)
        }
        var map: [String: ActionManifest] = [:]
        while position < lines.count, lines[position].indent == indent, !lines[position].text.hasPrefix("- ") {
            let line = lines[position]
            guard let (key, value) = entry(line.text) else { throw Invalid(line: line.number, reason: "not a `key: value` line") }
            guard map[key] == nil else { throw Invalid(line: line.number, reason: "duplicate key \(key)") }
            position += 1
            if !value.isEmpty {
                map[key] = .scalar(try scalar(value, line: line.number))
            } else if position < lines.count, lines[position].indent > indent
                        || (lines[position].indent == indent && lines[position].text.hasPrefix("- ")) {
                map[key] = try block(&lines, &position, indent: lines[position].indent)
            } else {
                map[key] = .scalar("")
            }
        }
        return .map(map)
    }

    /// `key: value` or `key:`; nil for a line that is not a mapping entry.
    private static func entry(_ text: String) -> (String, String)? {
        if text.hasSuffix(":"), !text.contains(": ") { return (String(text.dropLast()), "") }
        guard let separator = text.range(of: ": ") else { return nil }
        let key = String(text[..<separator.lowerBound])
        guard !key.isEmpty, !key.contains(" "), !key.hasPrefix("\""), !key.hasPrefix("'") else { return nil }
        return (key, String(text[separator.upperBound...]))
    }

    private static func scalar(_ text: String, line: Int) throws -> String {
        for quote in ["'", "\""] where text.hasPrefix(quote) {
            guard text.count >= 2, text.hasSuffix(quote) else { throw Invalid(line: line, reason: "unclosed \(quote) in \(text)") }
            let inner = String(text.dropFirst().dropLast())
            return quote == "'" ? inner.replacingOccurrences(of: "''", with: "'") : inner
        }
        if text.contains(": ") || text.contains(" #") || text.hasPrefix("*") || text.hasPrefix("&") || text.hasPrefix("@") {
            throw Invalid(line: line, reason: "a plain scalar YAML would not read as one string: \(text)")
        }
        return text
    }
}
