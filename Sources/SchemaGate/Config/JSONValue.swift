/// A JSON value with the line it starts on, so configuration errors can point at it.
/// Parsed by `JSONCParser`: JSON plus `//` and `/* */` comments and trailing commas,
/// which a hand-edited configuration file needs.
package struct JSONNode: Equatable, Sendable {
    package indirect enum Value: Equatable, Sendable {
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    package var value: Value
    package var line: Int

    /// `an object`, `a string`... for "expected X, found Y" messages.
    package var kindDescription: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

package struct JSONMember: Equatable, Sendable {
    package var key: String
    package var value: JSONNode
}

package struct JSONSyntaxError: Error, Equatable, Sendable {
    package var line: Int
    package var column: Int
    package var message: String
}

/// A small recursive-descent parser over bytes. Depth is bounded so hostile input
/// cannot exhaust the stack.
package struct JSONCParser {
    static let maximumDepth = 128
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONCParser(bytes: Array(text.utf8))
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8]) {
        // A UTF-8 byte order mark some editors write is not an error.
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        try skipTrivia()
        let node = try parseValue(depth: 0)
        try skipTrivia()
        if index < bytes.count { throw error("unexpected text after the end of the document") }
        return node
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard let byte = peek else { throw error("unexpected end of file; expected a value") }
        let startLine = line
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(value: .object(try parseObject(depth: depth)), line: startLine)
        case UInt8(ascii: "["): return JSONNode(value: .array(try parseArray(depth: depth)), line: startLine)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), line: startLine)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), line: startLine)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), line: startLine)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), line: startLine)
        default:
            throw error("unexpected character '\(printable(byte))'; expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        index += 1
        var members: [JSONMember] = []
        try skipTrivia()
        while peek != UInt8(ascii: "}") {
            guard peek == UInt8(ascii: "\"") else {
                throw error(peek == nil ? "unexpected end of file inside an object; expected '}'" : "expected a quoted key or '}'")
            }
            let key = try parseString()
            try skipTrivia()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\"") }
            index += 1
            try skipTrivia()
            members.append(JSONMember(key: key, value: try parseValue(depth: depth + 1)))
            try skipTrivia()
            if peek == UInt8(ascii: ",") {
                index += 1
                try skipTrivia()
            } else if peek != UInt8(ascii: "}") {
                throw error(peek == nil ? "unexpected end of file inside an object; expected '}'" : "expected ',' or '}' after the value of \"\(key)\"")
            }
        }
        index += 1
        return members
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        index += 1
        var elements: [JSONNode] = []
        try skipTrivia()
        while peek != UInt8(ascii: "]") {
            guard peek != nil else { throw error("unexpected end of file inside an array; expected ']'") }
            elements.append(try parseValue(depth: depth + 1))
            try skipTrivia()
            if peek == UInt8(ascii: ",") {
                index += 1
                try skipTrivia()
            } else if peek != UInt8(ascii: "]") {
                throw error(peek == nil ? "unexpected end of file inside an array; expected ']'" : "expected ',' or ']' in an array")
            }
        }
        index += 1
        return elements
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while true {
            guard let byte = peek else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if byte < 0x20 {
                throw error(byte == 0x0A ? "unterminated string (a newline inside quotes)" : "control character in a string; escape it")
            }
            if byte != UInt8(ascii: "\\") { run.append(byte); index += 1; continue }
            flush()
            index += 1
            guard let escape = peek else { throw error("unterminated string") }
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
            default: throw error("unknown escape '\\\(printable(escape))' in a string")
            }
        }
        flush()
        return String(scalars)
    }

    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800..<0xDC00).contains(high) {
            guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate \\u\(String(high, radix: 16)) in a string")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low),
                  let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                throw error("invalid surrogate pair in a string")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("invalid \\u escape in a string") }
        return scalar
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("\\u needs four hexadecimal digits")
        }
        index += 4
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let allowed = Set("+-0123456789.eE".utf8)
        while let byte = peek, allowed.contains(byte) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let pattern = text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression)
        guard pattern != nil, let value = Double(text), value.isFinite else {
            index = start
            throw error("invalid number '\(text)'")
        }
        return value
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("unexpected word; expected a value (strings need double quotes)")
        }
        index += expected.count
    }

    /// Whitespace and comments.
    private mutating func skipTrivia() throws(JSONSyntaxError) {
        while let byte = peek {
            switch byte {
            case 0x0A: index += 1; line += 1; lineStart = index
            case 0x20, 0x09, 0x0D: index += 1
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while let byte = peek, byte != 0x0A { index += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                let (startLine, startColumn) = (line, index - lineStart + 1)
                index += 2
                while true {
                    guard let byte = peek else {
                        throw JSONSyntaxError(line: startLine, column: startColumn, message: "unterminated /* comment")
                    }
                    if byte == UInt8(ascii: "*"), next == UInt8(ascii: "/") { index += 2; break }
                    if byte == 0x0A { line += 1; lineStart = index + 1 }
                    index += 1
                }
            default: return
            }
        }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    private var next: UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
    }

    private func printable(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
    }
}
