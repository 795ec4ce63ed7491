/// `models --format json`, written directly as bytes: the same text JSONEncoder gives with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (tests compare the two on
/// every fixture), at a fraction of the cost. A 5,000-model app prints ~20 MB of JSON,
/// and going through JSONEncoder's intermediate values took longer than reading the
/// models. Entities are written on every core and joined in order.
public enum AppModelJSON {
    public static func encode(_ model: AppModel) -> [UInt8] {
        Array(encodedPieces(model).joined())
    }

    /// The same text in pieces (one per entity, plus the glue between them), for writing
    /// out without first copying megabytes into one buffer.
    public static func encodedPieces(_ model: AppModel) -> [[UInt8]] {
        let entities = ParallelMap.map(model.entities.count) { index in
            var writer = JSONTextWriter()
            writer.entity(model.entities[index], indent: 2)
            return writer.bytes
        }
        var pieces: [[UInt8]] = []
        pieces.reserveCapacity(entities.count * 2 + 2)
        var writer = JSONTextWriter()
        writer.objectStart()
        if let version = model.activeSchemaVersion { writer.key("activeSchemaVersion", indent: 1); writer.string(version); writer.comma() }
        writer.key("diagnostics", indent: 1)
        writer.array(model.diagnostics, indent: 1) { writer, diagnostic, indent in writer.diagnostic(diagnostic, indent: indent) }
        writer.comma()
        writer.key("entities", indent: 1)
        writer.array(entities, indent: 1) { writer, chunk, _ in
            pieces.append(writer.bytes)
            pieces.append(chunk)
            writer.bytes = []
        }
        if let registered = model.registeredTypes {
            writer.comma()
            writer.key("registeredTypes", indent: 1)
            writer.array(registered, indent: 1) { writer, name, _ in writer.string(name) }
        }
        writer.objectEnd(indent: 0)
        pieces.append(writer.bytes)
        return pieces
    }
}

/// JSONEncoder's pretty layout: two spaces per level, `"key" : value`, one element per
/// line, an empty array as `[`, a blank line, `]`; keys written in sorted order by the
/// callers.
struct JSONTextWriter {
    var bytes: [UInt8] = []

    mutating func entity(_ entity: Entity, indent: Int) {
        objectStart()
        key("attributes", indent: indent + 1)
        array(entity.attributes, indent: indent + 1) { writer, attribute, indent in writer.attribute(attribute, indent: indent) }
        comma()
        field("file", entity.file, indent: indent + 1)
        field("line", entity.line, indent: indent + 1)
        field("name", entity.name, indent: indent + 1)
        if let parent = entity.parent { field("parent", parent, indent: indent + 1) }
        key("relationships", indent: indent + 1)
        array(entity.relationships, indent: indent + 1) { writer, relationship, indent in writer.relationship(relationship, indent: indent) }
        comma()
        key("uniqueConstraints", indent: indent + 1)
        array(entity.uniqueConstraints, indent: indent + 1) { writer, names, indent in
            writer.array(names, indent: indent) { writer, name, _ in writer.string(name) }
        }
        objectEnd(indent: indent)
    }

    mutating func attribute(_ attribute: Attribute, indent: Int) {
        objectStart()
        field("allowsCloudEncryption", attribute.allowsCloudEncryption, indent: indent + 1)
        field("externalStorage", attribute.externalStorage, indent: indent + 1)
        field("hasDefault", attribute.hasDefault, indent: indent + 1)
        field("line", attribute.line, indent: indent + 1)
        field("name", attribute.name, indent: indent + 1)
        field("optional", attribute.optional, indent: indent + 1)
        if let original = attribute.originalName { field("originalName", original, indent: indent + 1) }
        if let type = attribute.swiftType { field("swiftType", type, indent: indent + 1) }
        key("unique", indent: indent + 1)
        bool(attribute.unique)
        objectEnd(indent: indent)
    }

    mutating func relationship(_ relationship: Relationship, indent: Int) {
        objectStart()
        field("deleteRule", relationship.deleteRule.rawValue, indent: indent + 1)
        field("destination", relationship.destination, indent: indent + 1)
        if let inverse = relationship.inverse { field("inverse", inverse, indent: indent + 1) }
        field("line", relationship.line, indent: indent + 1)
        field("name", relationship.name, indent: indent + 1)
        field("optional", relationship.optional, indent: indent + 1)
        field("ordered", relationship.ordered, indent: indent + 1)
        if let original = relationship.originalName { field("originalName", original, indent: indent + 1) }
        key("toMany", indent: indent + 1)
        bool(relationship.toMany)
        objectEnd(indent: indent)
    }

    mutating func diagnostic(_ diagnostic: ModelDiagnostic, indent: Int) {
        objectStart()
        field("file", diagnostic.file, indent: indent + 1)
        field("kind", diagnostic.kind.rawValue, indent: indent + 1)
        if let line = diagnostic.line { field("line", line, indent: indent + 1) }
        key("message", indent: indent + 1)
        string(diagnostic.message)
        objectEnd(indent: indent)
    }

    // MARK: - Layout

    mutating func objectStart() { bytes.append(UInt8(ascii: "{")) }

    mutating func objectEnd(indent: Int) {
        newline(indent: indent)
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func array<Element>(_ elements: [Element], indent: Int, _ write: (inout JSONTextWriter, Element, Int) -> Void) {
        bytes.append(UInt8(ascii: "["))
        if elements.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            newline(indent: indent + 1)
            write(&self, element, indent + 1)
        }
        newline(indent: indent)
        bytes.append(UInt8(ascii: "]"))
    }

    /// A newline, then `"name" : ` at this depth.
    mutating func key(_ name: StaticString, indent: Int) {
        newline(indent: indent)
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: Self.keySeparator)
    }

    mutating func field(_ name: StaticString, _ value: String, indent: Int) {
        key(name, indent: indent)
        string(value)
        comma()
    }

    mutating func field(_ name: StaticString, _ value: Int, indent: Int) {
        key(name, indent: indent)
        bytes.append(contentsOf: String(value).utf8)
        comma()
    }

    mutating func field(_ name: StaticString, _ value: Bool, indent: Int) {
        key(name, indent: indent)
        bool(value)
        comma()
    }

    mutating func comma() { bytes.append(UInt8(ascii: ",")) }

    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? Self.trueText : Self.falseText)
    }

    private static let keySeparator: [UInt8] = Array("\" : ".utf8)
    private static let trueText: [UInt8] = Array("true".utf8)
    private static let falseText: [UInt8] = Array("false".utf8)

    mutating func newline(indent: Int) {
        if indent < Self.newlines.count {
            bytes.append(contentsOf: Self.newlines[indent])
        } else {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
        }
    }

    /// A line break and the indentation of each depth the model's JSON reaches.
    private static let newlines: [[UInt8]] = (0..<8).map { [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: $0 * 2) }

    /// JSON string escaping as JSONEncoder does it without escaping slashes: quote,
    /// backslash and control characters; everything else (UTF-8 included) as is.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
