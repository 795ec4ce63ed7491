/// What one Swift file declares that matters for models, before names are resolved
/// across files (versions, typealiases, registrations and enums can live anywhere).
struct SwiftFileDeclarations: Sendable {
    var file: String
    var models: [ModelClassDeclaration] = []
    /// Every named type and extension, with what it inherits (enum raw types,
    /// `VersionedSchema` conformances).
    var types: [TypeDeclaration] = []
    var typeAliases: [TypeAliasDeclaration] = []
    /// `Schema([...])`, `ModelContainer(for:)`, `static var models`, migration plan `schemas`.
    var modelLists: [ModelListDeclaration] = []
    /// The stores the file builds, its registrations followed through names, and what it
    /// could not follow; nil when it builds no store and lists every model directly.
    var stores: StoreSites? {
        get { storesBox?.sites }
        set { storesBox = newValue.map(StoresBox.init) }
    }
    /// `stores` out of line: the declarations of every file are copied on their way through
    /// the reading, and nearly every file builds no store.
    var storesBox: StoresBox?
    /// `static let versionIdentifier = Schema.Version(2, 0, 0)` per enclosing type.
    var versionIdentifiers: [VersionIdentifierDeclaration] = []
    /// `@Model` classes whose body the file never closes (a missing `}`).
    var unclosedModels: [(name: String, line: Int)] = []
    /// The first byte no Swift source holds (a NUL anywhere, a control byte in code).
    var invalidByteOffset: Int?

    /// Whether two readings declare the same things, wherever in the file: lines and the
    /// file name aside. What the model assembler builds depends on nothing else.
    func declaresTheSame(as other: SwiftFileDeclarations) -> Bool {
        let (mine, theirs) = (positionless, other.positionless)
        return mine.models == theirs.models && mine.types == theirs.types && mine.typeAliases == theirs.typeAliases
            && mine.modelLists == theirs.modelLists && mine.versionIdentifiers == theirs.versionIdentifiers
            && mine.stores == theirs.stores
            && unclosedModels.map(\.name) == other.unclosedModels.map(\.name)
            && (invalidByteOffset == nil) == (other.invalidByteOffset == nil)
    }

    private var positionless: SwiftFileDeclarations {
        var copy = self
        copy.file = ""
        for index in copy.models.indices {
            copy.models[index].line = 0
            copy.models[index].uniqueConstraintLines = []
            for property in copy.models[index].properties.indices { copy.models[index].properties[property].line = 0 }
        }
        for index in copy.types.indices { copy.types[index].line = 0 }
        for index in copy.typeAliases.indices { copy.typeAliases[index].line = 0 }
        for index in copy.modelLists.indices { copy.modelLists[index].line = 0 }
        copy.stores = copy.stores?.positionless
        copy.unclosedModels = []
        copy.invalidByteOffset = nil
        return copy
    }
}

/// A file's `StoreSites`, held by reference.
final class StoresBox: Sendable {
    let sites: StoreSites
    init(_ sites: StoreSites) { self.sites = sites }
}

/// An `@Model` class (or actor-free class with the macro) and its persisted members.
struct ModelClassDeclaration: Sendable, Equatable {
    var name: String
    /// Enclosing type names, outermost first (`["Schemas", "V2"]`); empty at file scope.
    var scope: [String]
    var inherited: [String]
    var line: Int
    /// Stored, non-static, non-transient properties in declaration order.
    var properties: [PropertyDeclaration] = []
    /// `#Unique<T>([\.a, \.b], [\.c])` groups.
    var uniqueConstraints: [[String]] = []
    /// The line of the `#Unique` each group comes from.
    var uniqueConstraintLines: [Int] = []

    var qualifiedName: String { (scope + [name]).joined(separator: ".") }
}

struct PropertyDeclaration: Sendable, Equatable {
    var name: String
    var line: Int
    /// The annotated type, normalised (`[String: Int]?`), or nil without an annotation.
    var typeText: String? {
        didSet { annotation = typeText.map(TypeAnnotation.init) }
    }
    /// The initial value, when one is written.
    var defaultValue: DefaultValue?
    var attribute: AttributeArguments?
    var relationship: RelationshipArguments?
    /// `typeText` taken apart once, while the file is parsed (on a reading thread), for
    /// the assembler to look up rather than recompute.
    private(set) var annotation: TypeAnnotation?
}

