/// Why a schema text could not be read, always with the place to look.
public struct SchemaParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, when the text came from one.
    public var file: String?
    public var location: SourceLocation
    public var message: String

    public init(file: String? = nil, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file:line:column: message`, the form editors and CI logs understand.
    public var description: String {
        "\(file ?? "<input>"):\(location.line):\(location.column): \(message)"
    }
}
