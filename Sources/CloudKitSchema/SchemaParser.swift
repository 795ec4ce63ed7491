import Foundation

/// Parses the CloudKit Schema Language into a `Schema`.
///
/// Grammar (Apple, "Integrating a Text-Based Schema into Your Workflow"):
/// `DEFINE SCHEMA { CREATE ROLE name | RECORD TYPE name ( item, ... ) } ; ...`.
/// Keywords match case-insensitively; a field may be named like a keyword, because a
/// keyword is only read as one where the grammar expects it.
package struct SchemaParser {
    /// The largest schema read: an export past this is an error, never a stall (the
    /// export cktool writes is capped the same way; Docs/performance.md, "Hostile sizes").
    package static let byteLimit = 64 << 20

    private var lexer: SchemaLexer
    private var current: SchemaToken
    /// The token after `current`, once `peek` asked for it.
    private var lookahead: SchemaToken?

    private init(lexer: SchemaLexer) throws(SchemaParseError) {
        self.lexer = lexer
        current = try self.lexer.next()
    }

    /// Parses schema text. `file` only labels errors.
    package static func parse(_ text: String, file: String? = nil) throws(SchemaParseError) -> Schema {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Parses raw file bytes: rejects invalid UTF-8 with its position, skips a UTF-8 BOM.
    package static func parse(bytes input: [UInt8], file: String? = nil) throws(SchemaParseError) -> Schema {
        var bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        do throws(SchemaParseError) {
            guard bytes.count <= byteLimit else {
                throw SchemaParseError(location: SourceLocation(line: 1, column: 1), message: "the schema is \(bytes.count) bytes, more than the \(byteLimit >> 20) MB (\(byteLimit) bytes) this tool reads: check that it is a CloudKit schema export")
            }
            try validateUTF8(bytes)
            var parser = try SchemaParser(lexer: SchemaLexer(bytes: bytes))
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
        try expectKeyword(Keyword.define, hint: "a schema starts with DEFINE SCHEMA")
        try expectKeyword(Keyword.schema, hint: "a schema starts with DEFINE SCHEMA")
        var schema = Schema()
        // Names as CloudKit tells them apart: by their bytes.
        var seenTypes: [ExactName: SourceLocation] = [:]
        while current.kind != .end {
            if isKeyword(Keyword.create) {
                try advance()
                try expectKeyword(Keyword.role, hint: "after CREATE comes ROLE")
                schema.roles.append(try parseName(what: "role name"))
            } else if isKeyword(Keyword.record) {
                let type = try parseRecordType()
                // One hash per name: the value replaced is where the name was first seen.
                if let first = seenTypes.updateValue(type.location!, forKey: ExactName(type.name)) {
                    throw SchemaParseError(location: type.location!, message: "record type \(type.name) is defined twice (first at \(first))")
                }
                schema.recordTypes.append(type)
            } else {
                throw error("expected CREATE ROLE or RECORD TYPE, found \(describe(current))")
            }
            // ';' separates items; tolerate its absence only at the very end.
            if isSymbol(UInt8(ascii: ";")) { try advance() } else if current.kind != .end {
                throw error("expected ';' after the definition, found \(describe(current))")
            }
        }
        return schema
    }

    private mutating func parseRecordType() throws(SchemaParseError) -> RecordType {
        let start = current.location
        try advance()  // RECORD
        try expectKeyword(Keyword.type, hint: "after RECORD comes TYPE")
        var type = RecordType(name: try parseName(what: "record type name"), location: start)
        try expectSymbol(UInt8(ascii: "("))
        if isSymbol(UInt8(ascii: ")")) { try advance(); return type }
        repeat {
            if isKeyword(Keyword.grant), try isPermission(peek()) {
                type.grants.append(try parseGrant())
            } else {
                type.fields.append(try parseField())
            }
        } while try consumeComma()
        if let (first, again) = Self.firstRepeatedName(type.fields) {
            throw SchemaParseError(location: again.location!, message: "field \(again.name) appears twice in \(type.name) (first at \(first.location!))")
        }
        try expectSymbol(UInt8(ascii: ")"))
        return type
    }

    /// The first field (in file order) whose name an earlier one has, by bytes, with that
    /// earlier one. By sorting, not a table of names: for a million fields a sort costs a
    /// fraction of what hashing each name (and rehashing as the table grows) does.
    private static func firstRepeatedName(_ fields: [Field]) -> (first: Field, again: Field)? {
        // By name, then by place: equal names stay in file order.
        let order = fields.indices.sorted { asciiLess(fields[$0].name, fields[$1].name) || ($0 < $1 && !asciiLess(fields[$1].name, fields[$0].name)) }
        var found: (first: Int, again: Int)?
        var start = 0
        for position in order.indices.dropFirst() {
            if fields[order[position]].name.isExactly(fields[order[start]].name) {
                if position == start + 1, found.map({ order[position] < $0.again }) ?? true { found = (order[start], order[position]) }
            } else {
                start = position
            }
        }
        return found.map { (fields[$0.first], fields[$0.again]) }
    }

    /// After an item: `,` continues the list, `)` ends it; anything else is an error.
    private mutating func consumeComma() throws(SchemaParseError) -> Bool {
        guard isSymbol(UInt8(ascii: ",")) else { return false }
        try advance()
        if isSymbol(UInt8(ascii: ")")) { throw error("trailing ',' before ')': remove it") }
        return true
    }

    private mutating func parseField() throws(SchemaParseError) -> Field {
        let location = current.location
        let name = try parseName(what: "field name or GRANT")
        let type = try parseFieldType()
        var options: IndexOptions = []
        while current.kind == .word, let option = Self.indexOptions.first(where: { isKeyword($0.bytes) })?.option {
            options.insert(option)
            try advance()
        }
        return Field(name: name, type: type, options: options, location: location)
    }

    private mutating func parseFieldType() throws(SchemaParseError) -> FieldType {
        if isKeyword(Keyword.list) {
            try advance()
            try expectSymbol(UInt8(ascii: "<"))
            let element = try parsePrimitiveType()
            try expectSymbol(UInt8(ascii: ">"))
            return .list(element)
        }
        return .primitive(try parsePrimitiveType())
    }

    private mutating func parsePrimitiveType() throws(SchemaParseError) -> PrimitiveType {
        guard current.kind == .word else {
            throw error("expected a field type (STRING, INT64, ...), found \(describe(current))")
        }
        if let simple = Self.simpleTypes.first(where: { isKeyword($0.bytes) })?.type {
            try advance()
            return simple
        }
        if isKeyword(Keyword.encrypted) {
            try advance()
            guard current.kind == .word, let type = EncryptableType.allCases.first(where: { isKeyword(Array($0.rawValue.utf8)) }) else {
                throw error("ENCRYPTED takes BYTES, STRING, DOUBLE, INT64, LOCATION or TIMESTAMP, found \(describe(current))")
            }
            try advance()
            return .encrypted(type)
        }
        if isKeyword(Keyword.number) {
            try advance()
            guard isKeyword(Keyword.preferred) else { return .number(preferredAs: nil) }
            try advance()
            try expectKeyword(Keyword.as, hint: "NUMBER PREFERRED AS INT64 or DOUBLE")
            guard current.kind == .word, let preference = NumberPreference.allCases.first(where: { isKeyword(Array($0.rawValue.utf8)) }) else {
                throw error("NUMBER PREFERRED AS takes INT64 or DOUBLE, found \(describe(current))")
            }
            try advance()
            return .number(preferredAs: preference)
        }
        let known = "ASSET, BYTES, DOUBLE, INT64, LOCATION, REFERENCE, STRING, TIMESTAMP, ENCRYPTED ..., NUMBER, LIST<...>"
        throw error("unknown field type '\(text(of: current))': expected one of \(known)")
    }

    private static let indexOptions: [(bytes: [UInt8], option: IndexOptions)] = IndexOptions.keywords.map { (Array($0.0.utf8), $0.1) }
    private static let permissions: [(bytes: [UInt8], permission: Permissions)] = Permissions.keywords.map { (Array($0.0.utf8), $0.1) }

    private static let simpleTypes: [(bytes: [UInt8], type: PrimitiveType)] = {
        let types: [(String, PrimitiveType)] = [
            ("ASSET", .asset), ("BYTES", .bytes), ("DOUBLE", .double), ("INT64", .int64),
            ("LOCATION", .location), ("REFERENCE", .reference), ("STRING", .string), ("TIMESTAMP", .timestamp),
        ]
        return types.map { (Array($0.0.utf8), $0.1) }
    }()

    private mutating func parseGrant() throws(SchemaParseError) -> Grant {
        try advance()  // GRANT
        var permissions: Permissions = []
        while true {
            guard current.kind == .word, let permission = Self.permissions.first(where: { isKeyword($0.bytes) })?.permission else {
                throw error("expected READ, CREATE or WRITE, found \(describe(current))")
            }
            permissions.insert(permission)
            try advance()
            // `GRANT READ, WRITE TO r`: a comma followed by a permission continues this grant.
            guard isSymbol(UInt8(ascii: ",")), try isPermission(peek()) else { break }
            try advance()
        }
        try expectKeyword(Keyword.to, hint: "GRANT READ TO role")
        return Grant(permissions, to: try parseName(what: "role name"))
    }

    private mutating func parseName(what: String) throws(SchemaParseError) -> String {
        switch current.kind {
        case .word, .quoted:
            let name = text(of: current)
            try advance()
            return name
        default:
            throw error("expected \(what), found \(describe(current))")
        }
    }

    // MARK: - Token helpers

    /// The token after `current`.
    private mutating func peek() throws(SchemaParseError) -> SchemaToken {
        if current.kind == .end { return current }
        if let lookahead { return lookahead }
        let next = try lexer.next()
        lookahead = next
        return next
    }

    private mutating func advance() throws(SchemaParseError) {
        guard current.kind != .end else { return }
        if let next = lookahead {
            current = next
            lookahead = nil
        } else {
            current = try lexer.next()
        }
    }

    private func text(of token: SchemaToken) -> String {
        String(decoding: lexer.bytes[token.text], as: UTF8.self)
    }

    /// The keywords, upper case; a word matches one whatever its case.
    private enum Keyword {
        static let define = Array("DEFINE".utf8), schema = Array("SCHEMA".utf8), create = Array("CREATE".utf8)
        static let role = Array("ROLE".utf8), record = Array("RECORD".utf8), type = Array("TYPE".utf8)
        static let grant = Array("GRANT".utf8), list = Array("LIST".utf8), encrypted = Array("ENCRYPTED".utf8)
        static let number = Array("NUMBER".utf8), preferred = Array("PREFERRED".utf8), `as` = Array("AS".utf8)
        static let to = Array("TO".utf8)
    }

    private func isKeyword(_ keyword: [UInt8]) -> Bool {
        isKeyword(keyword, current)
    }

    /// ASCII letters compared without case, on the bytes (no upper-cased copy per word).
    private func isKeyword(_ keyword: [UInt8], _ token: SchemaToken) -> Bool {
        guard token.kind == .word, token.text.count == keyword.count else { return false }
        var offset = token.text.lowerBound
        for expected in keyword {
            let byte = lexer.bytes[offset]
            guard byte == expected || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") && byte - 32 == expected) else { return false }
            offset += 1
        }
        return true
    }

    private func isPermission(_ token: SchemaToken) -> Bool {
        Self.permissions.contains { isKeyword($0.bytes, token) }
    }

    private func isSymbol(_ symbol: UInt8) -> Bool {
        current.kind == .symbol(symbol)
    }

    private mutating func expectKeyword(_ keyword: [UInt8], hint: String) throws(SchemaParseError) {
        guard isKeyword(keyword) else {
            throw error("expected \(String(decoding: keyword, as: UTF8.self)), found \(describe(current)) (\(hint))")
        }
        try advance()
    }

    private mutating func expectSymbol(_ symbol: UInt8) throws(SchemaParseError) {
        guard isSymbol(symbol) else { throw error("expected '\(Character(UnicodeScalar(symbol)))', found \(describe(current))") }
        try advance()
    }

    private func error(_ message: String) -> SchemaParseError {
        SchemaParseError(location: current.location, message: message)
    }

    private func describe(_ token: SchemaToken) -> String {
        switch token.kind {
        case .word: return "'\(text(of: token))'"
        case .quoted: return "\"\(text(of: token))\""
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
