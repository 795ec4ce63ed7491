/// Swift source with the insides of comments and string literals blanked out (newlines
/// kept), so call sites can be found with plain text scanning and a `ModelConfiguration(`
/// inside a comment or a string is never mistaken for code. Handles nested block comments,
/// multi-line and raw (`#"..."#`) strings and interpolation (whose code is blanked too).
/// Linear, never fails: unterminated constructs simply run to the end of the line or file.
enum SwiftSourceMask {
    private enum Context {
        /// Code; inside an interpolation `\( ... )` with the paren depth reached so far.
        case code(interpolationDepth: Int?)
        case string(hashes: Int, multiline: Bool)
    }

    static let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n"), quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
    static let backslash = UInt8(ascii: "\\"), open = UInt8(ascii: "("), close = UInt8(ascii: ")")

    static func mask(_ source: [UInt8]) -> [UInt8] {
        var output = source
        var stack: [Context] = [.code(interpolationDepth: nil)]
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where output[position] != newline { output[position] = space }
        }
        func byte(_ offset: Int) -> UInt8? {
            index + offset < source.count ? source[index + offset] : nil
        }
        while index < source.count, let context = stack.last {
            switch context {
            case .code(let depth):
                let current = source[index]
                if current == slash, byte(1) == slash {
                    let end = source[index...].firstIndex(of: newline) ?? source.count
                    blank(index..<end)
                    index = end
                    continue
                }
                if current == slash, byte(1) == star {
                    let end = blockCommentEnd(source, from: index)
                    blank(index..<end)
                    index = end
                    continue
                }
                if current == hash || current == quote {
                    var hashes = 0
                    while byte(hashes) == hash { hashes += 1 }
                    if byte(hashes) == quote {
                        let multiline = byte(hashes + 1) == quote && byte(hashes + 2) == quote
                        let length = hashes + (multiline ? 3 : 1)
                        if depth != nil { blank(index..<index + length) }
                        index += length
                        stack.append(.string(hashes: hashes, multiline: multiline))
                        continue
                    }
                }
                if let depth {
                    if current == open {
                        stack[stack.count - 1] = .code(interpolationDepth: depth + 1)
                    } else if current == close {
                        if depth == 0 {
                            stack.removeLast()
                            blank(index..<index + 1)
                            index += 1
                            continue
                        }
                        stack[stack.count - 1] = .code(interpolationDepth: depth - 1)
                    }
                    blank(index..<index + 1)
                }
                index += 1
            case .string(let hashes, let multiline):
                let current = source[index]
                if current == backslash, (0..<hashes).allSatisfy({ byte(1 + $0) == hash }) {
                    let escaped = index + 1 + hashes
                    if escaped < source.count, source[escaped] == open {
                        blank(index..<escaped + 1)
                        index = escaped + 1
                        stack.append(.code(interpolationDepth: 0))
                        continue
                    }
                    let end = min(escaped + 1, source.count)
                    blank(index..<end)
                    index = end
                    continue
                }
                if current == quote {
                    let quotes = multiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ byte($0) == quote }), (0..<hashes).allSatisfy({ byte(quotes + $0) == hash }) {
                        index += quotes + hashes
                        stack.removeLast()
                        continue
                    }
                }
                if current == newline && !multiline {
                    stack.removeLast()  // unterminated single-line string: recover at the line end
                    continue
                }
                blank(index..<index + 1)
                index += 1
            }
        }
        return output
    }

    /// The index just past the `*/` closing the (possibly nested) comment at `start`.
    private static func blockCommentEnd(_ source: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index + 1 < source.count {
            if source[index] == slash && source[index + 1] == star {
                depth += 1
                index += 2
            } else if source[index] == star && source[index + 1] == slash {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return source.count
    }
}
