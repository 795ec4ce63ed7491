import Foundation

/// Which tags are releases: the one reading the gate, `changed`, `config --release-tags`
/// (what the pre-push hook asks), `init` and `doctor` share (Docs/release-tags.md).
///
/// A pattern is matched as `git describe --match` matches it: a glob over the tag's name
/// without `refs/tags/`, byte by byte, where `*` matches any run of bytes (`/` included)
/// and `?` any one byte (git's `wildmatch` without `WM_PATHNAME`). Only the part of glob
/// syntax that every reader applies the same way is accepted: literal tag-name characters,
/// `*` and `?`. A pattern outside it is refused when the configuration is read, with the
/// fix, so no reader can quietly match nothing.
package struct ReleaseTagPattern: Sendable, Equatable, CustomStringConvertible {
    package let text: String

    package init(_ text: String) throws(ReleaseTagPatternError) {
        if let problem = Self.problem(text) { throw ReleaseTagPatternError(pattern: text, problem: problem) }
        self.text = text
    }

    package var description: String { text }

    /// Whether `tag` (a name without `refs/tags/`) is a release tag under this pattern.
    package func matches(_ tag: String) -> Bool {
        Self.glob(Array(text.utf8)[...], Array(tag.utf8)[...])
    }

    /// Nil when every reader applies the pattern exactly; otherwise what is wrong and the fix.
    static func problem(_ text: String) -> String? {
        if text.isEmpty { return "is empty; give a glob such as v* (or remove the key: every tag is then a release)" }
        if text.hasPrefix("refs/") {
            let name = text.hasPrefix("refs/tags/") ? String(text.dropFirst("refs/tags/".count)) : "v*"
            return "starts with refs/, but patterns match tag names without refs/tags/: use '\(name)'"
        }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return "contains white space or a control character, which no tag name has: use '\(trimmed.isEmpty ? "v*" : trimmed)'"
        }
        if text.hasPrefix("-") { return "starts with '-', which git would read as an option: start it with the tag's first character" }
        if let bracket = text.first(where: { $0 == "[" || $0 == "]" || $0 == "\\" }) {
            return "uses '\(bracket)': only * and ? are supported (git and the hooks would read brackets and escapes differently); list the choices with * instead"
        }
        if let invalid = text.first(where: { "~^:".contains($0) }) {
            return "contains '\(invalid)', which git never allows in a tag name, so it could never match"
        }
        return nil
    }

    /// `*` any run of bytes, `?` one byte, anything else itself (wildmatch, flags 0).
    private static func glob(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, n = name.startIndex
        var star: (p: Int, n: Int)?
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
                star = (p, n)
                p += 1
            } else if p < pattern.endIndex, pattern[p] == UInt8(ascii: "?") || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if let last = star {
                // Let the last `*` take one more byte and try again from there.
                p = last.p + 1
                n = last.n + 1
                star = (last.p, last.n + 1)
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }
}

/// A tag pattern no reader could apply exactly.
package struct ReleaseTagPatternError: Error, Equatable, Sendable {
    package var pattern: String
    package var problem: String

    /// `' v*' contains white space ...`, after the key or flag that gave it.
    package var message: String { "'\(pattern)' \(problem)" }
}
