/// One token of Swift source, as much as the declaration parser needs: comments and
/// whitespace are gone, every string literal (raw, multi-line, interpolated) is one token.
/// With its text, for tests and tools that want strings (`SwiftLexer.tokenize`).
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

    /// The token the lexer found, with its text taken from the file.
    init(_ token: LexedToken, in source: [UInt8]) {
        self.init(
            kind: token.kind, text: token.text(in: source), line: token.line, newlineBefore: token.newlineBefore,
            escaped: token.escaped)
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

    /// An unescaped identifier with this spelling (keywords are identifiers here).
    package func isKeyword(_ text: String) -> Bool {
        kind == .identifier && !escaped && self.text.utf8.count == text.utf8.count && self.text == text
    }
}

/// A token as the model reader's parser sees it: where its text lies in the file, not the
/// text. Sixteen bytes of plain values (offsets and line as `UInt32`: the lexer reads at
/// most `SwiftLexer.byteLimit` bytes), so tokens are copied as bytes, two loads each (no
/// reference counting), and a String is made only for the few tokens whose text goes
/// into a declaration.
struct LexedToken: Sendable {
    var kind: SwiftToken.Kind
    /// The one byte of a punctuation token (every one is a single ASCII byte), else 0.
    var byte: UInt8
    /// The word it spells when the reader knows it (identifiers, `@` and `#` names):
    /// keyword tests compare a code, not strings.
    var word: SwiftWord?
    private var flags: UInt8
    private var startOffset: UInt32
    private var endOffset: UInt32
    private var lineNumber: UInt32

    private static let newlineBeforeFlag: UInt8 = 1, escapedFlag: UInt8 = 2

    /// `start`, `end` and `line` are at most `SwiftLexer.byteLimit` (the lexer's bound).
    @inline(__always)
    init(kind: SwiftToken.Kind, byte: UInt8, word: SwiftWord?, newlineBefore: Bool, escaped: Bool, start: Int, end: Int, line: Int) {
        self.kind = kind
        self.byte = byte
        self.word = word
        flags = (newlineBefore ? Self.newlineBeforeFlag : 0) | (escaped ? Self.escapedFlag : 0)
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
        lineNumber = UInt32(truncatingIfNeeded: line)
    }

    var newlineBefore: Bool { flags & Self.newlineBeforeFlag != 0 }
    /// A backticked identifier, never a keyword.
    var escaped: Bool { flags & Self.escapedFlag != 0 }
    /// `SwiftToken.text`'s bytes: `source[start..<end]`.
    var start: Int { Int(startOffset) }
    var end: Int { Int(endOffset) }
    /// 1-based line where the token starts.
    var line: Int { Int(lineNumber) }

    var length: Int { end - start }

    func text(in source: [UInt8]) -> String {
        let count = length
        guard count > 0, count <= Self.smallTextLimit else { return String(decoding: source[start..<end], as: UTF8.self) }
        // Names and short literals, nearly every text the parser keeps: copied straight
        // into a small string, which skips the validation pass when it is ASCII; the
        // generic decoding of an array slice cost about 100 instructions more a token.
        return source.withUnsafeBufferPointer { whole in
            // The bounds test `source[start..<end]` makes: the range lies in the file.
            precondition(end <= whole.count, "LexedToken.text: the token is not in this file")
            return String(unsafeUninitializedCapacity: count) { buffer in
                buffer.baseAddress!.initialize(from: whole.baseAddress! + start, count: count)
                return count
            }
        }
    }

    /// The longest text a small string holds inline (UTF-8 bytes, on 64-bit platforms;
    /// a longer one is still right, only built the slower way).
    private static let smallTextLimit = 15

    /// Punctuation `scalar` (a literal: the compare is one byte).
    @inline(__always)
    func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        kind == .punctuation && byte == UInt8(ascii: scalar)
    }

    /// An unescaped identifier spelling `word` (keywords are identifiers here).
    @inline(__always)
    func isKeyword(_ word: SwiftWord) -> Bool {
        kind == .identifier && !escaped && self.word == word
    }

    /// The last byte of its text (`-` of `->`'s first half), or nil when it is empty.
    func lastByte(in source: [UInt8]) -> UInt8? {
        end > start ? source[end - 1] : nil
    }
}
