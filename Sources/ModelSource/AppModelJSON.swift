import SchemaGateBasics
/// `models --format json`, written directly as bytes: the same text JSONEncoder gives with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (tests compare the two on
/// every fixture), at a fraction of the cost. A 5,000-model app prints ~20 MB of JSON,
/// and going through JSONEncoder's intermediate values took longer than reading the
/// models. Entities are written on every core and handed out in order.
package enum AppModelJSON {
    package static func encode(_ model: AppModel) -> [UInt8] {
        Array(encodedPieces(model).joined())
    }

    /// The same text in pieces (one per entity, plus the glue between them), for writing
    /// out without first copying megabytes into one buffer.
    package static func encodedPieces(_ model: AppModel) -> [[UInt8]] {
        let entities = ParallelMap.map(model.entities.count) { index in
            var writer = JSONTextWriter()
            writer.entity(model.entities[index])
            return writer.finish()
        }
        var pieces: [[UInt8]] = []
        pieces.reserveCapacity(entities.count * 2 + 2)
        var writer = JSONTextWriter()
        writer.raw("{")
        if let version = model.activeSchemaVersion { writer.field(Keys.activeSchemaVersion, version) }
        writer.raw(Keys.diagnostics)
        writer.array(model.diagnostics, depth: 1) { writer, diagnostic in writer.diagnostic(diagnostic) }
        writer.raw(",")
        writer.raw(Keys.entities)
        writer.array(entities, depth: 1) { writer, chunk in
            pieces.append(writer.finish())
            pieces.append(chunk)
        }
        if let registered = model.registeredTypes {
            writer.raw(",")
            writer.raw(Keys.registeredTypes)
            writer.array(registered, depth: 1) { writer, name in writer.string(name) }
        }
        writer.raw("\n}")
        pieces.append(writer.finish())
        return pieces
    }

    /// `\n`, the indentation of its depth, `"name" : `, for every key the model's JSON has.
    /// The layout never varies: the document's keys at depth 1, an entity's (and a
    /// diagnostic's) at 3, an attribute's or a relationship's at 5.
    enum Keys {
        static let activeSchemaVersion = key("activeSchemaVersion", 1), diagnostics = key("diagnostics", 1)
        static let entities = key("entities", 1), registeredTypes = key("registeredTypes", 1)

        static let attributes = key("attributes", 3), file = key("file", 3), line = key("line", 3)
        static let name = key("name", 3), parent = key("parent", 3), relationships = key("relationships", 3)
        static let uniqueConstraints = key("uniqueConstraints", 3)

        static let allowsCloudEncryption = key("allowsCloudEncryption", 5), externalStorage = key("externalStorage", 5)
        static let hasDefault = key("hasDefault", 5), memberLine = key("line", 5), memberName = key("name", 5)
        static let optional = key("optional", 5), originalName = key("originalName", 5), swiftType = key("swiftType", 5)
        static let unique = key("unique", 5), deleteRule = key("deleteRule", 5), destination = key("destination", 5)
        static let inverse = key("inverse", 5), ordered = key("ordered", 5), toMany = key("toMany", 5)
        static let attributeType = key("attributeType", 5), derived = key("derived", 5)
        static let encryptedAttributeKey = key("encryptedAttributeKey", 5), mirroringIgnored = key("mirroringIgnored", 5)
        static let enumType = key("enumType", 5)

        static let diagnosticFile = key("file", 3), kind = key("kind", 3), message = key("message", 3)

        static func key(_ name: String, _ depth: Int) -> [UInt8] {
            Array(("\n" + String(repeating: "  ", count: depth) + "\"" + name + "\" : ").utf8)
        }
    }
}

/// JSONEncoder's pretty layout: two spaces per level, `"key" : value`, one element per
/// line, an empty array as `[`, a blank line, `]`; keys in sorted order.
struct JSONTextWriter {
    typealias Keys = AppModelJSON.Keys
    private var sink = ByteSink()

    /// The bytes written since the last call.
    mutating func finish() -> [UInt8] {
        sink.take()
    }

    /// An entity at depth 2 (an element of the document's `entities`).
    mutating func entity(_ entity: Entity) {
        raw("{")
        raw(Keys.attributes)
        array(entity.attributes, depth: 3) { writer, attribute in writer.attribute(attribute) }
        raw(",")
        field(Keys.file, entity.file)
        field(Keys.line, entity.line)
        field(Keys.name, entity.name)
        if let parent = entity.parent { field(Keys.parent, parent) }
        raw(Keys.relationships)
        array(entity.relationships, depth: 3) { writer, relationship in writer.relationship(relationship) }
        raw(",")
        raw(Keys.uniqueConstraints)
        array(entity.uniqueConstraints, depth: 3) { writer, names in
            writer.array(names, depth: 4) { writer, name in writer.string(name) }
        }
        raw(Self.closing[2])
    }

    /// At depth 4.
    mutating func attribute(_ attribute: Attribute) {
        raw("{")
        field(Keys.allowsCloudEncryption, attribute.allowsCloudEncryption)
        if let type = attribute.attributeType { field(Keys.attributeType, type.rawValue) }
        if attribute.derived { field(Keys.derived, true) }
        if let encrypted = attribute.encryptedAttributeKey { field(Keys.encryptedAttributeKey, encrypted) }
        if attribute.enumType { field(Keys.enumType, true) }
        field(Keys.externalStorage, attribute.externalStorage)
        field(Keys.hasDefault, attribute.hasDefault)
        field(Keys.memberLine, attribute.line)
        if attribute.mirroringIgnored { field(Keys.mirroringIgnored, true) }
        field(Keys.memberName, attribute.name)
        field(Keys.optional, attribute.optional)
        if let original = attribute.originalName { field(Keys.originalName, original) }
        if let type = attribute.swiftType { field(Keys.swiftType, type) }
        raw(Keys.unique)
        bool(attribute.unique)
        raw(Self.closing[4])
    }

