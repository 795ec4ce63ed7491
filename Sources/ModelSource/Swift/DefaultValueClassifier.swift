/// Recognises the initial values a type can be read from without a compiler.
enum DefaultValueClassifier {
    /// A slice of the file's tokens, read in place (its indices are the file's): copying
    /// it into an array cost an allocation per initial value.
    static func classify(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> DefaultValue {
        guard let first = tokens.first else { return .other }
        if tokens.count == 1 { return single(first, in: source) }
        // `-1`, `-0.5`
        let second = tokens.startIndex + 1
        if tokens.count == 2, first.kind == .operator, first.length == 1, source[first.start] == ASCII.minus,
           tokens[second].kind == .number {
            return single(tokens[second], in: source)
        }
        if first.isPunctuation("[") { return bracketed(tokens, in: source) }
        if first.kind == .identifier, !first.escaped, startsUppercase(first, in: source) {
            return named(tokens, in: source)
        }
        return .other
    }

    private static func single(_ token: LexedToken, in source: [UInt8]) -> DefaultValue {
        switch token.kind {
        case .string: return .string
        case .number:
            if let kind = asciiNumberKind(source[token.start..<token.end]) { return kind }
            let text = token.text(in: source).lowercased()
            let isHex = text.hasPrefix("0x")
            return text.contains(".") || (!isHex && text.contains("e")) || (isHex && text.contains("p")) ? .float : .integer
        case .identifier where !token.escaped:
            switch token.word {
            case .trueLiteral, .falseLiteral: return .bool
            case .nilLiteral: return .nil
            default: return .other
            }
        default: return .other
        }
    }

    /// The rule above on bytes, for ASCII number text (where lowercasing and characters are
    /// byte-wise): a fraction or exponent makes it a float.
    private static func asciiNumberKind(_ utf8: ArraySlice<UInt8>) -> DefaultValue? {
        guard utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return nil }
        let isHex = utf8.count >= 2 && utf8.first == UInt8(ascii: "0") && (utf8[utf8.startIndex + 1] | 0x20) == UInt8(ascii: "x")
        let isFloat = utf8.contains { byte in
            byte == UInt8(ascii: ".") || (!isHex && (byte | 0x20) == UInt8(ascii: "e")) || (isHex && (byte | 0x20) == UInt8(ascii: "p"))
        }
        return isFloat ? .float : .integer
    }

    /// `startsUppercase` of the token's text, read from the file's bytes.
    static func startsUppercase(_ token: LexedToken, in source: [UInt8]) -> Bool {
        guard token.length > 0, source[token.start] < 0x80, source[token.start] != UInt8(ascii: "\r") else {
            return startsUppercase(token.text(in: source))
        }
        if token.length == 1 || source[token.start + 1] < 0x80 {
            return source[token.start] >= UInt8(ascii: "A") && source[token.start] <= UInt8(ascii: "Z")
        }
        return startsUppercase(token.text(in: source))
    }

    /// `Character.isUppercase` of the first character; byte-wise when it is a lone ASCII
    /// character (the next byte is ASCII too, so nothing combines with it).
    static func startsUppercase(_ text: String) -> Bool {
        let utf8 = text.utf8
        if let first = utf8.first, first < 0x80, first != UInt8(ascii: "\r") {
            let second = utf8.dropFirst().first
            if second == nil || second! < 0x80 {
                return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
            }
        }
        return text.first?.isUppercase == true
    }

    /// `[]`, `["a", "b"]`, `[1, 2]`, `[String]()`, `[String: Int]()`.
    private static func bracketed(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> DefaultValue {
        let open = tokens.startIndex
        guard let close = closingIndex(tokens, from: open) else { return .other }
        let inside = tokens[(open + 1)..<close]
        let rest = tokens[(close + 1)...]
        if rest.count == 2, rest.first?.isPunctuation("(") == true, rest.last?.isPunctuation(")") == true {
            return .constructor(type: TypeText.render(tokens[open...close], in: source), optional: false)
        }
        guard rest.isEmpty else { return .other }
        // The non-empty elements, asked of in one pass: all strings, all integers, or neither.
        var (any, allStrings, allIntegers) = (false, true, true)
        for element in splitTopLevel(inside, separator: ",") where !element.isEmpty {
            any = true
            let only = element.count == 1 ? element.first : nil
            if only?.kind != .string { allStrings = false }
            if allIntegers, only.map({ single($0, in: source) }) != .integer { allIntegers = false }
        }
        guard any else { return .array(element: nil) }
        if allStrings { return .array(element: "String") }
        if allIntegers { return .array(element: "Int") }
        return .array(element: nil)
    }

    /// `Date()`, `URL(string: "x")`, `Set<String>()`, `Kind.default`, `Kind.default.rawValue`.
    private static func named(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> DefaultValue {
        var path: [String] = []
        path.reserveCapacity(4)  // `Kind.default.rawValue` without regrowing
        var index = tokens.startIndex
        let end = tokens.endIndex
        var generic = ""
        while index < end, tokens[index].kind == .identifier {
            path.append(tokens[index].text(in: source))
            index += 1
            if index < end, tokens[index].isPunctuation("<"), let close = closingAngle(tokens, from: index) {
                generic = TypeText.render(tokens[index...close], in: source)
                index = close + 1
            }
            guard index + 1 < end, tokens[index].isPunctuation("."), tokens[index + 1].kind == .identifier else { break }
            index += 1
        }
        if index == end { return .member(path: path) }
        guard tokens[index].isPunctuation("("), closingIndex(tokens, from: index) == end - 1 else { return .other }
        // `Type(...)` or `Type.init(...)`; `Kind.make()` returns who knows what.
        if path.last == "init" { path.removeLast() }
        guard let last = path.last, startsUppercase(last) else { return .other }
        let firstLabel = end > index + 2 && tokens[index + 2].isPunctuation(":") ? tokens[index + 1].text(in: source) : nil
        let failable = path == ["URL"] && firstLabel == "string"
        return .constructor(type: path.joined(separator: ".") + generic, optional: failable)
    }

    /// Punctuation is one byte: brackets are compared by it.
    private static func closingIndex(_ tokens: ArraySlice<LexedToken>, from open: Int) -> Int? {
        let opener = tokens[open].byte
        let closer = opener == ASCII.openParen ? ASCII.closeParen : opener == ASCII.openBracket ? ASCII.closeBracket : ASCII.closeBrace
        var depth = 0
        for index in open..<tokens.endIndex where tokens[index].kind == .punctuation {
            if tokens[index].byte == opener { depth += 1 }
            if tokens[index].byte == closer {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    private static func closingAngle(_ tokens: ArraySlice<LexedToken>, from open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.endIndex {
            if tokens[index].isPunctuation("<") { depth += 1 }
            if tokens[index].isPunctuation(">") {
                depth -= 1
                if depth == 0 { return index }
            }
            if tokens[index].isPunctuation("(") || tokens[index].isPunctuation("{") { return nil }
        }
        return nil
    }
}
