/// Splits .ckdb text into tokens, dropping whitespace and the three comment styles
/// (`//`, `--`, `/* */`). Works on UTF-8 bytes: schemas are ASCII outside comments
/// and quoted names, and byte scanning keeps a 1,000-type schema well under 50 ms.
/// Tokens are made one at a time as the parser asks (`next`) and name their text by its
/// place in the bytes: a schema of a million fields is never held twice.
struct SchemaToken: Equatable {
    enum Kind: Equatable {
        case word              // bare identifier or keyword
        case quoted            // "..." name; `text` is without the quotes
        case symbol(UInt8)     // ( ) , ; < >
        case end
    }
    var kind: Kind
    /// Where the word's or quoted name's bytes are (empty for symbols and the end).
    var text: Range<Int>
    var location: SourceLocation
}

struct SchemaLexer {
    let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var location: SourceLocation {
        SourceLocation(line: line, column: index - lineStart + 1)
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    /// The next token; `.end` at the end, again and again.
    mutating func next() throws(SchemaParseError) -> SchemaToken {
        try skipTrivia()
        let start = location
        guard let byte = peek() else { return SchemaToken(kind: .end, text: index..<index, location: start) }
        if Self.isIdentifierStart(byte) {
            return SchemaToken(kind: .word, text: readWord(), location: start)
        }
        if byte == UInt8(ascii: "\"") {
            return SchemaToken(kind: .quoted, text: try readQuoted(start: start), location: start)
        }
        if byte < 0x80 && Self.isSymbol[Int(byte)] {
            advance()
            return SchemaToken(kind: .symbol(byte), text: index..<index, location: start)
        }
        throw SchemaParseError(location: start, message: "unexpected \(Self.describe(byte)); expected a name, a keyword or one of ( ) , ; < >")
    }

    private mutating func skipTrivia() throws(SchemaParseError) {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
                advance()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"),
                 UInt8(ascii: "-") where peek(1) == UInt8(ascii: "-"):
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                try skipBlockComment()
            default:
                return
            }
        }
    }

    private mutating func skipBlockComment() throws(SchemaParseError) {
        let start = location
        advance(); advance()
        while let byte = peek() {
            if byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                advance(); advance()
                return
            }
            advance()
        }
        throw SchemaParseError(location: start, message: "unterminated /* comment: add the closing */")
    }

    private mutating func readWord() -> Range<Int> {
        let start = index
        while let byte = peek(), Self.isIdentifierPart(byte) { advance() }
        return start..<index
    }

    private mutating func readQuoted(start: SourceLocation) throws(SchemaParseError) -> Range<Int> {
        advance()
        let first = index
        while let byte = peek() {
            if byte == UInt8(ascii: "\"") {
                let name = first..<index
                advance()
                guard !name.isEmpty else {
                    throw SchemaParseError(location: start, message: "empty quoted name \"\"")
                }
                return name
            }
            if byte == UInt8(ascii: "\n") { break }
            advance()
        }
        throw SchemaParseError(location: start, message: "unterminated quoted name: add the closing \" on the same line")
    }

    /// `( ) , ; < >`, by byte.
    private static let isSymbol: [Bool] = (0..<128).map { "(),;<>".utf8.contains(UInt8($0)) }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
