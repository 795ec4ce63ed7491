import Foundation

/// A record type, field or role name as CloudKit compares it: byte for byte
/// (Docs/CloudKitMapping.md, "Names are bytes"). Swift's `String` `==` and hashing treat
/// canonically equivalent strings as one (`"caf\u{E9}" == "cafe\u{301}"`), so two names
/// CloudKit keeps apart would pass for each other. Every set or dictionary of names is
/// keyed by this, and every comparison of two names is `isExactly`.
package struct ExactName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    package let text: String

    package init(_ text: String) { self.text = text }
    package init(stringLiteral text: String) { self.text = text }

    package var description: String { text }

    package static func == (lhs: ExactName, rhs: ExactName) -> Bool { lhs.text.isExactly(rhs.text) }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// The same bytes (not merely canonically equivalent text).
    package func isExactly(_ other: String) -> Bool {
        // Native strings are contiguous UTF-8: one memcmp (a million-field schema is
        // compared name by name).
        let contiguous = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in
                lhs.count == rhs.count && (lhs.isEmpty || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0)
            }
        }
        if let answer = contiguous ?? nil { return answer }
        return utf8.elementsEqual(other.utf8)
    }
}
