/// Why a schema text could not be read, always with the place to look.
package struct SchemaParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, when the text came from one.
    package var file: String?
    package var location: SourceLocation
    package var message: String

    package init(file: String? = nil, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file:line:column: message`, the form editors and CI logs understand.
    package var description: String {
        "\(file ?? "<input>"):\(location.line):\(location.column): \(message)"
    }
}
