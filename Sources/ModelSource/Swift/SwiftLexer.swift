#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Swift source bytes into tokens without a compiler. Knows every literal and
/// comment form that can hide `@Model`, braces or quotes from a naive scan: nested block
/// comments, single-line, multi-line and raw strings (`#"..."#`, `##"""..."""##`),
/// interpolations holding strings and comments (`"\(a ? "x)" : "y")"`), `#/regex/#` and
/// bare `/regex/` literals.
///
/// Never fails and always terminates: every step consumes at least one byte or closes a
/// literal frame it opened earlier; nesting lives on an explicit stack, not recursion, so
/// no input can exhaust the call stack. Unterminated literals end at end of line or file.
struct SwiftLexer {
    /// The file, borrowed for the length of `tokenize` (no retain or copy per token).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var sawNewline = true
    private var tokens: TokenBuffer
    /// The offset of the first control byte in code (outside comments and literals),
    /// which the compiler rejects ("invalid character in source file").
    private var firstControlByte: Int?
    // The byte tables, held here so the hot loops do not go through static lets.
    private let roles = ByteRole.table, operatorCharacters = ASCII.operatorCharacters
    private let stringSpecial = ASCII.stringSpecial, interpolationSpecial = ASCII.interpolationSpecial
    private let words = SwiftWordTable.shared
    private let identifierStart = ASCII.identifierStart, identifierPart = ASCII.identifierPart

    private init(_ bytes: UnsafeBufferPointer<UInt8>, into memory: UnsafeMutableBufferPointer<LexedToken>) {
        self.bytes = bytes
        tokens = TokenBuffer(memory)
    }

    /// Room for the tokens of `byteCount` bytes of source: Swift averages a token per four
    /// to five bytes, so the array made this large nearly always holds them all.
    private static func expectedTokens(_ byteCount: Int) -> Int { byteCount / 4 + 16 }

    static func tokenize(_ bytes: [UInt8]) -> [SwiftToken] {
        tokenizeChecked(bytes).tokens
    }

    /// The tokens with their text, and the offset of the first control byte found in code
    /// (nil: none), for the scans that want strings.
    static func tokenizeChecked(_ bytes: [UInt8]) -> (tokens: [SwiftToken], controlByteOffset: Int?) {
        let (tokens, controlByte) = lex(bytes)
        return (tokens.map { SwiftToken($0, in: bytes) }, controlByte)
    }

    /// The most bytes of one file the lexer reads: tokens hold offsets and lines as
    /// `UInt32` (half the memory of `Int`, for every token the parser copies).
    static let byteLimit = Int(UInt32.max) - 1

    /// The tokens as byte ranges of `bytes` (the model reader's parser), and the offset
    /// of the first control byte found in code. A file over `byteLimit` bytes (no compiler
    /// reads one) is lexed up to it and reports the limit as that offset, so it is an
    /// input error (`SwiftSourceBytes`), never read in part as if whole.
    static func lex(_ bytes: [UInt8], byteLimit: Int = byteLimit) -> (tokens: [LexedToken], controlByteOffset: Int?) {
        bytes.withUnsafeBufferPointer { whole in
            let source = UnsafeBufferPointer(rebasing: whole.prefix(byteLimit))
            var controlByte: Int?, outgrown: [LexedToken]?
            // The tokens are written straight into the array the parser reads: no second
            // buffer to allocate, fill and copy per file.
            let tokens = [LexedToken](unsafeUninitializedCapacity: expectedTokens(source.count)) { memory, initialized in
                var lexer = SwiftLexer(source, into: memory)
                lexer.run()
                controlByte = lexer.firstControlByte
                (initialized, outgrown) = lexer.tokens.finish()
            }
            return (outgrown ?? tokens, controlByte ?? (whole.count > byteLimit ? byteLimit : nil))
        }
    }

