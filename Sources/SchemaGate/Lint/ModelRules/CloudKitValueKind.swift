import ModelSource

/// What an attribute becomes in CloudKit, as far as the lint rules need: the field type
/// CloudKitFieldMapping gives its Core Data attribute type, "encoded" (one BYTES value of
/// a particular Swift type), or a type that cannot be stored at all.
enum CloudKitValueKind: Equatable {
    case field(String)
    /// Composite, Transformable and collection values: encoded into BYTES. Two
    /// different encoded types are not interchangeable even though both are BYTES.
    case encoded(String)
    case unsupported(reason: String)

    /// Nil when the attribute's type is unknown.
    init?(_ attribute: Attribute) {
        guard let declared = attribute.swiftType else { return nil }
        let name = Self.normalized(declared)
        if let reason = Self.unsupportedReason(name) {
            self = .unsupported(reason: reason)
            return
        }
        guard let type = attribute.attributeType else { return nil }
        switch type {
        case .composite, .transformable, .collection: self = .encoded(name)
        default:
            guard let mapping = CloudKitFieldMapping.mapping(for: type) else { return nil }
            self = .field(mapping.type.description)
        }
    }

    /// `Swift.String?` -> `String`; `Optional<[Tag]>` -> `[Tag]`; whitespace removed.
    static func normalized(_ declared: String) -> String {
        var name = declared.filter { !$0.isWhitespace }
        while true {
            if name.hasSuffix("?") || name.hasSuffix("!") {
                name.removeLast()
            } else if name.hasPrefix("Optional<"), name.hasSuffix(">") {
                name = String(name.dropFirst("Optional<".count).dropLast())
            } else {
                break
            }
        }
        for prefix in ["Swift.", "Foundation.", "CoreGraphics."] where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        return name
    }

    /// Types no CloudKit field can hold: functions, tuples, existentials, metatypes, and
    /// the Core Data attribute types mirroring rejects.
    static func unsupportedReason(_ name: String) -> String? {
        if name.contains("->") { return "a function type" }
        if name.hasPrefix("(") { return name == "()" ? "Void" : "a tuple" }
        // `Int, Int`: a tuple whose parentheses a reader stripped as grouping.
        if hasTopLevelComma(name) { return "a tuple" }
        if name.hasPrefix("any") && name.dropFirst(3).first?.isUppercase == true || name == "Any" || name == "AnyObject" {
            return "an existential (Any / any Protocol)"
        }
        if name.hasPrefix("some") && name.dropFirst(4).first?.isUppercase == true { return "an opaque type" }
        if name.hasSuffix(".Type") || name.hasSuffix(".Protocol") { return "a metatype" }
        switch name {
        case "Void", "Never": return name
        case "Undefined": return "the Core Data Undefined type"
        case "NSManagedObjectID", "ObjectID", "PersistentIdentifier": return "an object identifier"
        default: return nil
        }
    }

    static func hasTopLevelComma(_ name: String) -> Bool {
        var depth = 0
        for character in name {
            switch character {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "," where depth == 0: return true
            default: break
            }
        }
        return false
    }

    /// The CloudKit field type, for messages.
    var cloudKitType: String {
        switch self {
        case .field(let type): return type
        case .encoded: return "BYTES"
        case .unsupported: return "none"
        }
    }
}
