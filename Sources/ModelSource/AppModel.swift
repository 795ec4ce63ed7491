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
    public var line: Int

    public init(
        name: String, swiftType: String?, optional: Bool, hasDefault: Bool, externalStorage: Bool = false,
        unique: Bool = false, allowsCloudEncryption: Bool = false, originalName: String? = nil, line: Int
    ) {
        self.name = name
        self.swiftType = swiftType
        self.optional = optional
        self.hasDefault = hasDefault
        self.externalStorage = externalStorage
        self.unique = unique
        self.allowsCloudEncryption = allowsCloudEncryption
        self.originalName = originalName
        self.line = line
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
    public var line: Int

    public init(
        name: String, destination: String, toMany: Bool, optional: Bool, inverse: String?,
        deleteRule: DeleteRule = .nullify, ordered: Bool = false, originalName: String? = nil, line: Int
    ) {
        self.name = name
        self.destination = destination
        self.toMany = toMany
        self.optional = optional
        self.inverse = inverse
        self.deleteRule = deleteRule
        self.ordered = ordered
        self.originalName = originalName
        self.line = line
    }
}

/// Something the reader could not use, with where it was.
public struct ModelDiagnostic: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
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
