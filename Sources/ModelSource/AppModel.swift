/// The app's persisted models as read from source (SwiftData `@Model` classes or a Core
/// Data `.xcdatamodeld`), with the file and line of every declaration. This is the only
/// artifact that knows what the CloudKit schema must contain. JSON shape: Docs/commands.md
/// (`models --format json`).
package struct AppModel: Codable, Equatable, Sendable {
    package var entities: [Entity]
    /// Type names registered with `Schema([...])`, `ModelContainer(for:)` or a
    /// `VersionedSchema.models` list, when any registration was found.
    package var registeredTypes: [String]?
    /// Problems met while reading (unreadable file, unknown property type...): reported,
    /// never silently dropped.
    package var diagnostics: [ModelDiagnostic]
    /// The `VersionedSchema` the models were taken from, when the sources have versions.
    package var activeSchemaVersion: String?
    /// The stores the app's code builds and the models each holds (Docs/StoreMembership.md);
    /// empty when the sources read build none. Not part of the JSON form.
    package var stores: [ModelStore] = []
    /// Registering calls whose model list could not be followed: when there is one, the
    /// registered set is unknown and `registeredTypes` is only part of it. Not part of the
    /// JSON form (each is also a diagnostic).
    package var unfollowedRegistrations: [UnfollowedRegistration] = []

    private enum CodingKeys: String, CodingKey {
        case entities, registeredTypes, diagnostics, activeSchemaVersion
    }

    package init(
        entities: [Entity] = [], registeredTypes: [String]? = nil, diagnostics: [ModelDiagnostic] = [],
        activeSchemaVersion: String? = nil, stores: [ModelStore] = [], unfollowedRegistrations: [UnfollowedRegistration] = []
    ) {
        self.entities = entities
        self.registeredTypes = registeredTypes
        self.diagnostics = diagnostics
        self.activeSchemaVersion = activeSchemaVersion
        self.stores = stores
        self.unfollowedRegistrations = unfollowedRegistrations
    }

    /// Whether every registration was read: only then do `registeredTypes` say which models
    /// the app registers (and which it does not).
    package var registrationIsComplete: Bool { unfollowedRegistrations.isEmpty }

    package func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }

    /// Every entity by name, the first of each name as `entity(named:)` finds it, for
    /// callers that look names up once per relationship or entity: a scan per lookup costs
    /// time quadratic in the number of models.
    package func entitiesByName() -> [String: Entity] {
        var byName: [String: Entity] = [:]
        byName.reserveCapacity(entities.count)
        for entity in entities where byName[entity.name] == nil { byName[entity.name] = entity }
        return byName
    }
}

package struct Entity: Codable, Equatable, Sendable {
    package var name: String
    package var file: String
    package var line: Int
    /// Core Data parent entity; sub-entities share the root entity's record type.
    package var parent: String?
    package var attributes: [Attribute]
    package var relationships: [Relationship]
    /// `#Unique<T>([\.a, \.b])` constraints, each a list of property names.
    package var uniqueConstraints: [[String]]
    /// Where each of `uniqueConstraints` is written (its `#Unique` line); empty when the
    /// source has no lines for them (Core Data). Not part of the JSON form.
    package var uniqueConstraintLines: [Int] = []

    private enum CodingKeys: String, CodingKey {
        case name, file, line, parent, attributes, relationships, uniqueConstraints
    }

    /// The line to report constraint `index` at: its own, or the entity's.
    package func lineOfUniqueConstraint(_ index: Int) -> Int {
        uniqueConstraintLines.indices.contains(index) ? uniqueConstraintLines[index] : line
    }

    package init(
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

package struct Attribute: Codable, Equatable, Sendable {
    package var name: String
    /// The Swift type as written (`String`, `[Tag]`, `Kind`), or the Core Data
    /// attribute type mapped to Swift (`Int64`, `Date`...). Nil when it could not be known.
    package var swiftType: String?
    package var optional: Bool
    package var hasDefault: Bool
    package var externalStorage: Bool
    package var unique: Bool
    package var allowsCloudEncryption: Bool
    package var originalName: String?
    /// The Core Data attribute type (declared, or the one SwiftData gives `swiftType`);
    /// nil when the type is unknown.
    package var attributeType: AttributeType?
    /// A Core Data derived attribute (`derived="YES"`): read-only, never written to CloudKit.
    package var derived: Bool
    /// `NSCloudKitMirroringDelegateIgnoredPropertyKey` is true in its userInfo: not mirrored.
    package var mirroringIgnored: Bool
    /// `NSPersistentCloudKitContainerEncryptedAttributeKey` in its userInfo, when present;
    /// it decides encryption instead of `allowsCloudEncryption`.
    package var encryptedAttributeKey: Bool?
    /// The Swift type is an enum declared in the sources (SwiftData stores it as Composite).
    package var enumType: Bool
    package var line: Int

    package init(
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
    package var isCloudEncrypted: Bool { encryptedAttributeKey ?? allowsCloudEncryption }

    /// Whether NSPersistentCloudKitContainer writes it at all: derived attributes are
    /// read-only and ignored ones are not tracked (transient ones are never read).
    package var isMirrored: Bool { !derived && !mirroringIgnored }

    private enum CodingKeys: String, CodingKey {
        case name, swiftType, optional, hasDefault, externalStorage, unique, allowsCloudEncryption, originalName
        case attributeType, derived, mirroringIgnored, encryptedAttributeKey, enumType, line
    }

    package init(from decoder: any Decoder) throws {
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
    package func encode(to encoder: any Encoder) throws {
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

package enum DeleteRule: String, Codable, Sendable {
    case nullify, cascade, deny, noAction
}

package struct Relationship: Codable, Equatable, Sendable {
    package var name: String
    package var destination: String
    package var toMany: Bool
    package var optional: Bool
    /// The inverse property name on the destination, when declared or inferred.
    package var inverse: String?
    package var deleteRule: DeleteRule
    /// Core Data ordered to-many relationship (CloudKit cannot mirror these).
    package var ordered: Bool
    package var originalName: String?
    /// `NSCloudKitMirroringDelegateIgnoredPropertyKey` is true in its userInfo: not mirrored.
    package var mirroringIgnored: Bool
    package var line: Int

    package init(
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

    package init(from decoder: any Decoder) throws {
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
    package func encode(to encoder: any Encoder) throws {
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
package struct ModelDiagnostic: Codable, Equatable, Sendable {
    package enum Kind: String, Codable, CaseIterable, Sendable {
        /// A file could not be read or decoded.
        case unreadableFile = "unreadable-file"
        /// A stored property whose type could not be inferred.
        case unknownType = "unknown-type"
        /// A model declared but not registered, or registered but not declared.
        case unregisteredModel = "unregistered-model"
        case undeclaredModel = "undeclared-model"
        /// Input that could not be parsed (malformed XML, unbalanced braces...).
        case parseError = "parse-error"
        /// A registering call whose model list could not be followed: every declared model
        /// is then expected.
        case unresolvedRegistration = "unresolved-registration"
    }

    package var kind: Kind
    package var message: String
    package var file: String
    package var line: Int?

    package init(kind: Kind, message: String, file: String, line: Int? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
    }
}
