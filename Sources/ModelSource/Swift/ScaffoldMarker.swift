import SchemaGateBasics
/// The mark `cloudkit-schema scaffold` puts in the header of the file it generates. The
/// file lists the app's model types only to hand them to `initializeCloudKitSchema()` in
/// a throwaway store: it persists nothing and is not the app's registration. So a marked
/// file's model lists are not registrations (the model reader and change detection
/// ignore them); any `@Model` it declares still counts.
///
/// Recognised only in the header (the comments before the first line of code), so the
/// text inside a string literal or deep in some other file never marks it.
package enum ScaffoldMarker {
    package static let token = "cloudkit-schema:scaffold"
    private static let tokenBytes = Array(token.utf8)

    /// Whether the file's header comments carry the token. Only the header is read (most
    /// files have none, or a short one): a search of the whole file first read every byte
    /// of every file with a model list once more.
    package static func isMarked(_ bytes: [UInt8]) -> Bool {
        var index = hasByteOrderMark(bytes) ? 3 : 0
        while index < bytes.count {
            switch bytes[index] {
            case ASCII.space, ASCII.tab, ASCII.newline, ASCII.carriageReturn:
                index += 1
            case ASCII.slash where index + 1 < bytes.count && bytes[index + 1] == ASCII.slash:
                let end = bytes[index...].firstIndex(of: ASCII.newline) ?? bytes.count
                if contains(bytes[index..<end]) { return true }
                index = end
            case ASCII.slash where index + 1 < bytes.count && bytes[index + 1] == ASCII.star:
                let end = blockCommentEnd(bytes, from: index + 2)
                if contains(bytes[index..<end]) { return true }
                index = end
            default:
                return false
            }
        }
        return false
    }

    /// A UTF-8 byte order mark, tested without an array literal to compare with.
    private static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    private static func contains(_ slice: ArraySlice<UInt8>) -> Bool {
        ByteSearch.firstIndex(of: tokenBytes, in: Array(slice), from: 0) != nil
    }

    /// Just past the `*/` closing a block comment (Swift's nest), or the end of the file.
    private static func blockCommentEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 1, index = start
        while index + 1 < bytes.count {
            if bytes[index] == ASCII.slash && bytes[index + 1] == ASCII.star {
                depth += 1; index += 2
            } else if bytes[index] == ASCII.star && bytes[index + 1] == ASCII.slash {
                depth -= 1; index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return bytes.count
    }
}
