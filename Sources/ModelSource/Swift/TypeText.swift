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

    /// The text and `TypeAnnotation` of the usual annotations, read off the tokens:
    /// `Name`, `[Name]`, either with trailing `?`/`!` (an ASCII name). Nil for any other
    /// type (then `TypeAnnotation(render(...))`). Each gives what taking the rendered text
    /// apart gives (FastPathTests compares them), without a second pass over it.
    static func annotated(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> (text: String, annotation: TypeAnnotation)? {
        var position = tokens.startIndex
        guard position < tokens.endIndex else { return nil }
        let bracketed = tokens[position].isPunctuation("[")
        if bracketed { position += 1 }
        guard position < tokens.endIndex, tokens[position].kind == .identifier else { return nil }
        let name = tokens[position]
        guard source[name.start..<name.end].allSatisfy({ $0 < 0x80 }) else { return nil }
        position += 1
        if bracketed {
            guard position < tokens.endIndex, tokens[position].isPunctuation("]") else { return nil }
            position += 1
        }
        let marksStart = position
        while position < tokens.endIndex, tokens[position].isPunctuation("?") || tokens[position].isPunctuation("!") { position += 1 }
        guard position == tokens.endIndex else { return nil }
        let nameText = name.text(in: source)
        let base = bracketed ? spelled(tokens[..<marksStart], in: source) : nameText
        let text = position == marksStart ? base : spelled(tokens, in: source)
        let shape = SwiftTypeShape(base: base, optional: position > marksStart, element: bracketed ? nameText : nil, isDictionary: false)
        return (text, TypeAnnotation(shape: shape, elementName: nameText))
    }

    /// The rendering of name and punctuation tokens that `render` joins without spaces:
    /// one decoding of the file's bytes when nothing separates them there (the usual
    /// `[Tag]?`), else the bytes joined.
    private static func spelled(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        if last.end - first.start == tokens.reduce(0, { $0 + $1.length }) {
            return String(decoding: source[first.start..<last.end], as: UTF8.self)
        }
        return String(decoding: tokens.flatMap { source[$0.start..<$0.end] }, as: UTF8.self)
    }
}
