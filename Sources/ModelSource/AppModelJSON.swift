import SchemaGateBasics
/// `models --format json`, written directly as bytes: the same text JSONEncoder gives with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (tests compare the two on
/// every fixture), at a fraction of the cost. A 15,000-model app prints ~44 MB of JSON,
/// and going through JSONEncoder's intermediate values took longer than reading the
/// models. Entities are written on every core, in a few contiguous runs handed out in order.
package enum AppModelJSON {
    package static func encode(_ model: AppModel) -> [UInt8] {
        var bytes: [UInt8] = []
        for piece in encodedPieces(model) { piece.withUnsafeBytes { bytes.append(contentsOf: $0) } }
        return bytes
    }

    /// The most runs the entities are written in: enough to keep every core busy, few
    /// enough that the output is a few large writes, not one per entity.
    static let entityRuns = 64

    /// The same text in pieces (the document's head, the entities, its tail) as written,
    /// for writing out without copying megabytes.
    package static func encodedPieces(_ model: AppModel) -> [TextChunk] {
        let entities = model.entities
        let runs = min(entities.count, entityRuns)
        let bodies = ParallelMap.map(runs) { run in
            var writer = JSONTextWriter(capacity: 1 << 16)
            entities.withUnsafeBufferPointer { entities in
                for index in entities.count * run / runs..<entities.count * (run + 1) / runs {
                    writer.raw(index > 0 ? ",\n    " : "\n    ")
                    writer.entity(entities[index])
                }
            }
            return writer.finish()
        }
        var writer = JSONTextWriter()
        writer.raw("{")
        if let version = model.activeSchemaVersion { writer.field("\n  \"activeSchemaVersion\" : ", version) }
        writer.raw("\n  \"diagnostics\" : ")
        writer.array(model.diagnostics, depth: 1) { writer, diagnostic in writer.diagnostic(diagnostic) }
        writer.raw(entities.isEmpty ? ",\n  \"entities\" : [\n" : ",\n  \"entities\" : [")
        let head = writer.finish()
        writer.raw("\n  ]")
        if let registered = model.registeredTypes {
            writer.raw(",\n  \"registeredTypes\" : ")
            writer.array(registered, depth: 1) { writer, name in writer.string(name) }
        }
        writer.raw("\n}")
        return head + bodies.joined() + writer.finish()
    }
}

/// JSONEncoder's pretty layout: two spaces per level, `"key" : value`, one element per
/// line, an empty array as `[`, a blank line, `]`; keys in sorted order. The layout never
/// varies (the document's keys at depth 1, an entity's and a diagnostic's at 3, an
/// attribute's or a relationship's at 5), so keys are written as literals with their line
/// break and indentation: a literal is copied whole, with its size known where it is written.
struct JSONTextWriter {
    private var sink: ByteSink

    init(capacity: Int = 4096) {
        sink = ByteSink(capacity: capacity)
    }

    /// The bytes written since the last call.
    mutating func finish() -> [TextChunk] {
        sink.take()
    }

    /// An entity at depth 2 (an element of the document's `entities`).
    mutating func entity(_ entity: Entity) {
        raw(entity.attributes.isEmpty ? "{\n      \"attributes\" : [\n" : "{\n      \"attributes\" : [")
        // In place: a copy of each element would retain and release all its strings.
        entity.attributes.withUnsafeBufferPointer { attributes in
            for index in attributes.indices {
                raw(index > 0 ? ",\n        " : "\n        ")
                attribute(attributes[index])
            }
        }
        raw("\n      ],")
        field("\n      \"file\" : ", entity.file)
        field("\n      \"line\" : ", entity.line)
        field("\n      \"name\" : ", entity.name)
        if let parent = entity.parent { field("\n      \"parent\" : ", parent) }
        raw(entity.relationships.isEmpty ? "\n      \"relationships\" : [\n" : "\n      \"relationships\" : [")
        entity.relationships.withUnsafeBufferPointer { relationships in
            for index in relationships.indices {
                raw(index > 0 ? ",\n        " : "\n        ")
                relationship(relationships[index])
            }
        }
        raw("\n      ],\n      \"uniqueConstraints\" : ")
        array(entity.uniqueConstraints, depth: 3) { writer, names in
            writer.array(names, depth: 4) { writer, name in writer.string(name) }
        }
        raw("\n    }")
    }

