import Foundation
import SchemaGateBasics
/// `models --format json`, written directly as bytes: the same text JSONEncoder gives with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (tests compare the two on
/// every fixture), at a fraction of the cost. A 15,000-model app prints ~44 MB of JSON,
/// and going through JSONEncoder's intermediate values took longer than reading the
/// models. Entities are written on every core, in runs written out in order as they are done.
package enum AppModelJSON {
    package static func encode(_ model: AppModel) -> [UInt8] {
        var bytes: [UInt8] = []
        write(model) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// How many entities one run writes: a run's text (~200 KB in a dense app) fits a
    /// core's cache, and runs are many enough to keep every core busy.
    static let entitiesPerRun = 64

    /// Writes the document to `output` piece by piece, in order. The entities are written
    /// on every core, in runs handed to `output` as soon as every run before them is out,
    /// each in a buffer used again by a later run: the 44 MB of a 15,000-model app are
    /// never held at once, and the same few buffers are written again and again instead of
    /// fresh memory (every fresh page is a page fault).
    package static func write(_ model: AppModel, to output: (UnsafeRawBufferPointer) -> Void) {
        var writer = JSONTextWriter(capacity: 4096)
        writer.head(of: model)
        writer.flush(to: output)
        let entities = model.entities
        let runs = (entities.count + entitiesPerRun - 1) / entitiesPerRun
        let spare = SpareWriters()
        ParallelMap.forEachInOrder(runs, minimumCount: 2, produce: { run in
            var runWriter = spare.take()
            entities.withUnsafeBufferPointer { entities in
                for index in run * entitiesPerRun..<min(entities.count, (run + 1) * entitiesPerRun) {
                    runWriter.raw(",\n    ", if: index > 0, else: "\n    ")
                    runWriter.entity(entities[index])
                }
            }
            return runWriter
        }, consume: { runWriter in
            var runWriter = runWriter
            runWriter.flush(to: output)
            spare.put(runWriter)
        })
        writer.tail(of: model)
        writer.flush(to: output)
    }

    /// Writers whose run is out, kept for the next runs with their grown buffers.
    private final class SpareWriters: @unchecked Sendable {
        private let lock = NSLock()
        private var writers: [JSONTextWriter] = []

        func take() -> JSONTextWriter {
            lock.withLock { writers.popLast() } ?? JSONTextWriter(capacity: 1 << 16)
        }

        func put(_ writer: JSONTextWriter) {
            lock.withLock { writers.append(writer) }
        }
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

    /// Hands what was written to `output` and empties the writer, keeping its buffer.
    mutating func flush(to output: (UnsafeRawBufferPointer) -> Void) {
        sink.flush(to: output)
    }

    /// The document up to its first entity: `{`, the version, the diagnostics, `"entities" : [`.
    mutating func head(of model: AppModel) {
        raw("{")
        field("\n  \"activeSchemaVersion\" : ", ifPresent: model.activeSchemaVersion)
        raw("\n  \"diagnostics\" : ")
        array(model.diagnostics, depth: 1) { writer, diagnostic in writer.diagnostic(diagnostic) }
        raw(",\n  \"entities\" : [\n", if: model.entities.isEmpty, else: ",\n  \"entities\" : [")
    }

    /// The document after its last entity.
    mutating func tail(of model: AppModel) {
        raw("\n  ]")
        if let registered = model.registeredTypes {
            raw(",\n  \"registeredTypes\" : ")
            array(registered, depth: 1) { writer, name in writer.string(name) }
        }
        raw("\n}")
    }

    /// An entity at depth 2 (an element of the document's `entities`). Borrowed, and its
    /// attributes and relationships read in place: a copy of one would retain and release
    /// all its strings (an array element passed by value is copied).
    mutating func entity(_ entity: borrowing Entity) {
        raw("{\n      \"attributes\" : [\n", if: entity.attributes.isEmpty, else: "{\n      \"attributes\" : [")
        members(entity.attributes) { writer, attribute in writer.attribute(attribute) }
        raw("\n      ],")
        field("\n      \"file\" : ", entity.file)
        field("\n      \"line\" : ", entity.line)
        field("\n      \"name\" : ", entity.name)
        field("\n      \"parent\" : ", ifPresent: entity.parent)
        raw("\n      \"relationships\" : [\n", if: entity.relationships.isEmpty, else: "\n      \"relationships\" : [")
        members(entity.relationships) { writer, relationship in writer.relationship(relationship) }
        raw("\n      ],\n      \"uniqueConstraints\" : ")
        array(entity.uniqueConstraints, depth: 3) { writer, names in
            writer.array(names, depth: 4) { writer, name in writer.string(name) }
        }
        raw("\n    }")
    }

    /// An entity's attributes or relationships, each at depth 4 on a line of its own and
    /// read in place through a pointer (passed by value, an element would be copied).
    @inline(__always)
    private mutating func members<Member>(_ members: [Member], _ write: (inout JSONTextWriter, UnsafePointer<Member>) -> Void) {
        members.withUnsafeBufferPointer { members in
            for index in members.indices {
                raw(",\n        ", if: index > 0, else: "\n        ")
                write(&self, members.baseAddress! + index)
            }
        }
    }

    /// At depth 4.
    @inline(__always)
    mutating func attribute(_ attribute: UnsafePointer<Attribute>) {
        flag("{\n          \"allowsCloudEncryption\" : ", attribute.pointee.allowsCloudEncryption)
        if let type = attribute.pointee.attributeType { field("\n          \"attributeType\" : ", type.rawValue) }
        if attribute.pointee.derived { raw("\n          \"derived\" : true,") }
        if let encrypted = attribute.pointee.encryptedAttributeKey { flag("\n          \"encryptedAttributeKey\" : ", encrypted) }
        if attribute.pointee.enumType { raw("\n          \"enumType\" : true,") }
        flag("\n          \"externalStorage\" : ", attribute.pointee.externalStorage)
        flag("\n          \"hasDefault\" : ", attribute.pointee.hasDefault)
        field("\n          \"line\" : ", attribute.pointee.line)
        if attribute.pointee.mirroringIgnored { raw("\n          \"mirroringIgnored\" : true,") }
        field("\n          \"name\" : ", attribute.pointee.name)
        flag("\n          \"optional\" : ", attribute.pointee.optional)
        field("\n          \"originalName\" : ", ifPresent: attribute.pointee.originalName)
        field("\n          \"swiftType\" : ", ifPresent: attribute.pointee.swiftType)
        raw("\n          \"unique\" : true\n        }", if: attribute.pointee.unique, else: "\n          \"unique\" : false\n        }")
    }

    /// At depth 4.
    @inline(__always)
    mutating func relationship(_ relationship: UnsafePointer<Relationship>) {
        field("{\n          \"deleteRule\" : ", relationship.pointee.deleteRule.rawValue)
        field("\n          \"destination\" : ", relationship.pointee.destination)
        field("\n          \"inverse\" : ", ifPresent: relationship.pointee.inverse)
        field("\n          \"line\" : ", relationship.pointee.line)
        if relationship.pointee.mirroringIgnored { raw("\n          \"mirroringIgnored\" : true,") }
        field("\n          \"name\" : ", relationship.pointee.name)
        flag("\n          \"optional\" : ", relationship.pointee.optional)
        flag("\n          \"ordered\" : ", relationship.pointee.ordered)
        field("\n          \"originalName\" : ", ifPresent: relationship.pointee.originalName)
        raw("\n          \"toMany\" : true\n        }", if: relationship.pointee.toMany, else: "\n          \"toMany\" : false\n        }")
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
        raw("[\n", if: elements.isEmpty, else: "[")
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

    /// The field when `value` is there. The optional is passed where it is (borrowed), so
    /// the string is not copied out of the array element (retained and released) first.
    @inline(__always)
    mutating func field(_ key: StaticString, ifPresent value: String?) {
        if let value { field(key, value) }
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
        raw("true,", if: value, else: "false,")
    }

    mutating func raw(_ piece: [UInt8]) {
        piece.withUnsafeBytes { sink.append($0) }
    }

    /// One of two literals: each is copied with its size known, where a literal chosen by
    /// `?:` would be a memcpy call.
    @inline(__always)
    mutating func raw(_ whenTrue: StaticString, if condition: Bool, else whenFalse: StaticString) {
        if condition { raw(whenTrue) } else { raw(whenFalse) }
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

    /// A JSON string (and a comma after it when `comma`). Inlined where a field is
    /// written: a plain string costs a test and a copy, no call.
    @inline(__always)
    mutating func string(_ value: String, comma: Bool = false) {
        // Every native string has contiguous UTF-8; another one is copied first.
        if value.utf8.withContiguousStorageIfAvailable({ string(utf8: $0, comma: comma) }) == nil {
            var copy = value
            copy.withUTF8 { string(utf8: $0, comma: comma) }
        }
    }

    @inline(__always)
    private mutating func string(utf8: UnsafeBufferPointer<UInt8>, comma: Bool) {
        // Nearly every string needs no escape: quote, bytes, quote (and comma) at once.
        if Self.mayNeedEscape(utf8) { escaped(utf8, comma: comma) } else { sink.appendQuoted(utf8, comma: comma) }
    }

    /// JSON string escaping as JSONEncoder does it without escaping slashes: quote,
    /// backslash and control characters; everything else (UTF-8 included) as is.
    @inline(never)
    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>, comma: Bool) {
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
        raw("\",", if: comma, else: "\"")
    }

    /// Whether any byte may need an escape, tested a word at a time: a name or a type is
    /// a few bytes long, so a short string is read as one word (two overlapping loads,
    /// or plain letters filling the rest) and a longer one as words whose last overlaps
    /// the one before. Only a string that may need one is scanned byte by byte.
    @inline(__always)
    private static func mayNeedEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress, utf8.count > 0 else { return false }
        let raw = UnsafeRawPointer(base), count = utf8.count
        let plain: UInt64 = 0x6161_6161_6161_6161
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                if mayNeedEscape(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
                offset += 8
            }
            return mayNeedEscape(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        if count >= 4 {
            let low = raw.loadUnaligned(as: UInt32.self), high = raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            return mayNeedEscape(UInt64(low) | UInt64(high) << 32)
        }
        if count >= 2 {
            let low = raw.loadUnaligned(as: UInt16.self), high = raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
            return mayNeedEscape(UInt64(low) | UInt64(high) << 16 | plain << 32)
        }
        return mayNeedEscape(UInt64(base.pointee) | plain << 8)
    }

    /// False only when none of the eight bytes is below 0x20, a quote or a backslash (the
    /// classic "has a byte less than n" and "has a zero byte" tests; a true answer is
    /// checked byte by byte).
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\""))), backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & highs != 0
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

/// The memory a `ByteSink` writes into, freed with its last sink.
private final class TextBuffer {
    var base: UnsafeMutableRawPointer
    var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
    }

    deinit { base.deallocate() }
}

