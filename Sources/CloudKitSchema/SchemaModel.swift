/// The typed model of a CloudKit schema (`DEFINE SCHEMA ...`).
///
/// Names are stored unquoted: `"___recordID"` and `___recordID` are the same field,
/// so quoting style never counts as a difference.
package struct Schema: Equatable, Sendable {
    /// Roles from `CREATE ROLE`, in declaration order (exports keep that order).
    package var roles: [String]
    package var recordTypes: [RecordType]

    package init(roles: [String] = [], recordTypes: [RecordType] = []) {
        self.roles = roles
        self.recordTypes = recordTypes
    }

    package func recordType(named name: String) -> RecordType? {
        recordTypes.first { $0.name.isExactly(name) }
    }

    package static func == (lhs: Schema, rhs: Schema) -> Bool {
        lhs.roles.map { ExactName($0) } == rhs.roles.map { ExactName($0) } && lhs.recordTypes == rhs.recordTypes
    }
}

package struct RecordType: Equatable, Sendable {
    package var name: String
    package var fields: [Field]
    package var grants: [Grant]
    /// Where the type was declared, when it came from a file.
    package var location: SourceLocation?

    package init(name: String, fields: [Field] = [], grants: [Grant] = [], location: SourceLocation? = nil) {
        self.name = name
        self.fields = fields
        self.grants = grants
        self.location = location
    }

    package func field(named name: String) -> Field? {
        fields.first { $0.name.isExactly(name) }
    }

    /// Permissions per role, merged across GRANT lines (several lines may name one role).
    package var permissionsByRole: [ExactName: Permissions] {
        grants.reduce(into: [:]) { $0[ExactName($1.role), default: []].formUnion($1.permissions) }
    }

    package static func == (lhs: RecordType, rhs: RecordType) -> Bool {
        lhs.name.isExactly(rhs.name) && lhs.fields == rhs.fields && lhs.grants == rhs.grants
    }
}

package struct Field: Equatable, Sendable {
    package var name: String
    package var type: FieldType
    package var options: IndexOptions
    package var location: SourceLocation?

    package init(name: String, type: FieldType, options: IndexOptions = [], location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.options = options
        self.location = location
    }

    /// The six fields CloudKit adds to every record type (`"___recordID"` and friends).
    package var isSystemField: Bool { name.hasPrefix("___") }

    package static func == (lhs: Field, rhs: Field) -> Bool {
        lhs.name.isExactly(rhs.name) && lhs.type == rhs.type && lhs.options == rhs.options
    }
}

package enum FieldType: Hashable, Sendable, CustomStringConvertible {
    case primitive(PrimitiveType)
    case list(PrimitiveType)

    package var description: String {
        switch self {
        case .primitive(let type): return type.description
        case .list(let type): return "LIST<\(type.description)>"
        }
    }
}

package enum PrimitiveType: Hashable, Sendable, CustomStringConvertible {
    case asset, bytes, double, int64, location, reference, string, timestamp
    case encrypted(EncryptableType)
    case number(preferredAs: NumberPreference?)

    package var description: String {
        switch self {
        case .asset: return "ASSET"
        case .bytes: return "BYTES"
        case .double: return "DOUBLE"
        case .int64: return "INT64"
        case .location: return "LOCATION"
        case .reference: return "REFERENCE"
        case .string: return "STRING"
        case .timestamp: return "TIMESTAMP"
        case .encrypted(let type): return "ENCRYPTED \(type.rawValue)"
        case .number(nil): return "NUMBER"
        case .number(let preference?): return "NUMBER PREFERRED AS \(preference.rawValue)"
        }
    }
}

/// The types `ENCRYPTED` may wrap.
package enum EncryptableType: String, Hashable, Sendable, CaseIterable {
    case bytes = "BYTES", string = "STRING", double = "DOUBLE", int64 = "INT64"
    case location = "LOCATION", timestamp = "TIMESTAMP"
}

package enum NumberPreference: String, Hashable, Sendable, CaseIterable {
    case int64 = "INT64", double = "DOUBLE"
}

/// `QUERYABLE`, `SEARCHABLE`, `SORTABLE`. Printed in that (alphabetical) order, as exports do.
package struct IndexOptions: OptionSet, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let queryable = IndexOptions(rawValue: 1)
    package static let searchable = IndexOptions(rawValue: 2)
    package static let sortable = IndexOptions(rawValue: 4)

    static let keywords: [(String, IndexOptions)] = [
        ("QUERYABLE", .queryable), ("SEARCHABLE", .searchable), ("SORTABLE", .sortable),
    ]

    package var description: String {
        rawValue < 8 ? Self.descriptions[Int(rawValue)] : Self.describe(self)
    }

    /// The eight descriptions, made once (a schema prints one per field).
    private static let descriptions = (0..<8).map { describe(IndexOptions(rawValue: UInt8($0))) }

    private static func describe(_ options: IndexOptions) -> String {
        let names = keywords.filter { options.contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: " ")
    }
}

/// `READ`, `CREATE`, `WRITE`, printed in that order.
package struct Permissions: OptionSet, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let read = Permissions(rawValue: 1)
    package static let create = Permissions(rawValue: 2)
    package static let write = Permissions(rawValue: 4)

    static let keywords: [(String, Permissions)] = [("READ", .read), ("CREATE", .create), ("WRITE", .write)]

    package var description: String {
        let names = Self.keywords.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

package struct Grant: Hashable, Sendable {
    package var permissions: Permissions
    package var role: String

    package init(_ permissions: Permissions, to role: String) {
        self.permissions = permissions
        self.role = role
    }

    package static func == (lhs: Grant, rhs: Grant) -> Bool {
        lhs.permissions == rhs.permissions && lhs.role.isExactly(rhs.role)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(permissions)
        hasher.combine(ExactName(role))
    }
}
