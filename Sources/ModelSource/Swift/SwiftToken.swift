/// One token of Swift source, as much as the declaration parser needs: comments and
/// whitespace are gone, every string literal (raw, multi-line, interpolated) is one token.
/// Public for the other scans of Swift source (`SwiftSourceTokens`).
package struct SwiftToken: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Names and keywords (`var`, `Item`, `` `default` ``).
        case identifier
        /// `@Name` or `@Module.Name`; `text` is the name without `@`.
        case attribute
        /// `#if`, `#Unique`...; `text` is the name without `#`.
        case pound
        /// Any string literal; `text` is its raw contents between the delimiters.
        case string
        case number
        /// One of `{ } ( ) [ ] , : ; . \ < > = ? ! @ #`.
        case punctuation
        /// Any other run of operator characters (`==`, `->` is `-` then `>`).
        case `operator`
    }

    package var kind: Kind
    package var text: String {
        didSet { byte = Self.singleByte(text) }
    }
    /// 1-based line where the token starts.
    package var line: Int
    /// Whether a line break (or a comment holding one) separates it from the previous token:
    /// Swift ends statements at line breaks, so declarations end here.
    package var newlineBefore: Bool
    /// A backticked identifier, never a keyword.
    package var escaped: Bool = false
    /// `text`'s one byte when it is a single ASCII byte (every punctuation token), else 0:
    /// the parser asks "is it `{`?" of nearly every token, and a byte compare answers
    /// where a string compare costs a call.
    private(set) var byte: UInt8

    package init(kind: Kind, text: String, line: Int, newlineBefore: Bool, escaped: Bool = false) {
        self.kind = kind
        self.text = text
        self.line = line
        self.newlineBefore = newlineBefore
        self.escaped = escaped
        byte = Self.singleByte(text)
    }

    /// The lexer knows the byte already and passes it.
    init(kind: Kind, text: String, byte: UInt8, line: Int, newlineBefore: Bool, escaped: Bool = false) {
        self.kind = kind
        self.text = text
        self.line = line
        self.newlineBefore = newlineBefore
        self.escaped = escaped
        self.byte = byte
    }

    @inline(__always)
    static func singleByte(_ text: String) -> UInt8 {
        let utf8 = text.utf8
        guard utf8.count == 1, let first = utf8.first, first < 0x80 else { return 0 }
        return first
    }

    @inline(__always)
    package func isPunctuation(_ text: String) -> Bool {
        kind == .punctuation && byte != 0 && byte == Self.singleByte(text)
    }

    /// Punctuation `byte` (`isPunctuation("{")` without the string).
    @inline(__always)
    package func isPunctuation(byte expected: UInt8) -> Bool {
        kind == .punctuation && byte == expected
    }

    /// An unescaped identifier with this spelling (keywords are identifiers here).
    package func isKeyword(_ text: String) -> Bool {
        kind == .identifier && !escaped && self.text.utf8.count == text.utf8.count && self.text == text
    }
}
