/// The app's persisted models as read from source (SwiftData `@Model` classes or a Core
/// Data `.xcdatamodeld`), with the file and line of every declaration. This is the only
/// artifact that knows what the CloudKit schema must contain. JSON shape: README
/// "models --format json".
public struct AppModel: Codable, Equatable, Sendable {
    public var entities: [Entity]
    /// Type names registered with `Schema([...])`, `ModelContainer(for:)` or a
    /// `VersionedSchema.models` list, when any registration was found.
    public var registeredTypes: [String]?
    /// Problems met while reading (unreadable file, unknown property type...): reported,
    /// never silently dropped.
    public var diagnostics: [ModelDiagnostic]
    /// The `VersionedSchema` the models were taken from, when the sources have versions.
    public var activeSchemaVersion: String?

    public init(
        entities: [Entity] = [], registeredTypes: [String]? = nil, diagnostics: [ModelDiagnostic] = [],
        activeSchemaVersion: String? = nil
    ) {
        self.entities = entities
        self.registeredTypes = registeredTypes
        self.diagnostics = diagnostics
        self.activeSchemaVersion = activeSchemaVersion
    }

    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }

    /// Every entity by name, the first of each name as `entity(named:)` finds it, for
    /// callers that look names up once per relationship or entity: a scan per lookup costs
    /// time quadratic in the number of models.
    public func entitiesByName() -> [String: Entity] {
        var byName: [String: Entity] = [:]
        byName.reserveCapacity(entities.count)
        for entity in entities where byName[entity.name] == nil { byName[entity.name] = entity }
        return byName
    }
}

public struct Entity: Codable, Equatable, Sendable {
    public var name: String
    public var file: String
    public var line: Int
    /// Core Data parent entity; sub-entities share the root entity's record type.
    public var parent: String?
    public var attributes: [Attribute]
    public var relationships: [Relationship]
    /// `#Unique<T>([\.a, \.b])` constraints, each a list of property names.
    public var uniqueConstraints: [[String]]
    /// Where each of `uniqueConstraints` is written (its `#Unique` line); empty when the
    /// source has no lines for them (Core Data). Not part of the JSON form.
    public var uniqueConstraintLines: [Int] = []

    private enum CodingKeys: String, CodingKey {
        case name, file, line, parent, attributes, relationships, uniqueConstraints
    }

    /// The line to report constraint `index` at: its own, or the entity's.
    public func lineOfUniqueConstraint(_ index: Int) -> Int {
        uniqueConstraintLines.indices.contains(index) ? uniqueConstraintLines[index] : line
    }

    public init(
        name: String, file: String, line: Int, parent: String? = nil,
        attributes: [Attribute] = [], relationships: [Relationship] = [], uniqueConstraints: [[String]] = []
    ) {
        self.name = name
        self.file = file
        self.line = line
        self.parent = parent
        self.attributes = attributes
        self.relationships = relationships
        self.uniqueConstraints = uniqueConstraints
    }
}

public struct Attribute: Codable, Equatable, Sendable {
    public var name: String
    /// The Swift type as written (`String`, `[Tag]`, `Kind`), or the Core Data
    /// attribute type mapped to Swift (`Int64`, `Date`...). Nil when it could not be known.
    public var swiftType: String?
    public var optional: Bool
    public var hasDefault: Bool
    public var externalStorage: Bool
    public var unique: Bool
    public var allowsCloudEncryption: Bool
    public var originalName: String?
    /// The Core Data attribute type (declared, or the one SwiftData gives `swiftType`);
    /// nil when the type is unknown.
    public var attributeType: AttributeType?
    /// A Core Data derived attribute (`derived="YES"`): read-only, never written to CloudKit.
    public var derived: Bool
    /// `NSCloudKitMirroringDelegateIgnoredPropertyKey` is true in its userInfo: not mirrored.
    public var mirroringIgnored: Bool
    /// `NSPersistentCloudKitContainerEncryptedAttributeKey` in its userInfo, when present;
    /// it decides encryption instead of `allowsCloudEncryption`.
    public var encryptedAttributeKey: Bool?
    /// The Swift type is an enum declared in the sources (SwiftData stores it as Composite).
    public var enumType: Bool
    public var line: Int

    public init(
        name: String, swiftType: String?, optional: Bool, hasDefault: Bool, externalStorage: Bool = false,
        unique: Bool = false, allowsCloudEncryption: Bool = false, originalName: String? = nil,
        attributeType: AttributeType? = nil, derived: Bool = false, mirroringIgnored: Bool = false,
        encryptedAttributeKey: Bool? = nil, enumType: Bool = false, line: Int
    ) {
        self.name = name
        self.swiftType = swiftType
        self.optional = optional
        self.hasDefault = hasDefault
        self.externalStorage = externalStorage
        self.unique = unique
        self.allowsCloudEncryption = allowsCloudEncryption
        self.originalName = originalName
        self.attributeType = attributeType
        self.derived = derived
        self.mirroringIgnored = mirroringIgnored
        self.encryptedAttributeKey = encryptedAttributeKey
        self.enumType = enumType
        self.line = line
    }

    /// Whether CloudKit stores its value in `encryptedValues` (Core Data's
    /// shouldEncryptValueForAttribute: the userInfo key wins over the flag).
    public var isCloudEncrypted: Bool { encryptedAttributeKey ?? allowsCloudEncryption }

    /// Whether NSPersistentCloudKitContainer writes it at all: derived attributes are
    /// read-only and ignored ones are not tracked (transient ones are never read).
    public var isMirrored: Bool { !derived && !mirroringIgnored }

