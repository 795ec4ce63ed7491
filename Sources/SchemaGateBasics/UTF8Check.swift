/// Finds invalid UTF-8 before anything decodes it: FoundationXML's parser traps on an
/// element name that is not UTF-8, and a lossy decode would hide a broken model file.
package enum UTF8Check {
    /// The byte offset of the first invalid UTF-8 sequence, or nil when the bytes are valid.
    package static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        // ASCII bytes are each a valid scalar: decode from the first byte that is not.
        guard let firstNonASCII = firstNonASCIIOffset(bytes) else { return nil }
        var decoder = UTF8()
        var iterator = bytes[firstNonASCII...].makeIterator()
        var offset = firstNonASCII
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The offset of the first byte >= 0x80, eight bytes at a time.
    package static func firstNonASCIIOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            var offset = 0
            let count = raw.count
            while offset + 8 <= count {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
                offset += 8
            }
            while offset < count {
                if raw[offset] >= 0x80 { return offset }
                offset += 1
            }
            return nil
        }
    }

    /// The 1-based line holding `offset`.
    package static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