    /// One jump per token on the role of its first byte (`ByteRole`), where a chain of
    /// tests ran; blanks are skipped a run at a time.
    private mutating func run() {
        while index < bytes.count {
            var byte = bytes[index]
            if byte == ASCII.space {
                // The commonest byte, one or a few at a time: skipped before the jump.
                index += 1
                while index < bytes.count, bytes[index] == ASCII.space { index += 1 }
                guard index < bytes.count else { return }
                byte = bytes[index]
            }
            switch roles[byte] {
            case .blank:
                index += 1
                while index < bytes.count, roles[bytes[index]] == .blank { index += 1 }
            case .lineBreak:
                consumeOne()
            case .identifierStart:
                // A name or keyword, the commonest token: scanned here, with no call and no
                // test of the kind of name (`scanIdentifier` does `@` and `#` names).
                let end = identifierEnd(from: index + 1)
                emitName(.identifier, start: index, end: end)
                index = end
            case .punctuation:
                emitPunctuation(byte)
            case .operatorCharacter:
                // A lone `?`, `!` or `=` (most operators in declarations) without the run scan.
                if Self.isMark(byte) || byte == ASCII.equals, index + 1 == bytes.count || !operatorCharacters.contains(bytes[index + 1]) {
                    emitPunctuation(byte)
                } else {
                    scanOperator()
                }
            case .slash:
                scanSlash()
            case .quote:
                scanString(hashes: 0)
            case .hash:
                scanPound()
            case .at:
                scanAttribute()
            case .backtick:
                scanEscapedIdentifier()
            case .digit:
                scanNumber()
            case .other:
                // Control bytes and anything else Swift would reject. A control byte is
                // noted: the file is then an input error, not a guess at what it meant.
                if byte < 0x20 || byte == 0x7F, firstControlByte == nil { firstControlByte = index }
                index += 1
            }
        }
    }

    /// `//` and `/*` comments, a bare `/regex/`, or an operator starting with `/`.
    private mutating func scanSlash() {
        let next = peek(1)
        if next == ASCII.slash {
            skipLineComment()
        } else if next == ASCII.star {
            skipBlockComment()
        } else if let end = bareRegexEnd() {
            emit(.string, start: index, end: end)
            index = end
        } else {
            scanOperator()
        }
    }

    // MARK: - Bytes and lines

    private func peek(_ offset: Int) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    /// Consumes one byte, counting line breaks (`\r\n` counts once).
    private mutating func consumeOne() {
        let byte = bytes[index]
        if byte == ASCII.newline || (byte == ASCII.carriageReturn && peek(1) != ASCII.newline) {
            line += 1
            sawNewline = true
        }
        index += 1
    }

    private func matches(_ pattern: [UInt8], at position: Int) -> Bool {
        guard position >= 0, position + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[position + offset] != pattern[offset] { return false }
        return true
    }

