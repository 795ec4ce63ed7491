import CloudKitSchema
import ModelSource

/// How NSPersistentCloudKitContainer stores a model attribute in CloudKit
/// (Docs/CloudKitMapping.md, a row per type and flag): the field type, the `_ckAsset`
/// companion a large value moves to, and whether initializeCloudKitSchema creates them.
/// The only place that knows it: the expected schema, create's verification and lint's
/// type-change rule all ask here.
package enum CloudKitFieldMapping {
    /// Which companion a variable-length value gets, which decides its default severity.
    package enum AssetCompanion: String, Sendable {
        /// String and URI: text rarely outgrows a record.
        case text
        /// Binary and Transformable (and, unverified, SwiftData collections).
        case data
    }

    /// Whether initializeCloudKitSchema writes the field (it saves one record per entity
    /// with a sample value for each attribute, PFCloudKitSchemaGenerator).
    package enum Creation: Equatable, Sendable {
        case byInitializer
        /// No sample value for Composite: only a saved record that carries a value creates it.
        case onlyBySavedValue
        /// The attribute type is not settled, so neither is whether a sample value exists.
        case unverified
    }

    package struct Mapping: Equatable, Sendable {
        package var type: PrimitiveType
        package var companion: AssetCompanion?
        /// The evidence does not settle whether the companion exists: never an error.
        package var companionUnverified = false
        /// The evidence does not settle the field type: a different type is never an error.
        package var typeUnverified = false
        package var creation: Creation = .byInitializer

        package var companionCreation: Creation { companionUnverified ? .unverified : creation }
    }

    /// What Core Data does with an attribute.
    package enum Outcome: Equatable, Sendable {
        case field(Mapping)
        /// Derived, mirroring-ignored, Undefined and Object ID attributes.
        case notWritten
        /// The attribute's type could not be told.
        case unknownType
    }

    package static func outcome(for attribute: Attribute) -> Outcome {
        guard attribute.isMirrored else { return .notWritten }
        guard let type = attribute.attributeType else { return .unknownType }
        guard var mapping = mapping(for: type, encrypted: attribute.isCloudEncrypted) else { return .notWritten }
        // Only secondary sources say SwiftData stores enums as Composite (not as their raw type).
        if attribute.enumType { mapping.typeUnverified = true }
        return .field(mapping)
    }

    /// The field Core Data writes for an attribute of `type` (PFCloudKitSerializer's
    /// newCKRecordsFromObject: companions only for String, URI, Binary, Transformable);
    /// nil for the types it never writes (shouldTrackAttribute skips Undefined).
    package static func mapping(for type: AttributeType, encrypted: Bool = false) -> Mapping? {
        guard var mapping = plainMapping(type) else { return nil }
        if encrypted, let encryptable = encryptable(mapping.type) { mapping.type = .encrypted(encryptable) }
        return mapping
    }

    private static func plainMapping(_ type: AttributeType) -> Mapping? {
        switch type {
        case .undefined, .objectID:
            return nil
        case .boolean, .integer16, .integer32, .integer64:
            return Mapping(type: .int64)
        case .double, .float:
            return Mapping(type: .double)
        case .decimal:
            return Mapping(type: .double, typeUnverified: true)
        case .date:
            return Mapping(type: .timestamp)
        case .string, .uri:
            return Mapping(type: .string, companion: .text)
        case .uuid:
            return Mapping(type: .string)
        case .binary, .transformable:
            return Mapping(type: .bytes, companion: .data)
        case .composite:
            return Mapping(type: .bytes, creation: .onlyBySavedValue)
        case .collection:
            return Mapping(type: .bytes, companion: .data, companionUnverified: true, creation: .unverified)
        }
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
    package static func defaultIndexes(for type: PrimitiveType) -> IndexOptions {
        switch type {
        case .string: return [.queryable, .searchable, .sortable]
        case .int64, .double, .timestamp, .bytes: return [.queryable, .sortable]
        case .reference: return [.queryable]
        default: return []
        }
    }

    /// Core Data's zone-move receipt and its asset, on every record type (R-move-receipt).
    package static let moveReceiptFields: Set<String> = ["CD_moveReceipt", "CD_moveReceipt_ckAsset"]
    /// What a `_ckAsset` companion's name ends with.
    package static let companionSuffix = "_ckAsset"

    /// The field a `_ckAsset` companion accompanies (`CD_notes` for `CD_notes_ckAsset`), or
    /// nil when `name` is not a companion's.
    package static func companionBase(of name: String) -> String? {
        guard name.hasSuffix(companionSuffix), name.count > companionSuffix.count else { return nil }
        return String(name.dropLast(companionSuffix.count))
    }

    package static func field(_ name: String, _ type: PrimitiveType) -> Field {
        Field(name: name, type: .primitive(type), options: defaultIndexes(for: type))
    }

    /// The six fields CloudKit adds to every record type, as Core Data exports show them
    /// (`___recordID` without QUERYABLE until someone adds the index).
    package static let systemFields: [Field] = [
        Field(name: "___createTime", type: .primitive(.timestamp)),
        Field(name: "___createdBy", type: .primitive(.reference)),
        Field(name: "___etag", type: .primitive(.string)),
        Field(name: "___modTime", type: .primitive(.timestamp)),
        Field(name: "___modifiedBy", type: .primitive(.reference)),
        Field(name: "___recordID", type: .primitive(.reference)),
    ]

    /// Private-database grants of every Core Data record type.
    package static let recordTypeGrants: [Grant] = [
        Grant(.write, to: "_creator"), Grant(.create, to: "_icloud"), Grant(.read, to: "_world"),
    ]

    /// `Users`, present in every container.
    package static var usersRecordType: RecordType {
        RecordType(
            name: "Users", fields: systemFields + [Field(name: "roles", type: .list(.int64))],
            grants: [Grant(.write, to: "_creator"), Grant(.read, to: "_world")])
    }
}
