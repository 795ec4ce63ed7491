/// The typed model of a CloudKit schema (`DEFINE SCHEMA ...`).
///
/// Names are stored unquoted: `"___recordID"` and `___recordID` are the same field,
/// so quoting style never counts as a difference.
public struct Schema: Equatable, Sendable {
    /// Roles from `CREATE ROLE`, in declaration order (exports keep that order).
    public var roles: [String]
    public var recordTypes: [RecordType]

    public init(roles: [String] = [], recordTypes: [RecordType] = []) {
        self.roles = roles
        self.recordTypes = recordTypes
    }

    public func recordType(named name: String) -> RecordType? {
        recordTypes.first { $0.name == name }
    }
}

public struct RecordType: Equatable, Sendable {
    public var name: String
    public var fields: [Field]
    public var grants: [Grant]
    /// Where the type was declared, when it came from a file.
    public var location: SourceLocation?

    public init(name: String, fields: [Field] = [], grants: [Grant] = [], location: SourceLocation? = nil) {
        self.name = name
        self.fields = fields
        self.grants = grants
        self.location = location
    }

    public func field(named name: String) -> Field? {
        fields.first { $0.name == name }
    }

    /// Permissions per role, merged across GRANT lines (several lines may name one role).
    public var permissionsByRole: [String: Permissions] {
        grants.reduce(into: [:]) { $0[$1.role, default: []].formUnion($1.permissions) }
    }

    public static func == (lhs: RecordType, rhs: RecordType) -> Bool {
        lhs.name == rhs.name && lhs.fields == rhs.fields && lhs.grants == rhs.grants
    }
}

public struct Field: Equatable, Sendable {
    public var name: String
    public var type: FieldType
    public var options: IndexOptions
    public var location: SourceLocation?

    public init(name: String, type: FieldType, options: IndexOptions = [], location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.options = options
        self.location = location
    }

    /// The six fields CloudKit adds to every record type (`"___recordID"` and friends).
    public var isSystemField: Bool { name.hasPrefix("___") }

    public static func == (lhs: Field, rhs: Field) -> Bool {
        lhs.name == rhs.name && lhs.type == rhs.type && lhs.options == rhs.options
    }
}

public enum FieldType: Hashable, Sendable, CustomStringConvertible {
    case primitive(PrimitiveType)
    case list(PrimitiveType)

    public var description: String {
        switch self {
        case .primitive(let type): return type.description
        case .list(let type): return "LIST<\(type.description)>"
        }
    }
}

public enum PrimitiveType: Hashable, Sendable, CustomStringConvertible {
    case asset, bytes, double, int64, location, reference, string, timestamp
    case encrypted(EncryptableType)
    case number(preferredAs: NumberPreference?)

    public var description: String {
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
public enum EncryptableType: String, Hashable, Sendable, CaseIterable {
    case bytes = "BYTES", string = "STRING", double = "DOUBLE", int64 = "INT64"
    case location = "LOCATION", timestamp = "TIMESTAMP"
}

public enum NumberPreference: String, Hashable, Sendable, CaseIterable {
    case int64 = "INT64", double = "DOUBLE"
}

/// `QUERYABLE`, `SEARCHABLE`, `SORTABLE`. Printed in that (alphabetical) order, as exports do.
public struct IndexOptions: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let queryable = IndexOptions(rawValue: 1)
    public static let searchable = IndexOptions(rawValue: 2)
    public static let sortable = IndexOptions(rawValue: 4)

    static let keywords: [(String, IndexOptions)] = [
        ("QUERYABLE", .queryable), ("SEARCHABLE", .searchable), ("SORTABLE", .sortable),
    ]

    public var description: String {
        let names = Self.keywords.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: " ")
    }
}

/// `READ`, `CREATE`, `WRITE`, printed in that order.
public struct Permissions: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let read = Permissions(rawValue: 1)
    public static let create = Permissions(rawValue: 2)
    public static let write = Permissions(rawValue: 4)

    static let keywords: [(String, Permissions)] = [("READ", .read), ("CREATE", .create), ("WRITE", .write)]

    public var description: String {
        let names = Self.keywords.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

public struct Grant: Hashable, Sendable {
    public var permissions: Permissions
    public var role: String

    public init(_ permissions: Permissions, to role: String) {
        self.permissions = permissions
        self.role = role
    }
}