// The initializers live in extensions, so the memberwise ones exist: built through those,
// a value is made in place, where an initializer in the type's body made one that was
// then copied and destroyed on its way into an array.
extension PropertyDeclaration {
    /// `annotation` is `TypeAnnotation(typeText)`, which the parser reads off the tokens
    /// for the usual types (`TypeText.annotated`) rather than taking the text apart again.
    init(
        name: String, line: Int, typeText: String?, annotation: TypeAnnotation?, defaultValue: DefaultValue?,
        attribute: AttributeArguments?, relationship: RelationshipArguments?
    ) {
        self.init(
            name: name, line: line, typeText: typeText, defaultValue: defaultValue, attribute: attribute,
            relationship: relationship, annotation: annotation)
    }
}

/// A written type and what the assembler asks of it.
struct TypeAnnotation: Sendable, Equatable {
    var shape: SwiftTypeShape
    /// `shape.elementName`: a relationship's destination when it names a model.
    var elementName: String
}

extension TypeAnnotation {
    init(_ text: String) {
        let shape = SwiftTypeShape(text)
        self.init(shape: shape, elementName: shape.elementName)
    }
}

/// The shape of an initial value, enough to infer a type without a compiler.
enum DefaultValue: Sendable, Equatable {
    case string, integer, float, bool, `nil`
    /// `[...]` whose elements are all string (or all integer) literals; nil element type otherwise.
    case array(element: String?)
    /// `Type(...)`, `[T]()`, `Set<T>()`; `optional` for failable ones like `URL(string:)`.
    case constructor(type: String, optional: Bool)
    /// `Kind.default`, `Date.now`, `Kind.default.rawValue`.
    case member(path: [String])
    case other
}

/// `@Attribute(.unique, .externalStorage, originalName: "old")`.
struct AttributeArguments: Sendable, Equatable {
    var options: Set<String> = []
    var originalName: String?
}

/// `@Relationship(.unique, deleteRule: .cascade, originalName: "old", inverse: \Item.tags)`.
struct RelationshipArguments: Sendable, Equatable {
    var options: Set<String> = []
    var deleteRule: String?
    var originalName: String?
    /// Key path components of `inverse:` (`["SchemaV3", "Item", "tags"]`).
    var inverse: [String]?
}

struct TypeDeclaration: Sendable, Equatable {
    enum Kind: String, Sendable {
        case `class`, `struct`, `enum`, actor, `protocol`, `extension`
    }

    var kind: Kind
    /// Full path (`["Schemas", "V2"]`); for an extension, the extended type's path.
    var path: [String]
    var inherited: [String]
    var line: Int
    /// An enum's case names (`Kind.default` names a value of type `Kind`).
    var cases: [String] = []

    var qualifiedName: String { path.joined(separator: ".") }
}

struct TypeAliasDeclaration: Sendable, Equatable {
    var scope: [String]
    var name: String
    var target: String
    var line: Int
}

/// A list of model types written as `X.self` references.
struct ModelListDeclaration: Sendable, Equatable {
    enum Source: Sendable, Equatable {
        /// `Schema([...])`, `ModelContainer(for: ...)`, `.modelContainer(for: ...)`.
        case call
        /// A property typed `[any PersistentModel.Type]` (a `VersionedSchema.models` when
        /// its type is a versioned schema), named `name`.
        case property(name: String)
        /// `Schema(versionedSchema: X.self)`: names the schema version in use.
        case versionedSchemaReference
        /// A migration plan's `schemas` list, oldest first.
        case migrationPlan
    }

    var source: Source
    /// Enclosing type path of the declaration (for `.property` and `.migrationPlan`).
    var scope: [String]
    /// Qualified names as written (`Item`, `SchemaV2.Item`).
    var names: [String]
    var line: Int
    /// Other versions' lists it includes: `SchemaV1.models + [Tag.self]` -> `SchemaV1`.
    var includes: [String] = []
    /// The name a `Schema(...)` call is bound to (`let schema = Schema([...])`,
    /// `static var schema: Schema { Schema(...) }`), for the files that use the name.
    var boundName: String? = nil
}

struct VersionIdentifierDeclaration: Sendable, Equatable {
    var scope: [String]
    var version: [Int]
}
