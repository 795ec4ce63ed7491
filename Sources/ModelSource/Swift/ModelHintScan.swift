/// One pass over a file's bytes that tells whether it can matter to the model reader at
/// all: it contains `odel` (`@Model`, `PersistentModel`, `ModelContainer`,
/// `modelContainer`, `ModelConfiguration`), `Schema`, `typealias`, `enum` or `NSPersistent`
/// (a Core Data container, whose store says which models sync). Most files of an app contain none,
/// and this pass (16 bytes at a time) is several times faster than the one `memmem` per
/// word it replaces; the exact tests then run on the few files that pass.
enum ModelHintScan {
    /// True when the bytes contain one of the words; never false when they do.
    static func mayMentionModels(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { mayMentionModels($0) }
    }

    static func mayMentionModels(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        // A rare pair of neighbouring bytes from each word: "od" (odel), "Sc" (Schema),
        // "yp" (typealias), "um" (enum), "SP" (NSPersistent); positions where one starts are
        // then verified.
        let o = SIMD16<UInt8>(repeating: UInt8(ascii: "o")), d = SIMD16<UInt8>(repeating: UInt8(ascii: "d"))
        let s = SIMD16<UInt8>(repeating: UInt8(ascii: "S")), c = SIMD16<UInt8>(repeating: UInt8(ascii: "c"))
        let y = SIMD16<UInt8>(repeating: UInt8(ascii: "y")), pLower = SIMD16<UInt8>(repeating: UInt8(ascii: "p"))
        let u = SIMD16<UInt8>(repeating: UInt8(ascii: "u")), m = SIMD16<UInt8>(repeating: UInt8(ascii: "m"))
        let p = SIMD16<UInt8>(repeating: UInt8(ascii: "P"))
        var index = 0
        while index + 17 <= count {
            let first = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let second = base.loadUnaligned(fromByteOffset: index + 1, as: SIMD16<UInt8>.self)
            let pairs = ((first .== o) .& (second .== d)) .| ((first .== s) .& (second .== c))
                .| ((first .== y) .& (second .== pLower)) .| ((first .== u) .& (second .== m))
                .| ((first .== s) .& (second .== p))
            // `any(_:)` is an out-of-line reduction here; two 64-bit halves are one `or`.
            let halves = unsafeBitCast(pairs, to: SIMD2<UInt64>.self)
            if halves[0] | halves[1] != 0 {
                for lane in 0..<16 where pairs[lane] && wordStarts(around: index + lane, in: bytes) { return true }
            }
            index += 16
        }
        while index + 1 < count {
            if wordStarts(around: index, in: bytes) { return true }
            index += 1
        }
        return false
    }

    /// Whether one of the words contains the pair found at `position`.
    private static func wordStarts(around position: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        matches(odel, at: position, in: bytes) || matches(schema, at: position, in: bytes)
            || matches(typealiasWord, at: position - 1, in: bytes) || matches(enumWord, at: position - 2, in: bytes)
            || matches(persistent, at: position - 1, in: bytes)
    }

    private static func matches(_ word: [UInt8], at start: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard start >= 0, start + word.count <= bytes.count else { return false }
        for offset in 0..<word.count where bytes[start + offset] != word[offset] { return false }
        return true
    }

    private static let odel = Array("odel".utf8)
    private static let schema = Array("Schema".utf8)
    private static let typealiasWord = Array("typealias".utf8)
    private static let enumWord = Array("enum".utf8)
    private static let persistent = Array("NSPersistent".utf8)
}