    /// At depth 4. Inlined where the array is read, so no element is copied whole.
    @inline(__always)
    mutating func attribute(_ attribute: Attribute) {
        flag("{\n          \"allowsCloudEncryption\" : ", attribute.allowsCloudEncryption)
        if let type = attribute.attributeType { field("\n          \"attributeType\" : ", type.rawValue) }
        if attribute.derived { raw("\n          \"derived\" : true,") }
        if let encrypted = attribute.encryptedAttributeKey { flag("\n          \"encryptedAttributeKey\" : ", encrypted) }
        if attribute.enumType { raw("\n          \"enumType\" : true,") }
        flag("\n          \"externalStorage\" : ", attribute.externalStorage)
        flag("\n          \"hasDefault\" : ", attribute.hasDefault)
        field("\n          \"line\" : ", attribute.line)
        if attribute.mirroringIgnored { raw("\n          \"mirroringIgnored\" : true,") }
        field("\n          \"name\" : ", attribute.name)
        flag("\n          \"optional\" : ", attribute.optional)
        if let original = attribute.originalName { field("\n          \"originalName\" : ", original) }
        if let type = attribute.swiftType { field("\n          \"swiftType\" : ", type) }
        raw(attribute.unique ? "\n          \"unique\" : true\n        }" : "\n          \"unique\" : false\n        }")
    }

    /// At depth 4.
    @inline(__always)
    mutating func relationship(_ relationship: Relationship) {
        field("{\n          \"deleteRule\" : ", relationship.deleteRule.rawValue)
        field("\n          \"destination\" : ", relationship.destination)
        if let inverse = relationship.inverse { field("\n          \"inverse\" : ", inverse) }
        field("\n          \"line\" : ", relationship.line)
        if relationship.mirroringIgnored { raw("\n          \"mirroringIgnored\" : true,") }
        field("\n          \"name\" : ", relationship.name)
        flag("\n          \"optional\" : ", relationship.optional)
        flag("\n          \"ordered\" : ", relationship.ordered)
        if let original = relationship.originalName { field("\n          \"originalName\" : ", original) }
        raw(relationship.toMany ? "\n          \"toMany\" : true\n        }" : "\n          \"toMany\" : false\n        }")
    }

    /// At depth 2.
    mutating func diagnostic(_ diagnostic: ModelDiagnostic) {
        field("{\n      \"file\" : ", diagnostic.file)
        field("\n      \"kind\" : ", diagnostic.kind.rawValue)
        if let line = diagnostic.line { field("\n      \"line\" : ", line) }
        raw("\n      \"message\" : ")
        string(diagnostic.message)
        raw("\n    }")
    }

    // MARK: - Layout

    /// `[`, each element on its own line one level deeper than `depth`, `]` at `depth`;
    /// an empty array is `[`, a blank line, `]`.
    mutating func array<Element>(_ elements: [Element], depth: Int, _ write: (inout JSONTextWriter, Element) -> Void) {
        raw(elements.isEmpty ? "[\n" : "[")
        for index in elements.indices {
            element(index, depth: depth + 1)
            write(&self, elements[index])
        }
        raw(Self.newline(depth))
        raw("]")
    }

    /// What goes before element `index` of an array whose elements are at `depth`.
    mutating func element(_ index: Int, depth: Int) {
        raw(index > 0 ? Self.commaNewline(depth) : Self.newline(depth))
    }

    // Inlined, so that each literal key is copied with a few moves, not a call.
    @inline(__always)
    mutating func field(_ key: StaticString, _ value: String) {
        raw(key)
        string(value, comma: true)
    }

    @inline(__always)
    mutating func field(_ key: StaticString, _ value: Int) {
        raw(key)
        sink.append(decimal: value)
        raw(",")
    }

    @inline(__always)
    mutating func flag(_ key: StaticString, _ value: Bool) {
        raw(key)
        raw(value ? "true," : "false,")
    }

    mutating func raw(_ piece: [UInt8]) {
        piece.withUnsafeBytes { sink.append($0) }
    }

    @inline(__always)
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