    private func hashes(at position: Int, count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[position + $0] == ASCII.hash }
    }

    private func countHashes(from position: Int) -> Int {
        var end = position
        while end < bytes.count, bytes[end] == ASCII.hash { end += 1 }
        return end - position
    }

    private mutating func emit(_ kind: SwiftToken.Kind, start: Int, end: Int, escaped: Bool = false) {
        append(kind, start: start, end: end, line: line, newlineBefore: sawNewline, escaped: escaped)
        sawNewline = false
    }

    /// The token over `bytes[start..<end]` (clamped to the file): its punctuation byte, and
    /// the word it spells when it is a name.
    private mutating func append(
        _ kind: SwiftToken.Kind, start: Int, end: Int, line tokenLine: Int, newlineBefore: Bool, escaped: Bool = false
    ) {
        let lower = max(0, start), upper = min(max(start, end), bytes.count)
        let byte = upper - lower == 1 && bytes[lower] < 0x80 ? bytes[lower] : 0
        let word = kind == .identifier || kind == .attribute || kind == .pound ? words.word(bytes, lower, upper) : nil
        tokens.append(LexedToken(
            kind: kind, byte: byte, word: word, newlineBefore: newlineBefore, escaped: escaped,
            start: lower, end: upper, line: tokenLine))
    }

    /// The one-byte punctuation token at `index` (in the file): `append` without its clamps.
    @inline(__always)
    private mutating func emitPunctuation(_ byte: UInt8) {
        tokens.append(LexedToken(
            kind: .punctuation, byte: byte, word: nil, newlineBefore: sawNewline, escaped: false,
            start: index, end: index + 1, line: line))
        sawNewline = false
        index += 1
    }

    /// A name the scan found, `start < end <= bytes.count`: `append` without its clamps,
    /// and without a `byte` (the parser reads it of punctuation only).
    @inline(__always)
    private mutating func emitName(_ kind: SwiftToken.Kind, start: Int, end: Int) {
        tokens.append(LexedToken(
            kind: kind, byte: 0, word: words.word(bytes, start, end), newlineBefore: sawNewline, escaped: false,
            start: start, end: end, line: line))
        sawNewline = false
    }

    // MARK: - Comments

    private mutating func skipLineComment() {
        // To the next line feed (memchr), unless a carriage return comes first.
        let rest = bytes.count - index
        let end = memchr(bytes.baseAddress! + index, Int32(ASCII.newline), rest)
            .map { bytes.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
        while index < end, bytes[index] != ASCII.carriageReturn { index += 1 }
    }

    /// `/* ... /* nested */ ... */`; an unterminated comment runs to end of file.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == ASCII.slash, peek(1) == ASCII.star {
                depth += 1
                index += 2
            } else if bytes[index] == ASCII.star, peek(1) == ASCII.slash {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                consumeOne()
            }
        }
    }

    // MARK: - Names, numbers, operators

    /// An `@` or `#` name starting at `start` (an identifier-start byte after the `@` or `#`).
    private mutating func scanIdentifier(kind: SwiftToken.Kind, from start: Int) {
        var end = identifierEnd(from: start + 1)
        // `@SwiftData.Model`: a qualified attribute name is one token.
        if kind == .attribute {
            while end + 1 < bytes.count, bytes[end] == ASCII.dot, identifierStart.contains(bytes[end + 1]) {
                end = identifierEnd(from: end + 1)
            }
        }
        emitName(kind, start: start, end: end)
        index = end
    }

    /// Where the run of identifier bytes from `position` ends. Eight bytes are tested per
    /// test of the end of the file (most names end within them), a third of the
    /// instructions of a byte-by-byte loop.
    @inline(__always)
    private func identifierEnd(from position: Int) -> Int {
        var end = position
        while end &+ 8 <= bytes.count {
            for offset in 0..<8 where !identifierPart.contains(bytes[end &+ offset]) { return end &+ offset }
            end &+= 8
        }
        while end < bytes.count, identifierPart.contains(bytes[end]) { end += 1 }
        return end
    }

    private mutating func scanEscapedIdentifier() {
        var end = index + 1
        while end < bytes.count, bytes[end] != ASCII.backtick, bytes[end] != ASCII.newline, bytes[end] != ASCII.carriageReturn {
            end += 1
        }
        guard end < bytes.count, bytes[end] == ASCII.backtick, end > index + 1 else {
            emit(.punctuation, start: index, end: index + 1)
            index += 1
            return
        }
        emit(.identifier, start: index + 1, end: end, escaped: true)
        index = end + 1
    }

    private mutating func scanAttribute() {
        guard let next = peek(1), ASCII.isIdentifierStart(next) else {
            emit(.punctuation, start: index, end: index + 1)
            index += 1
            return
        }
        scanIdentifier(kind: .attribute, from: index + 1)
    }

    /// `#if`, `#Unique`, `#"raw"#`, `#/regex/#`, or a lone `#`.
    private mutating func scanPound() {
        let count = countHashes(from: index)
        let after = index + count
        if after < bytes.count, bytes[after] == ASCII.quote {
            scanString(hashes: count)
        } else if after < bytes.count, bytes[after] == ASCII.slash {
            scanExtendedRegex(hashes: count)
        } else if count == 1, let next = peek(1), ASCII.isIdentifierStart(next) {
            scanIdentifier(kind: .pound, from: index + 1)
        } else {
            emit(.punctuation, start: index, end: index + 1)
            index += 1
        }
    }

    private mutating func scanNumber() {
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if ASCII.isIdentifierPart(byte) {
                end += 1
            } else if byte == ASCII.dot, end + 1 < bytes.count, ASCII.isDigit(bytes[end + 1]) {
                end += 1
            } else if byte == ASCII.plus || byte == ASCII.minus, end > index,
                      ASCII.exponentMarks.contains(bytes[end - 1]),
                      end + 1 < bytes.count, ASCII.isDigit(bytes[end + 1]) {
                end += 1
            } else {
                break
            }
        }
        emit(.number, start: index, end: end)
        index = end
    }

    /// A run of operator characters from `index` (which holds one), up to a comment.
    private mutating func scanOperator() {
        var end = index + 1
        var onlyMarks = Self.isMark(bytes[index])
        while end < bytes.count, operatorCharacters.contains(bytes[end]) {
            // A comment starts here, not an operator character.
            if bytes[end] == ASCII.slash, end + 1 < bytes.count, bytes[end + 1] == ASCII.slash || bytes[end + 1] == ASCII.star {
                break
            }
            onlyMarks = onlyMarks && Self.isMark(bytes[end])
            end += 1
        }
        if onlyMarks || (end == index + 1 && bytes[index] == ASCII.equals) {
            // `T??`, `x!`, `=`: the parser wants these one by one.
            while index < end { emitPunctuation(bytes[index]) }
        } else {
            tokens.append(LexedToken(
                kind: .operator, byte: end == index + 1 ? bytes[index] : 0, word: nil, newlineBefore: sawNewline,
                escaped: false, start: index, end: end, line: line))
            sawNewline = false
            index = end
        }
    }

    /// `?` and `!`, which the parser reads one by one however they run together.
    @inline(__always)
    private static func isMark(_ byte: UInt8) -> Bool { byte == ASCII.question || byte == ASCII.bang }

    // MARK: - Literals

    /// One frame of literal nesting: a string body, or an interpolation inside one.
    private enum Frame {
        case string(hashes: Int, multiline: Bool)
        case interpolation(depth: Int)
    }

    /// Scans a string literal starting at `index` (at its `#`s or opening quote) as one token.
    private mutating func scanString(hashes count: Int) {
        let tokenLine = line, newlineBefore = sawNewline
        index += count
        let multiline = matches(ASCII.tripleQuote, at: index)
        index += multiline ? 3 : 1
        let contentStart = index
        var contentEnd = bytes.count
        var stack: [Frame] = [.string(hashes: count, multiline: multiline)]
        while index < bytes.count, let top = stack.last {
            let byte = bytes[index]
            switch top {
            case .string(let hashCount, let isMultiline):
                if !stringSpecial.contains(byte) {
                    // Ordinary text: nothing to count or close.
                    index += 1
                    while index < bytes.count, !stringSpecial.contains(bytes[index]) { index += 1 }
                    continue
                }
                if byte == ASCII.backslash, hashes(at: index + 1, count: hashCount) {
                    index += 1 + hashCount
                    if index < bytes.count, bytes[index] == ASCII.openParen {
                        stack.append(.interpolation(depth: 1))
                        index += 1
                    } else if index < bytes.count {
                        consumeOne()  // the escaped character (or an escaped line break)
                    }
                } else if byte == ASCII.quote, closesString(multiline: isMultiline, hashes: hashCount) {
                    if stack.count == 1 { contentEnd = index }
                    index += (isMultiline ? 3 : 1) + hashCount
                    stack.removeLast()
                } else if (byte == ASCII.newline || byte == ASCII.carriageReturn) && !isMultiline {
                    // Unterminated single-line literal: it ends with the line.
                    if stack.count == 1 { contentEnd = index }
                    stack.removeLast()
                } else {
                    consumeOne()
                }
            case .interpolation(let depth):
                if !interpolationSpecial.contains(byte) {
                    // Ordinary code inside `\( )`: nothing opens, closes or counts lines.
                    index += 1
                    continue
                }
                if byte == ASCII.openParen {
                    stack[stack.count - 1] = .interpolation(depth: depth + 1)
                    index += 1
                } else if byte == ASCII.closeParen {
                    index += 1
                    if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .interpolation(depth: depth - 1) }
                } else if let hashCount = stringOpenerHashes() {
                    index += hashCount
                    let isMultiline = matches(ASCII.tripleQuote, at: index)
                    index += isMultiline ? 3 : 1
                    stack.append(.string(hashes: hashCount, multiline: isMultiline))
                } else if byte == ASCII.slash, peek(1) == ASCII.slash {
                    skipLineComment()
                } else if byte == ASCII.slash, peek(1) == ASCII.star {
                    skipBlockComment()
                } else {
                    consumeOne()
                }
            }
        }
        emitLiteral(start: contentStart, end: max(contentStart, min(contentEnd, bytes.count)), line: tokenLine, newlineBefore: newlineBefore)
    }

    /// The number of `#`s when a string literal opens at `index` (`"`, `#"`, `##"`...).
    private func stringOpenerHashes() -> Int? {
        let count = countHashes(from: index)
        return index + count < bytes.count && bytes[index + count] == ASCII.quote ? count : nil
    }

    private func closesString(multiline: Bool, hashes hashCount: Int) -> Bool {
        if multiline {
            return matches(ASCII.tripleQuote, at: index) && hashes(at: index + 3, count: hashCount)
        }
        return hashes(at: index + 1, count: hashCount)
    }

    /// Where a bare `/regex/` literal (Swift 5.7, on by default in Swift 6) that starts at
    /// `index` ends, or nil for division. Swift's own rules, as far as a lexer can apply
    /// them: the `/` stands where an expression starts (first in the file, after `(`, `[`,
    /// `{`, `,`, `:`, `=`, `;`, an operator, or `return`, `case` and the like), is not
    /// followed by a space or tab, and an unescaped `/` outside `[...]` on the same line
    /// closes it, not right after a space or tab, with no unbalanced `)` before it. A regex
    /// can hold quotes and braces the scan must skip.
    private func bareRegexEnd() -> Int? {
        guard let next = peek(1), next != ASCII.space, next != ASCII.tab, next != ASCII.newline,
              next != ASCII.carriageReturn, Self.expressionMayStart(after: tokens.last) else { return nil }
        var position = index + 1
        var classDepth = 0, parentheses = 0
        while position < bytes.count {
            switch bytes[position] {
            case ASCII.newline, ASCII.carriageReturn:
                return nil
            case ASCII.backslash:
                position += 1
                if position < bytes.count, bytes[position] == ASCII.newline || bytes[position] == ASCII.carriageReturn { return nil }
            case UInt8(ascii: "["):
                classDepth += 1
            case UInt8(ascii: "]"):
                classDepth = max(0, classDepth - 1)
            case ASCII.openParen where classDepth == 0:
                parentheses += 1
            case ASCII.closeParen where classDepth == 0:
                // As the compiler does: an unbalanced `)` means `/` was an operator.
                parentheses -= 1
                if parentheses < 0 { return nil }
            case ASCII.slash where classDepth == 0:
                let before = bytes[position - 1]
                return before == ASCII.space || before == ASCII.tab ? nil : position + 1
            default:
                break
            }
            position += 1
        }
        return nil
    }

    private static let expressionStartPunctuation = ByteClass("([{,:=;")
    private static let expressionStartKeywords: Set<SwiftWord> = [
        .return, .case, .in, .try, .await, .throw, .where, .if, .guard, .while, .yield,
    ]

    /// Whether the token before a `/` leaves it in expression-start position.
    private static func expressionMayStart(after token: LexedToken?) -> Bool {
        guard let token else { return true }
        switch token.kind {
        case .punctuation: return expressionStartPunctuation.contains(token.byte)
        case .operator: return true
        case .identifier: return !token.escaped && token.word.map(expressionStartKeywords.contains) == true
        default: return false
        }
    }

    /// `#/ ... /#` (any number of `#`), which may span lines and hold quotes and braces.
    private mutating func scanExtendedRegex(hashes count: Int) {
        let tokenLine = line, newlineBefore = sawNewline
        let start = index
        index += count + 1
        while index < bytes.count {
            if bytes[index] == ASCII.backslash, index + 1 < bytes.count {
                index += 1
                consumeOne()
            } else if bytes[index] == ASCII.slash, hashes(at: index + 1, count: count) {
                index += 1 + count
                break
            } else {
                consumeOne()
            }
        }
        emitLiteral(start: start, end: index, line: tokenLine, newlineBefore: newlineBefore)
    }

    /// Appends a literal token that may span lines, flagged by what preceded its start.
    private mutating func emitLiteral(start: Int, end: Int, line tokenLine: Int, newlineBefore: Bool) {
        append(.string, start: start, end: end, line: tokenLine, newlineBefore: newlineBefore)
        sawNewline = false
    }
}

