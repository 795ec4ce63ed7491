/// Renders type tokens as normalised text: `[String : Int] ?` becomes `[String: Int]?`.
enum TypeText {
    /// The text is put together from the file's bytes and decoded once. Every token's
    /// bytes meet an ASCII byte on both sides (a space, quote, `@`, `#` or punctuation), so
    /// decoding the whole gives what decoding each token and joining the strings gave.
    static func render(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> String {
        // The usual type, one name: its text (the loop below would give the same).
        if tokens.count == 1, let only = tokens.first, only.kind == .identifier || only.kind == .number {
            return only.text(in: source).trimmed
        }
        var text: [UInt8] = []
        text.reserveCapacity(tokens.reduce(0) { $0 + $1.length + 3 })
        var previous: LexedToken?
        for token in tokens {
            let bytes = source[token.start..<token.end]
            switch token.kind {
            case .attribute:
                text.append(UInt8(ascii: "@"))
                text += bytes
                text.append(UInt8(ascii: " "))
            case .identifier, .number:
                if let previous, previous.kind == .identifier || previous.kind == .number { text.append(UInt8(ascii: " ")) }
                text += bytes
            case .string:
                text.append(ASCII.quote)
                text += bytes
                text.append(ASCII.quote)
            case .pound:
                text.append(ASCII.hash)
                text += bytes
            case .punctuation, .operator:
                if token.isPunctuation(">"), let previous, previous.kind == .operator, previous.lastByte(in: source) == ASCII.minus {
                    replaceLastCharacter(of: &text, with: " -> ")
                } else if token.isPunctuation(",") || token.isPunctuation(":") {
                    text += bytes
                    text.append(UInt8(ascii: " "))
                } else {
                    text += bytes
                }
            }
            previous = token
        }
        return String(decoding: text, as: UTF8.self).trimmed
    }

    /// `String(text.dropLast()) + replacement` on the bytes: the last character is the
    /// arrow's `-`, one byte, unless a non-ASCII character before it joins it into one
    /// (a prepended mark), which only the string can tell.
    private static func replaceLastCharacter(of text: inout [UInt8], with replacement: String) {
        if text.count < 2 || text[text.count - 2] < 0x80 {
            text.removeLast()
            text += replacement.utf8
        } else {
            text = Array((String(String(decoding: text, as: UTF8.self).dropLast()) + replacement).utf8)
        }
    }
}
