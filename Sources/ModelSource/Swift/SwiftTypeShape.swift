/// The parts of a written Swift type that matter for persistence: optionality, whether
/// it is a collection, and the element (or the type itself) by name.
///
/// `[Tag]?` is an optional array of `Tag`; `Optional<SchemaV2.Item>` an optional `Item`;
/// `Set<String>` a collection of `String`; `[String: Int]` a dictionary (no element).
struct SwiftTypeShape: Equatable {
    /// The type without optionality (`[Tag]`, `SchemaV2.Item`, `String`).
    var base: String
    var optional: Bool
    /// The element type of an array or set, when the type is one.
    var element: String?
    var isDictionary: Bool
}

// Built through the memberwise initializer, a shape is made in place (an initializer in
// the type's body keeps the compiler from making that one).
extension SwiftTypeShape {
    init(_ text: String) {
        // Type text is almost always plain ASCII, where characters are bytes: the byte
        // path gives the same answer without Unicode-aware string operations.
        if let ascii = ASCIIShape(text) {
            self = ascii.shape
            return
        }
        self.init(characters: text)
    }

    /// The general path, for text with non-ASCII characters (or `\r`, which can join
    /// `\r\n` into one character): the same rules on characters (`TypeShapeScan`).
    init(characters text: String) {
        let characters = Array(text)
        let parts = TypeShapeScan(characters).parts()
        let string = { (range: Range<Int>) in String(characters[range]) }
        self.init(base: string(parts.base), optional: parts.optional, element: parts.element.map(string), isDictionary: parts.isDictionary)
    }

    static let optionalNames = ["Optional", "Swift.Optional"]
    static let collectionNames = ["Array", "Set", "ContiguousArray", "Swift.Array", "Swift.Set"]
    static let dictionaryPrefixes = ["Dictionary<", "Swift.Dictionary<"]

    var isCollection: Bool { element != nil || isDictionary }

    /// The unqualified name of the element (for collections) or of the type itself,
    /// without optionality: what a relationship's destination would be.
    var elementName: String {
        let name = SwiftTypeShape(element ?? base).base
        return Self.lastComponent(name)
    }

    static func lastComponent(_ name: String) -> String {
        if ASCIIShape.isPlain(name) { return ASCIIShape.lastComponent(name) }
        var depth = 0
        var lastDot: String.Index?
        for index in name.indices {
            switch name[index] {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "." where depth == 0: lastDot = index
            default: break
            }
        }
        guard let lastDot else { return name }
        return String(name[name.index(after: lastDot)...])
    }

    static let rawValueTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Character",
    ]
}

extension String {
    var trimmed: String {
        // Nothing to trim when both ends are ASCII and not whitespace (the usual case).
        if let first = utf8.first, let last = utf8.last, first < 0x80, last < 0x80,
           !ASCIIShape.isWhitespace(first), !ASCIIShape.isWhitespace(last) {
            return self
        }
        var result = Substring(self)
        while result.first?.isWhitespace == true { result = result.dropFirst() }
        while result.last?.isWhitespace == true { result = result.dropLast() }
        return String(result)
    }
}
