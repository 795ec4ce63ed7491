/// `SwiftTypeShape` for plain ASCII text (no `\r`), on bytes: there every character is
/// one byte and whitespace is one of six bytes, so each step below matches the
/// character-based one in `SwiftTypeShape.init(characters:)` (tests compare them).
struct ASCIIShape {
    let shape: SwiftTypeShape

    init?(_ text: String) {
        if let simple = Self.simpleShape(text) {
            shape = simple
            return
        }
        guard Self.isPlain(text) else { return nil }
        var base = Self.trimmed(ArraySlice(text.utf8))
        var optional = false
        while true {
            if let last = base.last, last == UInt8(ascii: "?") || last == UInt8(ascii: "!") {
                base = Self.trimmed(base.dropLast())
                optional = true
            } else if let inner = Self.genericArgument(of: base, named: Self.optionalNames) {
                base = inner
                optional = true
            } else if base.first == UInt8(ascii: "("), base.last == UInt8(ascii: ")"), Self.isSingleGroup(base) {
                base = Self.trimmed(base.dropFirst().dropLast())
            } else {
                break
            }
        }
        var element: ArraySlice<UInt8>?
        var isDictionary = false
        if base.first == UInt8(ascii: "["), base.last == UInt8(ascii: "]"), Self.isSingleGroup(base) {
            let inside = Self.trimmed(base.dropFirst().dropLast())
            if Self.topLevelColon(in: inside) { isDictionary = true } else { element = inside }
        } else if let inner = Self.genericArgument(of: base, named: Self.collectionNames) {
            element = inner
        } else if base.starts(with: Self.dictionaryPrefixes[0]) || base.starts(with: Self.dictionaryPrefixes[1]) {
            isDictionary = true
        }
        shape = SwiftTypeShape(
            base: String(decoding: base, as: UTF8.self), optional: optional,
            element: element.map { String(decoding: $0, as: UTF8.self) }, isDictionary: isDictionary)
    }

    static let optionalNames = ["Optional", "Swift.Optional"].map { Array($0.utf8) }
    static let collectionNames = ["Array", "Set", "ContiguousArray", "Swift.Array", "Swift.Set"].map { Array($0.utf8) }
    static let dictionaryPrefixes = ["Dictionary<", "Swift.Dictionary<"].map { Array($0.utf8) }

    /// ASCII without `\r`.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") } }
            ?? text.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
    }

    /// The most common type texts, `Name`, `Module.Name` and the same with trailing `?` or
    /// `!`: identifier characters and dots only, so none of the general rules can apply but
    /// the optional one.
    static func simpleShape(_ text: String) -> SwiftTypeShape? {
        text.utf8.withContiguousStorageIfAvailable { utf8 -> SwiftTypeShape? in
            var end = utf8.count
            while end > 0, utf8[end - 1] == UInt8(ascii: "?") || utf8[end - 1] == UInt8(ascii: "!") { end -= 1 }
            guard end > 0, utf8[0] != UInt8(ascii: "."),
                  utf8[..<end].allSatisfy({ isNameByte($0) || $0 == UInt8(ascii: ".") }) else { return nil }
            let base = end == utf8.count ? text : String(decoding: UnsafeBufferPointer(rebasing: utf8[..<end]), as: UTF8.self)
            return SwiftTypeShape(base: base, optional: end < utf8.count, element: nil, isDictionary: false)
        } ?? nil
    }

    /// Letters, digits, `_`, `$`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    /// Character.isWhitespace for ASCII: tab, line feed, vertical tab, form feed, carriage
    /// return, space.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var result = text
        while let first = result.first, isWhitespace(first) { result = result.dropFirst() }
        while let last = result.last, isWhitespace(last) { result = result.dropLast() }
        return result
    }

    /// `Name<Inner>` -> `Inner` for the first of `names` the text starts with.
    static func genericArgument(of text: ArraySlice<UInt8>, named names: [[UInt8]]) -> ArraySlice<UInt8>? {
        for name in names where text.count >= name.count + 2 && text.starts(with: name)
            && text[text.startIndex + name.count] == UInt8(ascii: "<") && text.last == UInt8(ascii: ">") {
            let inner = text[(text.startIndex + name.count + 1)..<(text.endIndex - 1)]
            return isBalanced(inner) ? trimmed(inner) : nil
        }
        return nil
    }

    static func opens(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<")
    }

    static func closes(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ">")
    }

    static func isSingleGroup(_ text: ArraySlice<UInt8>) -> Bool {
        var depth = 0
        for (offset, byte) in text.enumerated() {
            if opens(byte) { depth += 1 }
            if closes(byte) { depth -= 1 }
            if depth == 0, offset < text.count - 1 { return false }
        }
        return depth == 0
    }

    static func isBalanced(_ text: ArraySlice<UInt8>) -> Bool {
        var depth = 0
        for byte in text {
            if opens(byte) { depth += 1 }
            if closes(byte) { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    static func topLevelColon(in text: ArraySlice<UInt8>) -> Bool {
        var depth = 0
        for byte in text {
            if opens(byte) { depth += 1 }
            if closes(byte) { depth -= 1 }
            if byte == UInt8(ascii: ":"), depth == 0 { return true }
        }
        return false
    }

    static func lastComponent(_ name: String) -> String {
        // On the contiguous bytes (every native string has them): no iterator per byte.
        let fast = name.utf8.withContiguousStorageIfAvailable { utf8 -> String in
            var depth = 0
            var lastDot = -1
            for offset in 0..<utf8.count {
                let byte = utf8[offset]
                if opens(byte) { depth += 1 } else if closes(byte) { depth -= 1 } else if byte == UInt8(ascii: "."), depth == 0 { lastDot = offset }
            }
            guard lastDot >= 0 else { return name }
            return String(decoding: UnsafeBufferPointer(rebasing: utf8[(lastDot + 1)...]), as: UTF8.self)
        }
        if let fast { return fast }
        var depth = 0
        var lastDot: Int?
        for (offset, byte) in name.utf8.enumerated() {
            if opens(byte) { depth += 1 } else if closes(byte) { depth -= 1 } else if byte == UInt8(ascii: "."), depth == 0 { lastDot = offset }
        }
        guard let lastDot else { return name }
        return String(decoding: Array(name.utf8)[(lastDot + 1)...], as: UTF8.self)
    }
}