    /// A JSON string (and a comma after it when `comma`).
    mutating func string(_ value: String, comma: Bool = false) {
        // Every native string has contiguous UTF-8; another one is copied first.
        if value.utf8.withContiguousStorageIfAvailable({ string(utf8: $0, comma: comma) }) == nil {
            var copy = value
            copy.withUTF8 { string(utf8: $0, comma: comma) }
        }
    }

    /// JSON string escaping as JSONEncoder does it without escaping slashes: quote,
    /// backslash and control characters; everything else (UTF-8 included) as is.
    private mutating func string(utf8: UnsafeBufferPointer<UInt8>, comma: Bool) {
        // Nearly every string needs no escape: quote, bytes, quote (and comma) at once.
        guard let first = utf8.firstIndex(where: Self.needsEscape) else {
            sink.appendQuoted(utf8, comma: comma)
            return
        }
        raw("\"")
        var start = 0
        for index in first..<utf8.count where Self.needsEscape(utf8[index]) {
            sink.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[start..<index]))
            start = index + 1
            switch utf8[index] {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case let byte:
                let hex = Array("0123456789abcdef".utf8)
                raw([UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        sink.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[start...]))
        raw(comma ? "\"," : "\"")
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

/// Text written in place by `ByteSink`, handed to the output as it is (a copy of
/// megabytes costs as much as writing them). Written only by the sink that made it, and
/// never changed once handed out.
package final class TextChunk: @unchecked Sendable {
    fileprivate let base: UnsafeMutableRawPointer
    fileprivate let capacity: Int
    fileprivate var count = 0

    fileprivate init(capacity: Int) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
    }

    deinit { base.deallocate() }

    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}

/// A byte buffer with a plain memcpy append: `Array.append(contentsOf:)` costs about a
/// hundred instructions a call, and a JSON document is made of small pieces. Every write
/// is preceded by a capacity check for all of its bytes; a full chunk is kept as it is and
/// the writing goes on in a new one, so no byte is ever copied to grow.
struct ByteSink {
    private var chunks: [TextChunk] = []
    private var current: TextChunk
    /// The current chunk's memory, kept here so an append reads no class field.
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0
    /// Chunks double from the first one's size (a small document stays small) up to this.
    private static let largestChunk = 1 << 20

    init(capacity: Int) {
        current = TextChunk(capacity: capacity)
        base = current.base
        self.capacity = capacity
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { startChunk(atLeast: extra) }
    }

    @inline(never)
    private mutating func startChunk(atLeast minimum: Int) {
        seal()
        current = TextChunk(capacity: max(minimum, min(capacity * 2, Self.largestChunk)))
        base = current.base
        capacity = current.capacity
        count = 0
    }

    /// Keeps what the current chunk holds.
    private mutating func seal() {
        current.count = count
        if count > 0 { chunks.append(current) }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// `"bytes"`, then `,` when `comma`: one capacity check for the three pieces.
    mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, comma: Bool) {
        let needed = bytes.count + (comma ? 3 : 2)
        reserve(needed)
        let target = base + count
        target.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        if let source = bytes.baseAddress, bytes.count > 0 { (target + 1).copyMemory(from: source, byteCount: bytes.count) }
        (target + 1 + bytes.count).storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        if comma { (target + 2 + bytes.count).storeBytes(of: UInt8(ascii: ","), as: UInt8.self) }
        count += needed
    }

    /// The decimal digits of `value`, written in place (an Int takes at most 20 bytes).
    mutating func append(decimal value: Int) {
        reserve(20)
        var digits = 1, rest = value.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        if value < 0 {
            base.storeBytes(of: UInt8(ascii: "-"), toByteOffset: count, as: UInt8.self)
            count += 1
        }
        var magnitude = value.magnitude, offset = count + digits
        repeat {
            offset -= 1
            base.storeBytes(of: UInt8(ascii: "0") + UInt8(magnitude % 10), toByteOffset: offset, as: UInt8.self)
            magnitude /= 10
        } while magnitude > 0
        count += digits
    }

    /// What was written, leaving the sink empty.
    mutating func take() -> [TextChunk] {
        seal()
        let taken = chunks
        chunks = []
        current = TextChunk(capacity: 4096)
        base = current.base
        capacity = current.capacity
        count = 0
        return taken
    }
}
