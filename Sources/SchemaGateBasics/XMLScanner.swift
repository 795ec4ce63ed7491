/// A small, strict XML reader for the files this tool reads (Core Data `contents`,
/// property lists): elements, attributes, text, comments, processing instructions,
/// CDATA and a skipped DOCTYPE, with the five named and numeric character references.
///
/// Not FoundationXML's `XMLParser`: on Linux it crashes (SEGV in libxml2's error path,
/// SIGILL on non-UTF-8 names) on inputs our fuzzer found, and it reports success for some
/// malformed documents. This one works on bytes, never recurses, always advances, and
/// reports the first problem with its line.
package struct XMLScanner {
    package enum Event: Equatable, Sendable {
        case start(name: String, attributes: [String: String], line: Int)
        case end(name: String, line: Int)
        case text(String, line: Int)
    }

    package struct Failure: Error, Equatable, Sendable {
        package var message: String
        package var line: Int
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    /// All events of a well-formed document, or the first problem.
    package static func events(_ bytes: [UInt8]) -> Result<[Event], Failure> {
        var scanner = XMLScanner(bytes: bytes)
        do {
            return .success(try scanner.run())
        } catch {
            return .failure(error)
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    private mutating func run() throws(Failure) -> [Event] {
        if let offset = UTF8Check.firstInvalidOffset(bytes) {
            throw Failure(message: "not valid UTF-8 (byte \(offset)); save the file as UTF-8", line: UTF8Check.line(of: offset, in: bytes))
        }
        if let offset = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            throw Failure(message: "control character 0x\(String(bytes[offset], radix: 16)) is not allowed in XML",
                          line: UTF8Check.line(of: offset, in: bytes))
        }
        var events: [Event] = []
        var open: [String] = []
        var sawRoot = false
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                let start = line
                let text = try readText()
                if !text.allSatisfy(\.isWhitespace) {
                    guard !open.isEmpty else { throw fail("text outside the root element") }
                    events.append(.text(text, line: start))
                }
                continue
            }
            if starts("<!--") { try skip(past: "-->", what: "comment"); continue }
            if starts("<?") { try skip(past: "?>", what: "processing instruction"); continue }
            if starts("<![CDATA[") {
                let start = line
                index += 9
                let from = index
                try skip(past: "]]>", what: "CDATA section")
                guard !open.isEmpty else { throw fail("CDATA outside the root element") }
                events.append(.text(String(decoding: bytes[from..<(index - 3)], as: UTF8.self), line: start))
                continue
            }
            if starts("<!DOCTYPE") {
                guard !sawRoot else { throw fail("DOCTYPE after the root element") }
                try skip(past: ">", what: "DOCTYPE")
                continue
            }
            if starts("</") {
                index += 2
                let name = try readName()
                skipSpaces()
                try expect(">")
                guard let expected = open.popLast() else { throw fail("</\(name)> closes nothing") }
                guard expected == name else { throw fail("</\(name)> closes <\(expected)>") }
                events.append(.end(name: name, line: line))
                continue
            }
            index += 1
            let start = line
            let name = try readName()
            guard !(open.isEmpty && sawRoot) else { throw fail("a second root element <\(name)>") }
            sawRoot = true
            let (attributes, selfClosing) = try readAttributes()
            events.append(.start(name: name, attributes: attributes, line: start))
            if selfClosing { events.append(.end(name: name, line: line)) } else { open.append(name) }
        }
        if let unclosed = open.last { throw fail("<\(unclosed)> is never closed (the file ends early)") }
        guard sawRoot else { throw fail("no root element") }
        return events
    }

    // MARK: - Pieces

    private mutating func readAttributes() throws(Failure) -> ([String: String], Bool) {
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            guard index < bytes.count else { throw fail("the file ends inside a tag") }
            if starts("/>") { index += 2; return (attributes, true) }
            if bytes[index] == UInt8(ascii: ">") { index += 1; return (attributes, false) }
            let name = try readName()
            skipSpaces()
            try expect("=")
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw fail("the value of \(name) is not quoted")
            }
            let quote = bytes[index]
            index += 1
            let from = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw fail("'<' inside the value of \(name)") }
                advance()
            }
            guard index < bytes.count else { throw fail("the value of \(name) is never closed") }
            let raw = String(decoding: bytes[from..<index], as: UTF8.self)
            index += 1
            guard attributes[name] == nil else { throw fail("attribute \(name) appears twice") }
            attributes[name] = try decodeReferences(raw)
        }
    }

    private mutating func readText() throws(Failure) -> String {
        let from = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { advance() }
        return try decodeReferences(String(decoding: bytes[from..<index], as: UTF8.self))
    }

    private mutating func readName() throws(Failure) -> String {
        let from = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > from, !Self.isDigit(bytes[from]) else { throw fail("expected a name") }
        return String(decoding: bytes[from..<index], as: UTF8.self)
    }

    private func decodeReferences(_ text: String) throws(Failure) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { throw fail("'&' without ';'") }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let number: UInt32?
                if entity.hasPrefix("#x") { number = UInt32(entity.dropFirst(2), radix: 16) }
                else if entity.hasPrefix("#") { number = UInt32(entity.dropFirst(), radix: 10) }
                else { number = nil }
                guard let number, let scalar = Unicode.Scalar(number) else { throw fail("unknown reference &\(entity);") }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }

    private mutating func skip(past terminator: String, what: String) throws(Failure) {
        let end = Array(terminator.utf8)
        while index < bytes.count {
            if bytes[index...].starts(with: end) { index += end.count; return }
            advance()
        }
        throw fail("unterminated \(what)")
    }

    private mutating func expect(_ symbol: Character) throws(Failure) {
        guard index < bytes.count, bytes[index] == symbol.asciiValue else { throw fail("expected '\(symbol)'") }
        index += 1
    }

    private mutating func skipSpaces() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
    }

    /// Moves one byte, counting lines.
    private mutating func advance() {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
    }

    private func starts(_ text: String) -> Bool { bytes[index...].starts(with: Array(text.utf8)) }

    private func fail(_ message: String) -> Failure { Failure(message: message, line: line) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || isDigit(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte >= 0x80
    }
}