    /// At depth 4.
    mutating func relationship(_ relationship: Relationship) {
        raw("{")
        field(Keys.deleteRule, relationship.deleteRule.rawValue)
        field(Keys.destination, relationship.destination)
        if let inverse = relationship.inverse { field(Keys.inverse, inverse) }
        field(Keys.memberLine, relationship.line)
        if relationship.mirroringIgnored { field(Keys.mirroringIgnored, true) }
        field(Keys.memberName, relationship.name)
        field(Keys.optional, relationship.optional)
        field(Keys.ordered, relationship.ordered)
        if let original = relationship.originalName { field(Keys.originalName, original) }
        raw(Keys.toMany)
        bool(relationship.toMany)
        raw(Self.closing[4])
    }

    /// At depth 2.
    mutating func diagnostic(_ diagnostic: ModelDiagnostic) {
        raw("{")
        field(Keys.diagnosticFile, diagnostic.file)
        field(Keys.kind, diagnostic.kind.rawValue)
        if let line = diagnostic.line { field(Keys.line, line) }
        raw(Keys.message)
        string(diagnostic.message)
        raw(Self.closing[2])
    }

    // MARK: - Layout

    /// `[`, each element on its own line one level deeper than `depth`, `]` at `depth`;
    /// an empty array is `[`, a blank line, `]`.
    mutating func array<Element>(_ elements: [Element], depth: Int, _ write: (inout JSONTextWriter, Element) -> Void) {
        raw("[")
        if elements.isEmpty { raw("\n") }
        let newline = Self.newline(depth + 1)
        for (index, element) in elements.enumerated() {
            raw(index > 0 ? Self.commaNewline(depth + 1) : newline)
            write(&self, element)
        }
        raw(Self.newline(depth))
        raw("]")
    }

    mutating func field(_ key: [UInt8], _ value: String) {
        raw(key)
        string(value, comma: true)
    }

    mutating func field(_ key: [UInt8], _ value: Int) {
        raw(key)
        sink.append(decimal: value)
        raw(",")
    }

    mutating func field(_ key: [UInt8], _ value: Bool) {
        raw(key)
        raw(value ? "true," : "false,")
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    mutating func raw(_ piece: [UInt8]) {
        piece.withUnsafeBytes { sink.append($0) }
    }

    mutating func raw(_ piece: StaticString) {
        sink.append(UnsafeRawBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount))
    }

    /// `\n` and the indentation of a depth (two spaces a level).
    static func newline(_ depth: Int) -> [UInt8] {
        depth < newlines.count ? newlines[depth] : [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: depth * 2)
    }

    static func commaNewline(_ depth: Int) -> [UInt8] {
        depth < commaNewlines.count ? commaNewlines[depth] : [UInt8(ascii: ",")] + newline(depth)
    }

    private static let newlines: [[UInt8]] = (0..<8).map { [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: $0 * 2) }
    private static let commaNewlines: [[UInt8]] = (0..<8).map { [UInt8(ascii: ",")] + newlines[$0] }
    /// A line break, the indentation of a depth and `}`.
    static let closing: [[UInt8]] = (0..<8).map { newlines[$0] + [UInt8(ascii: "}")] }

    /// JSON string escaping as JSONEncoder does it without escaping slashes: quote,
    /// backslash and control characters; everything else (UTF-8 included) as is.
    mutating func string(_ value: String, comma: Bool = false) {
        var value = value
        value.withUTF8 { utf8 in
            // Nearly every string needs no escape: quote, bytes, quote (and comma) at once.
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                sink.appendQuoted(utf8, comma: comma)
                return
            }
            raw("\"")
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                sink.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case 0x08: raw("\\b")
                case 0x0C: raw("\\f")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    raw([UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            sink.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[start...]))
            raw("\"")
            if comma { raw(",") }
        }
    }
}

/// A growable byte buffer with a plain memcpy append: `Array.append(contentsOf:)` costs
/// about a hundred instructions a call, and a JSON document is made of small pieces.
struct ByteSink {
    private final class Storage {
        var base: UnsafeMutableRawPointer
        var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
        }

        deinit { base.deallocate() }

        func grow(to minimum: Int, keeping count: Int) {
            let newCapacity = max(minimum, capacity * 2)
            let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 1)
            newBase.copyMemory(from: base, byteCount: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }

    private var storage = Storage(capacity: 4096)
    private var count = 0

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > storage.capacity { storage.grow(to: count + bytes.count, keeping: count) }
        (storage.base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// `"bytes"`, then `,` when `comma`: one capacity check for the three pieces.
    mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, comma: Bool) {
        let needed = bytes.count + (comma ? 3 : 2)
        if count + needed > storage.capacity { storage.grow(to: count + needed, keeping: count) }
        let target = storage.base + count
        target.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        if let source = bytes.baseAddress, bytes.count > 0 { (target + 1).copyMemory(from: source, byteCount: bytes.count) }
        (target + 1 + bytes.count).storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        if comma { (target + 2 + bytes.count).storeBytes(of: UInt8(ascii: ","), as: UInt8.self) }
        count += needed
    }

    /// The decimal digits of `value`.
    mutating func append(decimal value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes hold any Int in decimal
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start...]))
        }
    }

    /// What was written, leaving the sink empty.
    mutating func take() -> [UInt8] {
        let bytes = [UInt8](UnsafeRawBufferPointer(start: storage.base, count: count))
        count = 0
        return bytes
    }
}
