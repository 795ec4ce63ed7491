import CloudKitSchema

/// A schema file given to a command that cannot be read or parsed (exit 2).
package struct SchemaFileError: Error, Equatable, Sendable, ActionableError {
    package var error: SchemaParseError
    /// What the file is for, e.g. "the Production snapshot".
    package var role: String?
    package var fix: String?

    package init(_ error: SchemaParseError, role: String? = nil, fix: String? = nil) {
        self.error = error
        self.role = role
        self.fix = fix
    }

    package var category: ErrorCategory { .input }

    package var message: String {
        let prefix = role.map { "\($0): " } ?? ""
        return prefix + error.description + (fix.map { "; \($0)" } ?? "")
    }
}

extension NamedSchema {
    /// Loads a schema file, reporting the path as the user gave it.
    package static func load(
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
