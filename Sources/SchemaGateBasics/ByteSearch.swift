/// Substring search over bytes (libc's memmem where it exists): the model reader's
/// pre-checks and change detection's tests on git blobs run over every byte of every file.
package enum ByteSearch {
    /// Whether `needle` occurs in `bytes`.
    package static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count, let base = bytes.baseAddress else { return needle.isEmpty }
        return needle.withUnsafeBytes { pattern in
            if let memmem { return memmem(base, bytes.count, pattern.baseAddress!, pattern.count) != nil }
            return scan(bytes, pattern, from: 0) != nil
        }
    }

    /// Substring test on text. Foundation's `String.contains(_:)` (which wins overload
    /// resolution once any file imports Foundation) bridges to NSString on every call.
    package static func contains(_ text: String, _ needle: String) -> Bool {
        firstIndex(of: Array(needle.utf8), in: Array(text.utf8), from: 0) != nil
    }

    package static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: bytes, from: 0) != nil
    }

    /// libc's memmem (vectorised) when the C library has it.
    package static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, bytes.count - start >= needle.count else { return nil }
        return bytes.withUnsafeBytes { haystack -> Int? in
            needle.withUnsafeBytes { pattern -> Int? in
                let base = haystack.baseAddress!
                if let memmem = Self.memmem {
                    guard let found = memmem(base + start, haystack.count - start, pattern.baseAddress!, pattern.count) else { return nil }
                    return base.distance(to: UnsafeRawPointer(found))
                }
                return scan(haystack, pattern, from: start)
            }
        }
    }

    /// A first-byte scan, then a compare.
    static func scan(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard haystack.count - start >= needle.count, let first = needle.first else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == first {
                var offset = 1
                while offset < needle.count, haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    private typealias MemMem = @convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?

    /// Looked up at run time: the C headers Swift imports do not declare it (it is a GNU
    /// and BSD extension), but glibc and Darwin's libc both export it.
    private static let memmem: MemMem? = LibCSymbol.address("memmem").map { unsafeBitCast($0, to: MemMem.self) }
}
