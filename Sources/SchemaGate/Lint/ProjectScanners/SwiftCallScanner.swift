/// Finds calls like `ModelConfiguration(...)` in masked Swift source and splits their
/// top-level arguments into labels and values.
struct SwiftCall: Equatable {
    struct Argument: Equatable {
        var label: String?
        /// The value as masked source text (string contents blanked), trimmed.
        var value: String
    }

    /// The 1-based line of the callee name.
    var line: Int
    /// Byte offset of the callee name in the file.
    var offset: Int
    var arguments: [Argument]

    func argument(_ label: String) -> Argument? { arguments.first { $0.label == label } }
}

enum SwiftCallScanner {
    /// Every call of `callee` (also `callee.init(`, `SwiftData.callee(`, and `.init(` given
    /// to a variable annotated `: callee`), where `callee` stands as a whole identifier.
    /// With `member: true`, only `.callee(` (a method or modifier call) matches.
    static func calls(of callee: String, in masked: [UInt8], member: Bool = false) -> [SwiftCall] {
        let name = Array(callee.utf8)
        guard !name.isEmpty, masked.count >= name.count else { return [] }
        var calls: [SwiftCall] = []
        var line = 1
        var lineCounted = 0
        var index = 0
        while index + name.count <= masked.count {
            guard masked[index] == name[0], masked[index..<index + name.count].elementsEqual(name) else {
                index += 1
                continue
            }
            let before = index > 0 ? masked[index - 1] : SwiftSourceMask.space
            let isMember = before == UInt8(ascii: ".") && !isModuleQualified(dotAt: index - 1, in: masked)
            guard !isIdentifier(before), isMember == member,
                  let open = openParen(after: index + name.count, in: masked)
                    ?? (member ? nil : initializerParen(afterAnnotationEndingAt: index + name.count, in: masked))
            else {
                index += name.count
                continue
            }
            for position in lineCounted..<index where masked[position] == SwiftSourceMask.newline { line += 1 }
            lineCounted = index
            let (arguments, end) = splitArguments(from: open, in: masked)
            calls.append(SwiftCall(line: line, offset: index, arguments: arguments))
            index = max(end, index + name.count)
        }
        return calls
    }

    /// The index of `(` that opens the argument list after a callee ending at `start`
    /// (`Name(`, `Name (`, `Name.init(`), or nil when this is no call (a type annotation,
    /// an extension, a generic argument...).
    private static func openParen(after start: Int, in masked: [UInt8]) -> Int? {
        var index = skipSpaces(from: start, in: masked)
        let initName = Array(".init".utf8)
        if index + initName.count <= masked.count, masked[index..<index + initName.count].elementsEqual(initName) {
            index = skipSpaces(from: index + initName.count, in: masked)
        }
        return index < masked.count && masked[index] == SwiftSourceMask.open ? index : nil
    }

    /// `SwiftData.` before the name: the type spelled with its module, not a member.
    private static func isModuleQualified(dotAt dot: Int, in masked: [UInt8]) -> Bool {
        let module = Array("SwiftData".utf8)
        let start = dot - module.count
        guard start >= 0, masked[start..<dot].elementsEqual(module) else { return false }
        return start == 0 || !isIdentifier(masked[start - 1])
    }

    /// `callee = .init(` or `callee? = .init(` after a type annotation (`let c: callee =
    /// .init(...)`): the paren of that initializer call, or nil.
    private static func initializerParen(afterAnnotationEndingAt start: Int, in masked: [UInt8]) -> Int? {
        var index = skipSpaces(from: start, in: masked)
        while index < masked.count, masked[index] == UInt8(ascii: "?") || masked[index] == UInt8(ascii: "!") { index += 1 }
        index = skipSpaces(from: index, in: masked)
        guard index < masked.count, masked[index] == UInt8(ascii: "="),
              index + 1 < masked.count, masked[index + 1] != UInt8(ascii: "=") else { return nil }
        index = skipSpaces(from: index + 1, in: masked)
        let initName = Array(".init".utf8)
        guard index + initName.count <= masked.count, masked[index..<index + initName.count].elementsEqual(initName) else { return nil }
        index = skipSpaces(from: index + initName.count, in: masked)
        return index < masked.count && masked[index] == SwiftSourceMask.open ? index : nil
    }

    private static func skipSpaces(from start: Int, in masked: [UInt8]) -> Int {
        var index = start
        while index < masked.count, masked[index] == SwiftSourceMask.space || masked[index] == UInt8(ascii: "\t") { index += 1 }
        return index
    }

    /// The arguments between the paren at `open` and its match, and the index after it.
    /// Unbalanced input ends at the end of the file.
    private static func splitArguments(from open: Int, in masked: [UInt8]) -> ([SwiftCall.Argument], Int) {
        var depth = 0
        var arguments: [SwiftCall.Argument] = []
        var start = open + 1
        var index = open
        while index < masked.count {
            switch masked[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    appendArgument(masked[start..<index], to: &arguments)
                    return (arguments, index + 1)
                }
            case UInt8(ascii: ","):
                if depth == 1 {
                    appendArgument(masked[start..<index], to: &arguments)
                    start = index + 1
                }
            default:
                break
            }
            index += 1
        }
        appendArgument(masked[start..<masked.count], to: &arguments)
        return (arguments, masked.count)
    }

    private static func appendArgument(_ bytes: ArraySlice<UInt8>, to arguments: inout [SwiftCall.Argument]) {
        let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace
        guard !text.isEmpty else { return }
        // `label: value`, where label is an identifier and the colon is not part of `::` or a ternary.
        if let colon = text.firstIndex(of: ":") {
            let label = text[..<colon].trimmingWhitespace
            if !label.isEmpty, label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), label.first?.isNumber == false {
                arguments.append(.init(label: label, value: text[text.index(after: colon)...].trimmingWhitespace))
                return
            }
        }
        arguments.append(.init(label: nil, value: text))
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        let characters = drop { $0.isWhitespace }
        return String(characters.reversed().drop { $0.isWhitespace }.reversed())
    }
}