    private enum CodingKeys: String, CodingKey {
        case name, swiftType, optional, hasDefault, externalStorage, unique, allowsCloudEncryption, originalName
        case attributeType, derived, mirroringIgnored, encryptedAttributeKey, enumType, line
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        swiftType = try container.decodeIfPresent(String.self, forKey: .swiftType)
        optional = try container.decode(Bool.self, forKey: .optional)
        hasDefault = try container.decode(Bool.self, forKey: .hasDefault)
        externalStorage = try container.decode(Bool.self, forKey: .externalStorage)
        unique = try container.decode(Bool.self, forKey: .unique)
        allowsCloudEncryption = try container.decode(Bool.self, forKey: .allowsCloudEncryption)
        originalName = try container.decodeIfPresent(String.self, forKey: .originalName)
        attributeType = try container.decodeIfPresent(AttributeType.self, forKey: .attributeType)
        derived = try container.decodeIfPresent(Bool.self, forKey: .derived) ?? false
        mirroringIgnored = try container.decodeIfPresent(Bool.self, forKey: .mirroringIgnored) ?? false
        encryptedAttributeKey = try container.decodeIfPresent(Bool.self, forKey: .encryptedAttributeKey)
        enumType = try container.decodeIfPresent(Bool.self, forKey: .enumType) ?? false
        line = try container.decode(Int.self, forKey: .line)
    }

    /// The flags that are rarely set appear in JSON only when set (AppModelJSON writes the same).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(swiftType, forKey: .swiftType)
        try container.encode(optional, forKey: .optional)
        try container.encode(hasDefault, forKey: .hasDefault)
        try container.encode(externalStorage, forKey: .externalStorage)
        try container.encode(unique, forKey: .unique)
        try container.encode(allowsCloudEncryption, forKey: .allowsCloudEncryption)
        try container.encodeIfPresent(originalName, forKey: .originalName)
        try container.encodeIfPresent(attributeType, forKey: .attributeType)
        if derived { try container.encode(true, forKey: .derived) }
        if mirroringIgnored { try container.encode(true, forKey: .mirroringIgnored) }
        try container.encodeIfPresent(encryptedAttributeKey, forKey: .encryptedAttributeKey)
        if enumType { try container.encode(true, forKey: .enumType) }
        try container.encode(line, forKey: .line)
    }
}

public enum DeleteRule: String, Codable, Sendable {
    case nullify, cascade, deny, noAction
}

public struct Relationship: Codable, Equatable, Sendable {
    public var name: String
    public var destination: String
    public var toMany: Bool
    public var optional: Bool
    /// The inverse property name on the destination, when declared or inferred.
    public var inverse: String?
    public var deleteRule: DeleteRule
    /// Core Data ordered to-many relationship (CloudKit cannot mirror these).
    public var ordered: Bool
    public var originalName: String?
    /// `NSCloudKitMirroringDelegateIgnoredPropertyKey` is true in its userInfo: not mirrored.
    public var mirroringIgnored: Bool
    public var line: Int

    public init(
        name: String, destination: String, toMany: Bool, optional: Bool, inverse: String?,
        deleteRule: DeleteRule = .nullify, ordered: Bool = false, originalName: String? = nil,
        mirroringIgnored: Bool = false, line: Int
    ) {
        self.name = name
        self.destination = destination
        self.toMany = toMany
        self.optional = optional
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.ordered = ordered
        self.originalName = originalName
        self.mirroringIgnored = mirroringIgnored
        self.line = line
    }

    private enum CodingKeys: String, CodingKey {
        case name, destination, toMany, optional, inverse, deleteRule, ordered, originalName, mirroringIgnored, line
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        destination = try container.decode(String.self, forKey: .destination)
        toMany = try container.decode(Bool.self, forKey: .toMany)
        optional = try container.decode(Bool.self, forKey: .optional)
        inverse = try container.decodeIfPresent(String.self, forKey: .inverse)
        deleteRule = try container.decode(DeleteRule.self, forKey: .deleteRule)
        ordered = try container.decode(Bool.self, forKey: .ordered)
        originalName = try container.decodeIfPresent(String.self, forKey: .originalName)
        mirroringIgnored = try container.decodeIfPresent(Bool.self, forKey: .mirroringIgnored) ?? false
        line = try container.decode(Int.self, forKey: .line)
    }

    /// `mirroringIgnored` appears in JSON only when set (AppModelJSON writes the same).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(destination, forKey: .destination)
        try container.encode(toMany, forKey: .toMany)
        try container.encode(optional, forKey: .optional)
        try container.encodeIfPresent(inverse, forKey: .inverse)
        try container.encode(deleteRule, forKey: .deleteRule)
        try container.encode(ordered, forKey: .ordered)
        try container.encodeIfPresent(originalName, forKey: .originalName)
        if mirroringIgnored { try container.encode(true, forKey: .mirroringIgnored) }
        try container.encode(line, forKey: .line)
    }
}

/// Something the reader could not use, with where it was.
public struct ModelDiagnostic: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, CaseIterable, Sendable {
        /// A file could not be read or decoded.
        case unreadableFile = "unreadable-file"
        /// A stored property whose type could not be inferred.
        case unknownType = "unknown-type"
        /// A model declared but not registered, or registered but not declared.
        case unregisteredModel = "unregistered-model"
        case undeclaredModel = "undeclared-model"
        /// Input that could not be parsed (malformed XML, unbalanced braces...).
        case parseError = "parse-error"
    }

    public var kind: Kind
    public var message: String
    public var file: String
    public var line: Int?

    public init(kind: Kind, message: String, file: String, line: Int? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
    }
}
