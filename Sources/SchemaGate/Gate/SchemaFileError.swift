import CloudKitSchema

/// A schema file given to a command that cannot be read or parsed (exit 2).
public struct SchemaFileError: Error, Equatable, Sendable, ActionableError {
    public var error: SchemaParseError
    /// What the file is for, e.g. "the Production snapshot".
    public var role: String?
    public var fix: String?

    public init(_ error: SchemaParseError, role: String? = nil, fix: String? = nil) {
        self.error = error
        self.role = role
        self.fix = fix
    }

    public var category: ErrorCategory { .input }

    public var message: String {
        let prefix = role.map { "\($0): " } ?? ""
        return prefix + error.description + (fix.map { "; \($0)" } ?? "")
    }
}

extension NamedSchema {
    /// Loads a schema file, reporting the path as the user gave it.
    public static func load(
        path: String, displayPath: String, name: String, environment: CloudKitEnvironment?, role: String? = nil, fix: String? = nil
    ) throws(SchemaFileError) -> NamedSchema {
        do {
            var schema = try NamedSchema.load(path: path, name: name, environment: environment?.rawValue)
            schema.file = displayPath
            return schema
        } catch {
            var located = error
            located.file = displayPath
            throw SchemaFileError(located, role: role, fix: fix)
        }
    }
}