/// Byte constants and classes the lexer uses.
enum ASCII {
    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
    static let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), at = UInt8(ascii: "@")
    static let backtick = UInt8(ascii: "`"), dot = UInt8(ascii: ".")
    static let openParen = UInt8(ascii: "("), closeParen = UInt8(ascii: ")")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let question = UInt8(ascii: "?"), bang = UInt8(ascii: "!"), equals = UInt8(ascii: "=")
    static let plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-")
    static let tripleQuote: [UInt8] = Array("\"\"\"".utf8)

    static let exponentMarks = ByteClass("eEpP")
    /// Bytes that can matter inside a string literal: escapes, quotes, line breaks.
    /// Bytes that can matter inside an interpolation: parentheses, string openers (quote,
    /// raw `#`), comments, line breaks.
    static let interpolationSpecial = ByteClass("()\"#/\n\r")
    static let stringSpecial = ByteClass("\\\"\n\r")
    static let punctuation = ByteClass("{}()[],:;.\\<>")
    static let operatorCharacters = ByteClass("=-+!*%&|^~?/")
    /// `isIdentifierStart` and `isIdentifierPart` as tables: one load per byte of every name.
    static let identifierStart = ByteClass(where: isIdentifierStart)
    static let identifierPart = ByteClass(where: isIdentifierPart)

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }


    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }
}