/// A byte buffer with a plain memcpy append: `Array.append(contentsOf:)` costs about a
/// hundred instructions a call, and a JSON document is made of small pieces. Every write
/// is preceded by a capacity check for all of its bytes. `flush` empties it and keeps its
/// memory, so a sink used again writes into pages already touched. A copy shares that
/// memory: a sink is handed on (from run to run), never written through two copies.
struct ByteSink {
    private let buffer: TextBuffer
    /// The buffer's memory, kept here so an append reads no class field.
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0

    init(capacity: Int) {
        buffer = TextBuffer(capacity: max(capacity, 1))
        base = buffer.base
        self.capacity = buffer.capacity
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(atLeast: count + extra) }
    }

    /// Doubles the buffer (at least to `minimum`): a reused sink soon stops growing.
    @inline(never)
    private mutating func grow(atLeast minimum: Int) {
        let larger = UnsafeMutableRawPointer.allocate(byteCount: max(minimum, capacity * 2), alignment: 1)
        larger.copyMemory(from: base, byteCount: count)
        buffer.base.deallocate()
        buffer.base = larger
        buffer.capacity = max(minimum, capacity * 2)
        base = larger
        capacity = buffer.capacity
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// `"bytes"`, then `,` when `comma`: one capacity check for the three pieces.
    @inline(__always)
    mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, comma: Bool) {
        let needed = bytes.count + (comma ? 3 : 2)
        reserve(needed)
        let target = base + count
        target.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        if let source = bytes.baseAddress { Self.copy(UnsafeRawPointer(source), to: target + 1, count: bytes.count) }
        (target + 1 + bytes.count).storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        if comma { (target + 2 + bytes.count).storeBytes(of: UInt8(ascii: ","), as: UInt8.self) }
        count += needed
    }

    /// `count` bytes from `source` to `target`; up to 16 with two overlapping loads and
    /// stores of one width (most strings are a name or a type), which saves a memcpy call.
    @inline(__always)
    private static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        switch count {
        case 0:
            return
        case 1:
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        case 2...3:
            copyOverlapping(source, to: target, count: count, as: UInt16.self)
        case 4...7:
            copyOverlapping(source, to: target, count: count, as: UInt32.self)
        case 8...16:
            copyOverlapping(source, to: target, count: count, as: UInt64.self)
        default:
            target.copyMemory(from: source, byteCount: count)
        }
    }

    /// The first and the last `Word` of `count` bytes (MemoryLayout<Word>.size <= count <=
    /// twice that), each read before either is written.
    @inline(__always)
    private static func copyOverlapping<Word: FixedWidthInteger>(
        _ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int, as _: Word.Type
    ) {
        let last = count - MemoryLayout<Word>.size
        let first = source.loadUnaligned(as: Word.self), end = source.loadUnaligned(fromByteOffset: last, as: Word.self)
        target.storeBytes(of: first, as: Word.self)
        target.storeBytes(of: end, toByteOffset: last, as: Word.self)
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

    /// Hands what was written to `output` and empties the sink, keeping its memory.
    mutating func flush(to output: (UnsafeRawBufferPointer) -> Void) {
        if count > 0 { output(UnsafeRawBufferPointer(start: base, count: count)) }
        count = 0
    }
}
