/// Prints a schema in the layout `cktool export-schema` writes, so that printing a
/// parsed export reproduces it byte for byte and hand-written files can be normalised:
/// `DEFINE SCHEMA`, roles in declaration order, record types sorted by ASCII name,
/// 4-space indent, items at 8, field names padded to the longest + 1, fields sorted by
/// their unquoted names byte-wise (so `CD_…` fields come before `"___createTime"` …
/// `"___recordID"`, and lower-case names after them), one GRANT per role sorted by role name.
package enum SchemaPrinter {
    package static func print(_ schema: Schema) -> String {
        var out = "DEFINE SCHEMA\n"
        if !schema.roles.isEmpty {
            out += "\n"
            for role in schema.roles { out += "    CREATE ROLE \(quoted(role));\n" }
        }
        for type in schema.recordTypes.sorted(by: { asciiLess($0.name, $1.name) }) {
            out += "\n"
            out += print(type)
        }
        return out
    }

    static func print(_ type: RecordType) -> String {
        let fields = sortedFields(type.fields)
        let names = fields.map { quoted($0.name) }
        let width = (names.map(\.utf8.count).max() ?? 0) + 1
        var items: [String] = []
        for (field, name) in zip(fields, names) {
            var line = name + String(repeating: " ", count: width - name.utf8.count) + field.type.description
            if !field.options.isEmpty { line += " " + field.options.description }
            items.append(line)
        }
        let grants = type.permissionsByRole.sorted { asciiLess($0.key.text, $1.key.text) }
        for (role, permissions) in grants where !permissions.isEmpty {
            items.append("GRANT \(permissions.description) TO \(quoted(role.text))")
        }
        var out = "    RECORD TYPE \(quoted(type.name)) (\n"
        out += items.map { "        " + $0 }.joined(separator: ",\n")
        if !items.isEmpty { out += "\n" }
        out += "    );\n"
        return out
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
        let bytes = Array(name.utf8)
        guard let first = bytes.first, first != UInt8(ascii: "_"), SchemaLexer.isIdentifierStart(first),
              bytes.allSatisfy(SchemaLexer.isIdentifierPart) else { return true }
        return reservedWords.contains(name)
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
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
}