/// A set of bytes as a 256-entry table: one load per test, where `Set<UInt8>` hashes
/// every byte of every file the lexer reads. The tables are made once, for the process.
struct ByteClass: @unchecked Sendable {
    private let table: UnsafePointer<Bool>

    init(_ members: String) {
        self.init { members.utf8.contains($0) }
    }

    init(where isMember: (UInt8) -> Bool) {
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for byte in 0...255 { (table + byte).initialize(to: isMember(UInt8(byte))) }
        self.table = UnsafePointer(table)
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool { table[Int(byte)] }
}

/// What a byte starts in code: the lexer's main loop jumps on one load from this table,
/// where it tested byte classes one after another.
enum ByteRole: UInt8 {
    /// Space, tab, vertical tab, form feed and NUL (the compiler reads NUL as a space).
    case blank
    case lineBreak, identifierStart, digit, punctuation, operatorCharacter
    case slash, quote, hash, at, backtick
    /// Anything else, control bytes among them.
    case other

    static let table = ByteRoleTable()

    /// The role, tested in the order the lexer's cases used to run.
    fileprivate static func of(_ byte: UInt8) -> ByteRole {
        switch byte {
        case ASCII.newline, ASCII.carriageReturn: return .lineBreak
        case ASCII.space, ASCII.tab, 0x0B, 0x0C, 0: return .blank
        case ASCII.slash: return .slash
        case ASCII.quote: return .quote
        case ASCII.hash: return .hash
        case ASCII.at: return .at
        case ASCII.backtick: return .backtick
        case _ where ASCII.isIdentifierStart(byte): return .identifierStart
        case _ where ASCII.isDigit(byte): return .digit
        case _ where ASCII.punctuation.contains(byte): return .punctuation
        case _ where ASCII.operatorCharacters.contains(byte): return .operatorCharacter
        default: return .other
        }
    }
}

/// `ByteRole.of` for every byte, made once for the process.
struct ByteRoleTable: @unchecked Sendable {
    private let table: UnsafePointer<ByteRole>

