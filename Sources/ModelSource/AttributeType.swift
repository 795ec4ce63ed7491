/// The Core Data attribute type of a stored property: as a Core Data model declares it,
/// or as SwiftData gives it to a Swift type. It decides what NSPersistentCloudKitContainer
/// writes for the property (Docs/CloudKitMapping.md). Raw values are the names an
/// `.xcdatamodel` file uses.
package enum AttributeType: String, Codable, Sendable, CaseIterable {
    case integer16 = "Integer 16", integer32 = "Integer 32", integer64 = "Integer 64"
    case decimal = "Decimal", double = "Double", float = "Float"
    case string = "String", boolean = "Boolean", date = "Date", binary = "Binary"
    case uuid = "UUID", uri = "URI", transformable = "Transformable"
    /// What SwiftData makes of a Codable struct or an enum (with or without a raw value).
    case composite = "Composite"
    /// A SwiftData array, set or dictionary. It reaches CloudKit as one encoded value, but
    /// which Core Data type SwiftData gives it is not settled by public evidence.
    case collection = "Collection"
    /// Core Data types no stored attribute may have (valid only for transient ones).
    case undefined = "Undefined", objectID = "Object ID"

    /// The type of an `.xcdatamodel` `attributeType`; nil for names Core Data does not have.
    package init?(coreDataName: String) {
        guard let type = AttributeType(rawValue: coreDataName), type != .collection else { return nil }
        self = type
    }

    /// The Swift type a Core Data attribute of this type reads as, for messages and
    /// `models` (`Integer 16` -> `Int16`); Transformable and Composite keep their names.
    package var swiftTypeName: String {
        switch self {
        case .integer16: return "Int16"
        case .integer32: return "Int32"
        case .integer64: return "Int64"
        case .boolean: return "Bool"
        case .binary: return "Data"
        case .uri: return "URL"
        case .objectID: return "NSManagedObjectID"
        case .decimal, .double, .float, .string, .date, .uuid, .transformable, .composite, .collection, .undefined: return rawValue
        }
    }

    /// The type SwiftData gives a stored property whose type, without optionality, is
    /// `base`: its own type for the Swift types Core Data has one for,
    /// Transformable with `@Attribute(.transformable(by:))`, Collection for arrays, sets and
    /// dictionaries, and Composite for every other (Codable) value type.
    /// `scalar`: `scalarType(named: base)`, when the caller found it already.
    package static func swiftData(base: String, isCollection: Bool, transformable: Bool, scalar: AttributeType? = nil) -> AttributeType {
        if transformable { return .transformable }
        if isCollection { return .collection }
        // No key has a dot: a name found as written needs no unqualifying (nearly all),
        // and one left as it is was already looked up.
        if let type = scalar ?? scalarType(named: base) { return type }
        let name = unqualified(base)
        return name == base ? .composite : scalarType(named: name) ?? .composite
    }

    /// `swiftScalarTypes[name]`, by comparing the few names of its length (at most six)
    /// instead of hashing: asked once for every attribute of every model.
    static func scalarType(named name: String) -> AttributeType? {
        let length = name.utf8.count
        guard length < scalarTypesByLength.count else { return nil }
        for entry in scalarTypesByLength[length] where entry.name == name { return entry.type }
        return nil
    }

    private static let scalarTypesByLength: [[(name: String, type: AttributeType)]] = {
        let longest = swiftScalarTypes.keys.map(\.utf8.count).max() ?? 0
        var byLength = [[(name: String, type: AttributeType)]](repeating: [], count: longest + 1)
        for (name, type) in swiftScalarTypes { byLength[name.utf8.count].append((name, type)) }
        return byLength
    }()

    /// The Swift types SwiftData stores in an attribute of their own Core Data type.
    package static let swiftScalarTypes: [String: AttributeType] = [
        "Bool": .boolean,
        "Int8": .integer16, "Int16": .integer16, "UInt8": .integer16,
        "Int32": .integer32, "UInt16": .integer32,
        "Int": .integer64, "Int64": .integer64, "UInt": .integer64, "UInt32": .integer64, "UInt64": .integer64,
        "Double": .double, "Float64": .double, "CGFloat": .double, "TimeInterval": .double,
        "Float": .float, "Float32": .float, "Float16": .float,
        "Decimal": .decimal, "Date": .date, "String": .string, "UUID": .uuid, "URL": .uri, "Data": .binary,
    ]

    /// `Foundation.Date` -> `Date`; generic and nested names are left whole.
    package static func unqualified(_ name: String) -> String {
        // Every prefix ends with a dot: a name without one (nearly all) is left as is.
        guard name.utf8.contains(UInt8(ascii: ".")) else { return name }
        for prefix in ["Swift.", "Foundation.", "CoreGraphics."] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if !rest.contains(".") { return String(rest) }
        }
        return name
    }
}
