import CloudKitSchema

/// How NSPersistentCloudKitContainer stores a model value in a CloudKit field
/// (Docs/CloudKitMapping.md): the field type, and whether a large value moves to a
/// `_ckAsset` companion.
public enum CloudKitFieldMapping {
    /// Which companion a variable-length value gets, which decides its default severity.
    public enum AssetCompanion: String, Sendable {
        /// String and URL: text rarely outgrows a record.
        case text
        /// Data and encoded values (Codable structs, enums, collections).
        case data
    }

    public struct Mapping: Equatable, Sendable {
        public var type: PrimitiveType
        public var companion: AssetCompanion?
    }

    /// The field for an attribute of Swift type `swiftType` (written without optionality).
    /// Anything not a known scalar is stored encoded, as BYTES.
    public static func mapping(forSwiftType swiftType: String, encrypted: Bool = false) -> Mapping {
        var mapping = plainMapping(unqualified(swiftType))
        if encrypted, let encryptable = encryptable(mapping.type) { mapping.type = .encrypted(encryptable) }
        return mapping
    }

    private static func plainMapping(_ name: String) -> Mapping {
        switch name {
        case "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
            return Mapping(type: .int64, companion: nil)
        case "Double", "Float", "Float32", "Float64", "Float16", "CGFloat", "Decimal":
            return Mapping(type: .double, companion: nil)
        case "Date":
            return Mapping(type: .timestamp, companion: nil)
        case "String", "URL":
            return Mapping(type: .string, companion: .text)
        case "UUID":
            return Mapping(type: .string, companion: nil)
        default:
            // Data, Codable structs, enums, arrays, sets, dictionaries, transformables.
            return Mapping(type: .bytes, companion: .data)
        }
    }

    /// `Foundation.Date` -> `Date`; generic and collection types are left whole.
    static func unqualified(_ name: String) -> String {
        for prefix in ["Swift.", "Foundation.", "CoreGraphics."] where name.hasPrefix(prefix) {
            let rest = String(name.dropFirst(prefix.count))
            if !rest.contains(".") { return rest }
        }
        return name
    }

    private static func encryptable(_ type: PrimitiveType) -> EncryptableType? {
        switch type {
        case .bytes: return .bytes
        case .string: return .string
        case .double: return .double
        case .int64: return .int64
        case .timestamp: return .timestamp
        case .location: return .location
        default: return nil
        }
    }

    /// Index options a Development export shows for a field of this type (observed):
    /// STRING queryable, searchable, sortable; numbers, dates and bytes queryable and
    /// sortable; assets and encrypted fields none.
    public static func defaultIndexes(for type: PrimitiveType) -> IndexOptions {
        switch type {
        case .string: return [.queryable, .searchable, .sortable]
        case .int64, .double, .timestamp, .bytes: return [.queryable, .sortable]
        case .reference: return [.queryable]
        default: return []
        }
    }

    public static func field(_ name: String, _ type: PrimitiveType) -> Field {
        Field(name: name, type: .primitive(type), options: defaultIndexes(for: type))
    }

    /// The six fields CloudKit adds to every record type, as exports show them.
    public static let systemFields: [Field] = [
        Field(name: "___createTime", type: .primitive(.timestamp)),
        Field(name: "___createdBy", type: .primitive(.reference)),
        Field(name: "___etag", type: .primitive(.string)),
        Field(name: "___modTime", type: .primitive(.timestamp)),
        Field(name: "___modifiedBy", type: .primitive(.reference)),
        Field(name: "___recordID", type: .primitive(.reference), options: .queryable),
    ]

    /// Private-database grants of every Core Data record type.
    public static let recordTypeGrants: [Grant] = [
        Grant(.write, to: "_creator"), Grant(.create, to: "_icloud"), Grant(.read, to: "_world"),
    ]

    /// `Users`, present in every container.
    public static var usersRecordType: RecordType {
        RecordType(
            name: "Users", fields: systemFields + [Field(name: "roles", type: .list(.int64))],
            grants: [Grant(.write, to: "_creator"), Grant(.read, to: "_world")])
    }
}
