/// A written type name (`Item`, `SchemaV2.Item`) taken apart at its dots exactly as
/// `split(separator: ".")` does, without building the components: name lookups ask only
/// for the last one and whether there are several, once per registered name, relationship
/// and attribute, and splitting by characters costs more than the lookup itself.
struct DottedName {
    /// The last non-empty component; nil when there is none (`""`, `"."`).
    let last: String?
    /// More than one non-empty component.
    let isQualified: Bool

    init(_ written: String) {
        let fast = written.utf8.withContiguousStorageIfAvailable { utf8 -> (String?, Bool)? in
            // In ASCII every byte is a character (a `\r\n` pair is one, but holds no dot).
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            var end = utf8.count
            while end > 0, utf8[end - 1] == UInt8(ascii: ".") { end -= 1 }
            guard end > 0 else { return (nil, false) }
            var start = end
            while start > 0, utf8[start - 1] != UInt8(ascii: ".") { start -= 1 }
            let isQualified = utf8[..<start].contains { $0 != UInt8(ascii: ".") }
            let last = start == 0 && end == utf8.count
                ? written : String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<end]), as: UTF8.self)
            return (last, isQualified)
        } ?? nil
        if let (last, isQualified) = fast {
            self.last = last
            self.isQualified = isQualified
        } else {
            let components = written.split(separator: ".")
            last = components.last.map(String.init)
            isQualified = components.count > 1
        }
    }

    /// The last component, or the whole text when it has none (a lookup key either way).
    /// A name without a dot (nearly all) is its own last component, not taken apart.
    static func lastComponent(_ written: String) -> String {
        hasDot(written) ? DottedName(written).last ?? written : written
    }

    /// Whether `written` has a dot, by its bytes (`utf8.contains` walks them one call each).
    static func hasDot(_ written: String) -> Bool {
        written.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) } ?? written.utf8.contains(UInt8(ascii: "."))
    }
}
