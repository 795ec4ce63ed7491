/// Text from a repository or an export (file names, record type and field names, a
/// child's output) made safe to print on a line: every control character becomes a
/// visible `\u{…}` escape, so a name cannot end a line, move the cursor, change colours or
/// hide what follows ("conceal"), and the line a reader sees is the line the tool wrote.
///
/// The one escaping of the line formats (text, xcode, github, markdown) and of every line
/// the console prints; JSON and SARIF encode these characters themselves. Escaped: C0
/// controls (newline and tab included), DEL, C1 controls, and the characters that reorder
/// or break a line on display (bidirectional controls, line and paragraph separators).
/// A backslash is left as it is: a name holding the text `\u{A}` looks like an escaped
/// newline, which can mislead a reader but not end a line.
package enum TerminalText {
    package static func escaped(_ text: String) -> String {
        // Most text has nothing to escape: no copy then.
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Lines of a listing, each escaped, joined and ended by newlines.
    package static func lines(_ lines: [String]) -> String {
        lines.map(escaped).joined(separator: "\n") + "\n"
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
