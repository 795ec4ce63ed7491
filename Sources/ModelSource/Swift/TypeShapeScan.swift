/// The rules of `SwiftTypeShape` in one pass, on bytes (plain ASCII text) or on characters
/// (any other text): time linear in the text however deeply it nests.
///
/// Peeling `Optional<Optional<…>>` by asking at each level whether the rest is balanced
/// costs a scan per level, which is quadratic (16,000 levels took 3 s). Instead the
/// bracket each opening bracket closes at is found once, with a stack (brackets of every
/// kind count alike, as the rules count depth), and each level is then one lookup:
/// `Name<Inner>` has a balanced `Inner` exactly when its `<` closes at the final `>`, and
/// `(…)` is one group exactly when its `(` closes at the final `)`.
struct TypeShapeScan<Unit: TypeShapeUnit> {
    let units: [Unit]
    /// For each opening bracket, the offset of the bracket that closes it; -1 otherwise.
    /// 32-bit: a source file is at most `SwiftLexer.byteLimit` bytes.
    private let closing: [Int32]

    init(_ units: [Unit]) {
        self.units = units
        var closing = [Int32](repeating: -1, count: units.count)
        var open: [Int] = []
        for offset in units.indices {
            if units[offset].opens {
                open.append(offset)
            } else if units[offset].closes, let start = open.popLast() {
                closing[start] = Int32(truncatingIfNeeded: offset)
            }
        }
        self.closing = closing
    }

    /// Offsets into `units`: the base without optionality, the element of an array or set.
    struct Parts {
        var base: Range<Int>
        var optional: Bool
        var element: Range<Int>?
        var isDictionary: Bool
    }

    func parts() -> Parts {
        var base = trimmed(0..<units.count)
        var optional = false
        while !base.isEmpty {
            let last = units[base.upperBound - 1]
            if last == Unit.question || last == Unit.exclamation {
                base = trimmed(base.lowerBound..<(base.upperBound - 1))
                optional = true
            } else if let inner = genericArgument(of: base, named: Unit.optionalNames) {
                base = inner
                optional = true
            } else if units[base.lowerBound] == Unit.openParenthesis, last == Unit.closeParenthesis, isSingleGroup(base) {
                base = trimmed((base.lowerBound + 1)..<(base.upperBound - 1))
            } else {
                break
            }
        }
        var element: Range<Int>?
        var isDictionary = false
        if !base.isEmpty, units[base.lowerBound] == Unit.openBracket, units[base.upperBound - 1] == Unit.closeBracket, isSingleGroup(base) {
            let inside = trimmed((base.lowerBound + 1)..<(base.upperBound - 1))
            if topLevelColon(in: inside) { isDictionary = true } else { element = inside }
        } else if let inner = genericArgument(of: base, named: Unit.collectionNames) {
            element = inner
        } else if Unit.dictionaryPrefixes.contains(where: { starts(base, with: $0) }) {
            isDictionary = true
        }
        return Parts(base: base, optional: optional, element: element, isDictionary: isDictionary)
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, units[lower].isWhitespace { lower += 1 }
        while upper > lower, units[upper - 1].isWhitespace { upper -= 1 }
        return lower..<upper
    }

    private func starts(_ range: Range<Int>, with prefix: [Unit]) -> Bool {
        range.count >= prefix.count && units[range.lowerBound..<(range.lowerBound + prefix.count)].elementsEqual(prefix)
    }

    /// `Name<Inner>` -> `Inner` (trimmed) for the first of `names` the text starts with,
    /// when `Inner` is balanced.
    private func genericArgument(of range: Range<Int>, named names: [[Unit]]) -> Range<Int>? {
        for name in names where range.count >= name.count + 2 && starts(range, with: name) {
            let angle = range.lowerBound + name.count
            guard units[angle] == Unit.openAngle, units[range.upperBound - 1] == Unit.closeAngle else { continue }
            return Int(closing[angle]) == range.upperBound - 1 ? trimmed((angle + 1)..<(range.upperBound - 1)) : nil
        }
        return nil
    }

    /// Whether the opening bracket at the start closes only at the very end.
    private func isSingleGroup(_ range: Range<Int>) -> Bool {
        Int(closing[range.lowerBound]) == range.upperBound - 1
    }

    private func topLevelColon(in range: Range<Int>) -> Bool {
        var depth = 0
        for offset in range {
            if units[offset].opens { depth += 1 }
            if units[offset].closes { depth -= 1 }
            if units[offset] == Unit.colon, depth == 0 { return true }
        }
        return false
    }
}

/// A byte of plain ASCII text or a character of any text, as the shape rules see it.
protocol TypeShapeUnit: Equatable {
    var opens: Bool { get }
    var closes: Bool { get }
    var isWhitespace: Bool { get }
    static var question: Self { get }
    static var exclamation: Self { get }
    static var colon: Self { get }
    static var openParenthesis: Self { get }
    static var closeParenthesis: Self { get }
    static var openBracket: Self { get }
    static var closeBracket: Self { get }
    static var openAngle: Self { get }
    static var closeAngle: Self { get }
    static var optionalNames: [[Self]] { get }
    static var collectionNames: [[Self]] { get }
    static var dictionaryPrefixes: [[Self]] { get }
}

extension UInt8: TypeShapeUnit {
    var opens: Bool { ASCIIShape.opens(self) }
    var closes: Bool { ASCIIShape.closes(self) }
    var isWhitespace: Bool { ASCIIShape.isWhitespace(self) }
    static let question = UInt8(ascii: "?"), exclamation = UInt8(ascii: "!"), colon = UInt8(ascii: ":")
    static let openParenthesis = UInt8(ascii: "("), closeParenthesis = UInt8(ascii: ")")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let openAngle = UInt8(ascii: "<"), closeAngle = UInt8(ascii: ">")
    static let optionalNames = SwiftTypeShape.optionalNames.map { Array($0.utf8) }
    static let collectionNames = SwiftTypeShape.collectionNames.map { Array($0.utf8) }
    static let dictionaryPrefixes = SwiftTypeShape.dictionaryPrefixes.map { Array($0.utf8) }
}

extension Character: TypeShapeUnit {
    var opens: Bool { self == "(" || self == "[" || self == "<" }
    var closes: Bool { self == ")" || self == "]" || self == ">" }
    static let question: Character = "?", exclamation: Character = "!", colon: Character = ":"
    static let openParenthesis: Character = "(", closeParenthesis: Character = ")"
    static let openBracket: Character = "[", closeBracket: Character = "]"
    static let openAngle: Character = "<", closeAngle: Character = ">"
    static let optionalNames = SwiftTypeShape.optionalNames.map(Array.init)
    static let collectionNames = SwiftTypeShape.collectionNames.map(Array.init)
    static let dictionaryPrefixes = SwiftTypeShape.dictionaryPrefixes.map(Array.init)
}
