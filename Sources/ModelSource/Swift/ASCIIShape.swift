/// `SwiftTypeShape` for plain ASCII text (no `\r`), on bytes: there every character is
/// one byte and whitespace is one of six bytes, so the rules (`TypeShapeScan`) give the
/// character path's answer (tests compare both with a reference).
struct ASCIIShape {
    let shape: SwiftTypeShape

    init?(_ text: String) {
        if let simple = Self.simpleShape(text) {
            shape = simple
            return
        }
        guard Self.isPlain(text) else { return nil }
        let bytes = Array(text.utf8)
        let parts = TypeShapeScan(bytes).parts()
        let string = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        shape = SwiftTypeShape(
            base: string(parts.base), optional: parts.optional, element: parts.element.map(string), isDictionary: parts.isDictionary)
    }

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

    static func opens(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<")
    }

    static func closes(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ">")
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
