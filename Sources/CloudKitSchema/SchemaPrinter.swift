import Foundation

/// Prints a schema in the layout `cktool export-schema` writes, so that printing a
/// parsed export reproduces it byte for byte and hand-written files can be normalised:
/// `DEFINE SCHEMA`, roles in declaration order, record types sorted by ASCII name,
/// 4-space indent, items at 8, field names padded to the longest + 1, fields sorted by
/// their unquoted names byte-wise (so `CD_…` fields come before `"___createTime"` …
/// `"___recordID"`, and lower-case names after them), one GRANT per role sorted by role name.
package enum SchemaPrinter {
    package static func print(_ schema: Schema) -> String {
        // One string, appended to in place: a schema of a million fields is printed
        // without an array of lines (or two) beside it.
        var out = "DEFINE SCHEMA\n"
        if !schema.roles.isEmpty {
            out += "\n"
            for role in schema.roles { out += "    CREATE ROLE \(quoted(role));\n" }
        }
        for type in schema.recordTypes.sorted(by: { asciiLess($0.name, $1.name) }) {
            out += "\n"
            print(type, to: &out)
        }
        return out
    }

    static func print(_ type: RecordType) -> String {
        var out = ""
        print(type, to: &out)
        return out
    }

    static func print(_ type: RecordType, to out: inout String) {
        let fields = sortedFields(type.fields)
        let width = (fields.map { quotedLength($0.name) }.max() ?? 0) + 1
        let grants = type.permissionsByRole.sorted { asciiLess($0.key.text, $1.key.text) }.filter { !$0.value.isEmpty }
        out.reserveCapacity(out.utf8.count + fields.count * (width + 40) + 64)
        out += "    RECORD TYPE \(quoted(type.name)) (\n"
        var first = true
        func item() {
            out += first ? "        " : ",\n        "
            first = false
        }
        for field in fields {
            item()
            let name = quoted(field.name)
            out += name
            out += String(repeating: " ", count: width - name.utf8.count)
            out += field.type.description
            if !field.options.isEmpty { out += " " + field.options.description }
        }
        for (role, permissions) in grants {
            item()
            out += "GRANT \(permissions.description) TO \(quoted(role.text))"
        }
        if !first { out += "\n" }
        out += "    );\n"
    }

    /// The length in bytes of `quoted(name)`.
    static func quotedLength(_ name: String) -> Int {
        name.utf8.count + (needsQuotes(name) ? 2 : 0)
    }

    /// By unquoted name, byte-wise, as `cktool export-schema` orders them: upper-case
    /// `CD_` (0x43) before the system fields' `_` (0x5F) before lower-case names.
    package static func sortedFields(_ fields: [Field]) -> [Field] {
        fields.sorted { asciiLess($0.name, $1.name) }
    }

    /// Quotes names that are not plain identifiers (leading underscore, dots) or are keywords.
    package static func quoted(_ name: String) -> String {
        needsQuotes(name) ? "\"\(name)\"" : name
    }

    static func needsQuotes(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, first != UInt8(ascii: "_"), SchemaLexer.isIdentifierStart(first),
              bytes.allSatisfy(SchemaLexer.isIdentifierPart) else { return true }
        // Keywords are 2 to 10 letters: most names are ruled out by their length.
        return bytes.count <= 10 && reservedWords.contains(name)
    }

    /// Grammar keywords. Exports leave lowercase `type` or `name` bare, so only exact
    /// uppercase keywords are quoted.
    static let reservedWords: Set<String> = [
        "DEFINE", "SCHEMA", "CREATE", "ROLE", "RECORD", "TYPE", "GRANT", "READ", "WRITE", "TO",
        "QUERYABLE", "SORTABLE", "SEARCHABLE", "LIST", "ASSET", "BYTES", "DOUBLE", "INT64",
        "LOCATION", "REFERENCE", "STRING", "TIMESTAMP", "ENCRYPTED", "NUMBER", "PREFERRED", "AS",
    ]
}

/// Byte-wise comparison, the order `cktool` sorts names in (uppercase before lowercase).
package func asciiLess(_ lhs: String, _ rhs: String) -> Bool {
    // Native strings are contiguous UTF-8: memcmp, then the shorter first (a million
    // field names are sorted this way).
    let contiguous = lhs.utf8.withContiguousStorageIfAvailable { left in
        rhs.utf8.withContiguousStorageIfAvailable { right -> Bool in
            let common = min(left.count, right.count)
            let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
            return order < 0 || (order == 0 && left.count < right.count)
        }
    }
    if let answer = contiguous ?? nil { return answer }
    return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
}
