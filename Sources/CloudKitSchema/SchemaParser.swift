import Foundation

/// Parses the CloudKit Schema Language into a `Schema`.
///
/// Grammar (Apple, "Integrating a Text-Based Schema into Your Workflow"):
/// `DEFINE SCHEMA { CREATE ROLE name | RECORD TYPE name ( item, ... ) } ; ...`.
/// Keywords match case-insensitively; a field may be named like a keyword, because a
/// keyword is only read as one where the grammar expects it.
package struct SchemaParser {
    private var tokens: [SchemaToken] = []
    private var position = 0

    private init() {}

    /// Parses schema text. `file` only labels errors.
    package static func parse(_ text: String, file: String? = nil) throws(SchemaParseError) -> Schema {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Parses raw file bytes: rejects invalid UTF-8 with its position, skips a UTF-8 BOM.
    package static func parse(bytes input: [UInt8], file: String? = nil) throws(SchemaParseError) -> Schema {
        var bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        do {
            try validateUTF8(bytes)
            var lexer = SchemaLexer(bytes: bytes)
            var parser = SchemaParser()
            parser.tokens = try lexer.tokenize()
            return try parser.parseSchema()
        } catch {
            var located = error
            located.file = file
            throw located
        }
    }

    /// Reads and parses a file; unreadable paths become errors naming the path.
    package static func parse(contentsOf path: String) throws(SchemaParseError) -> Schema {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SchemaParseError(file: path, location: .init(line: 1, column: 1), message: "no such file: check the path")
        }
        guard !isDirectory.boolValue else {
            throw SchemaParseError(file: path, location: .init(line: 1, column: 1), message: "is a directory, not a .ckdb file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SchemaParseError(file: path, location: .init(line: 1, column: 1), message: "cannot read the file: check its permissions")
        }
        return try parse(bytes: [UInt8](data), file: path)
    }

    // MARK: - Grammar

    private mutating func parseSchema() throws(SchemaParseError) -> Schema {
        if case .end = current.kind {
            throw error("the schema is empty: expected DEFINE SCHEMA")
        }
        try expectKeyword("DEFINE", hint: "a schema starts with DEFINE SCHEMA")
        try expectKeyword("SCHEMA", hint: "a schema starts with DEFINE SCHEMA")
        var schema = Schema()
        var seenTypes: [ExactName: SourceLocation] = [:]
        while current.kind != .end {
            if isKeyword("CREATE") {
                advance()
                try expectKeyword("ROLE", hint: "after CREATE comes ROLE")
                schema.roles.append(try parseName(what: "role name"))
            } else if isKeyword("RECORD") {
                let type = try parseRecordType()
                if let first = seenTypes[ExactName(type.name)] {
                    throw SchemaParseError(location: type.location!, message: "record type \(type.name) is defined twice (first at \(first))")
                }
                seenTypes[ExactName(type.name)] = type.location
                schema.recordTypes.append(type)
            } else {
                throw error("expected CREATE ROLE or RECORD TYPE, found \(describe(current))")
            }
            // ';' separates items; tolerate its absence only at the very end.
            if isSymbol(";") { advance() } else if current.kind != .end {
                throw error("expected ';' after the definition, found \(describe(current))")
            }
        }
        return schema
    }

    private mutating func parseRecordType() throws(SchemaParseError) -> RecordType {
        let start = current.location
        advance()  // RECORD
        try expectKeyword("TYPE", hint: "after RECORD comes TYPE")
        var type = RecordType(name: try parseName(what: "record type name"), location: start)
        try expectSymbol("(")
        var fieldLocations: [ExactName: SourceLocation] = [:]
        if isSymbol(")") { advance(); return type }
        repeat {
            if isKeyword("GRANT") && isPermission(peek(1)) {
                type.grants.append(try parseGrant())
            } else {
                let field = try parseField()
                if let first = fieldLocations[ExactName(field.name)] {
                    throw SchemaParseError(location: field.location!, message: "field \(field.name) appears twice in \(type.name) (first at \(first))")
                }
                fieldLocations[ExactName(field.name)] = field.location
                type.fields.append(field)
            }
        } while try consumeComma()
        try expectSymbol(")")
        return type
    }

    /// After an item: `,` continues the list, `)` ends it; anything else is an error.
    private mutating func consumeComma() throws(SchemaParseError) -> Bool {
        guard isSymbol(",") else { return false }
        advance()
        if isSymbol(")") { throw error("trailing ',' before ')': remove it") }
        return true
    }

    private mutating func parseField() throws(SchemaParseError) -> Field {
        let location = current.location
        let name = try parseName(what: "field name or GRANT")
        let type = try parseFieldType()
        var options: IndexOptions = []
        while case .word(let word) = current.kind,
              case let upper = word.uppercased(),
              let option = IndexOptions.keywords.first(where: { $0.0 == upper })?.1 {
            options.insert(option)
            advance()
        }
        return Field(name: name, type: type, options: options, location: location)
    }

    private mutating func parseFieldType() throws(SchemaParseError) -> FieldType {
        if isKeyword("LIST") {
            advance()
            try expectSymbol("<")
            let element = try parsePrimitiveType()
            try expectSymbol(">")
            return .list(element)
        }
        return .primitive(try parsePrimitiveType())
    }

    private mutating func parsePrimitiveType() throws(SchemaParseError) -> PrimitiveType {
        guard case .word(let word) = current.kind else {
            throw error("expected a field type (STRING, INT64, ...), found \(describe(current))")
        }
        let keyword = word.uppercased()
        if let simple = Self.simpleTypes[keyword] {
            advance()
            return simple
        }
        switch keyword {
        case "ENCRYPTED":
            advance()
            guard case .word(let inner) = current.kind, let type = EncryptableType(rawValue: inner.uppercased()) else {
                throw error("ENCRYPTED takes BYTES, STRING, DOUBLE, INT64, LOCATION or TIMESTAMP, found \(describe(current))")
            }
            advance()
            return .encrypted(type)
        case "NUMBER":
            advance()
            guard isKeyword("PREFERRED") else { return .number(preferredAs: nil) }
            advance()
            try expectKeyword("AS", hint: "NUMBER PREFERRED AS INT64 or DOUBLE")
            guard case .word(let inner) = current.kind, let preference = NumberPreference(rawValue: inner.uppercased()) else {
                throw error("NUMBER PREFERRED AS takes INT64 or DOUBLE, found \(describe(current))")
            }
            advance()
            return .number(preferredAs: preference)
        default:
            let known = "ASSET, BYTES, DOUBLE, INT64, LOCATION, REFERENCE, STRING, TIMESTAMP, ENCRYPTED ..., NUMBER, LIST<...>"
            throw error("unknown field type '\(word)': expected one of \(known)")
        }
    }

    private static let simpleTypes: [String: PrimitiveType] = [
        "ASSET": .asset, "BYTES": .bytes, "DOUBLE": .double, "INT64": .int64,
        "LOCATION": .location, "REFERENCE": .reference, "STRING": .string, "TIMESTAMP": .timestamp,
    ]

    private mutating func parseGrant() throws(SchemaParseError) -> Grant {
        advance()  // GRANT
        var permissions: Permissions = []
        while true {
            guard case .word(let word) = current.kind,
                  let permission = Permissions.keywords.first(where: { $0.0 == word.uppercased() })?.1 else {
                throw error("expected READ, CREATE or WRITE, found \(describe(current))")
            }
            permissions.insert(permission)
            advance()
            // `GRANT READ, WRITE TO r`: a comma followed by a permission continues this grant.
            guard isSymbol(","), isPermission(peek(1)) else { break }
            advance()
        }
        try expectKeyword("TO", hint: "GRANT READ TO role")
        return Grant(permissions, to: try parseName(what: "role name"))
    }

    private mutating func parseName(what: String) throws(SchemaParseError) -> String {
        switch current.kind {
        case .word(let name), .quoted(let name):
            advance()
            return name
        default:
            throw error("expected \(what), found \(describe(current))")
        }
    }

    // MARK: - Token helpers

    private var current: SchemaToken { tokens[position] }

    private func peek(_ offset: Int) -> SchemaToken {
        tokens[min(position + offset, tokens.count - 1)]
    }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private func isKeyword(_ keyword: String) -> Bool {
        if case .word(let word) = current.kind { return word.uppercased() == keyword }
        return false
    }

    private func isPermission(_ token: SchemaToken) -> Bool {
        if case .word(let word) = token.kind {
            return Permissions.keywords.contains { $0.0 == word.uppercased() }
        }
        return false
    }

    private func isSymbol(_ symbol: Character) -> Bool {
        current.kind == .symbol(symbol.asciiValue!)
    }

    private mutating func expectKeyword(_ keyword: String, hint: String) throws(SchemaParseError) {
        guard isKeyword(keyword) else { throw error("expected \(keyword), found \(describe(current)) (\(hint))") }
        advance()
    }

    private mutating func expectSymbol(_ symbol: Character) throws(SchemaParseError) {
        guard isSymbol(symbol) else { throw error("expected '\(symbol)', found \(describe(current))") }
        advance()
    }

    private func error(_ message: String) -> SchemaParseError {
        SchemaParseError(location: current.location, message: message)
    }

    private func describe(_ token: SchemaToken) -> String {
        switch token.kind {
        case .word(let word): return "'\(word)'"
        case .quoted(let name): return "\"\(name)\""
        case .symbol(let byte): return "'\(Character(UnicodeScalar(byte)))'"
        case .end: return "the end of the file (is it truncated?)"
        }
    }
}

/// Throws at the first byte that is not valid UTF-8, with its line and column.
func validateUTF8(_ bytes: [UInt8]) throws(SchemaParseError) {
    var line = 1, lineStart = 0, index = 0
    while index < bytes.count {
        let byte = bytes[index]
        // ASCII other than a line feed needs no checks: the common case.
        if byte < 0x80 && byte != UInt8(ascii: "\n") {
            index += 1
            continue
        }
        let length: Int
        switch byte {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: length = 0
        }
        let valid = length > 0 && index + length <= bytes.count
            && bytes[(index + 1)..<(index + length)].allSatisfy { $0 & 0xC0 == 0x80 }
        guard valid else {
            throw SchemaParseError(
                location: SourceLocation(line: line, column: index - lineStart + 1),
                message: "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true).leftPadded(to: 2))): save the file as UTF-8")
        }
        if byte == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
        index += length
    }
}