    fileprivate init() {
        let table = UnsafeMutablePointer<ByteRole>.allocate(capacity: 256)
        for byte in 0...255 { (table + byte).initialize(to: ByteRole.of(UInt8(byte))) }
        self.table = UnsafePointer(table)
    }

    @inline(__always)
    subscript(_ byte: UInt8) -> ByteRole { table[Int(byte)] }
}

/// The lexer's tokens as they are found, written into the memory of the array being
/// made: one capacity test per token, where `Array.append` also asks the runtime whether
/// the storage is shared. A file with more tokens than that memory holds moves them into
/// memory of its own, growing by doubling, and `finish` hands them over as a new array.
private struct TokenBuffer {
    private var base: UnsafeMutablePointer<LexedToken>
    private var capacity: Int
    private var count = 0
    /// Whether `base` is memory of its own (grown), not the array's.
    private var isOwn = false

    init(_ memory: UnsafeMutableBufferPointer<LexedToken>) {
        if let start = memory.baseAddress, memory.count > 0 {
            (base, capacity) = (start, memory.count)
        } else {
            (base, capacity, isOwn) = (.allocate(capacity: 16), 16, true)
        }
    }

    @inline(__always)
    mutating func append(_ token: LexedToken) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    var last: LexedToken? { count > 0 ? base[count - 1] : nil }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<LexedToken>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        if isOwn { base.deallocate() }
        (base, capacity, isOwn) = (larger, capacity * 2, true)
    }

    /// How many tokens the array's memory holds, or, when they outgrew it, none there and
    /// all of them as a new array (its own memory is then freed).
    consuming func finish() -> (inArray: Int, outgrown: [LexedToken]?) {
        guard isOwn else { return (count, nil) }
        defer { base.deallocate() }
        return (0, Array(UnsafeBufferPointer(start: base, count: count)))
    }
}
