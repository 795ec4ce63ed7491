/// The words the model reader asks about: keywords, modifiers, directive and attribute
/// names, argument labels. The lexer looks each identifier up once (`SwiftWordTable`), so
/// the parser tests a one-byte code where it compared (and hashed) strings.
enum SwiftWord: String, CaseIterable, Sendable {
    // Modifiers.
    case `public`, `private`, `fileprivate`, `internal`, open, package, final, `static`, override
    case required, convenience, dynamic, lazy, weak, unowned, mutating, nonmutating, indirect
    case optional, prefix, postfix, infix, nonisolated, isolated, distributed, consuming
    case borrowing, underscoreConsuming = "__consuming", unsafe
    // Declarations.
    case `var`, `let`, `func`, initializer = "init", `deinit`, `subscript`, `class`, `struct`, `enum`, actor
    case `protocol`, `extension`, `typealias`, `case`, `import`, `associatedtype`, `operator`
    case `precedencegroup`, macro
    // Statements and values (a `/` after these starts a regex literal).
    case `where`, willSet, didSet, `return`, `in`, `try`, await, `throw`, `if`, `guard`, `while`, yield
    case trueLiteral = "true", falseLiteral = "false", nilLiteral = "nil"
    // Directives (`#if`...) and macros.
    case elseif, `else`, endif, unique = "Unique", index = "Index", preview = "Preview"
    // Attributes.
    case model = "Model", swiftDataModel = "SwiftData.Model", attribute = "Attribute"
    case swiftDataAttribute = "SwiftData.Attribute", transient = "Transient", swiftDataTransient = "SwiftData.Transient"
    case relationship = "Relationship", swiftDataRelationship = "SwiftData.Relationship"
    // Registrations and their arguments, attribute argument labels.
    case selfValue = "self", selfType = "Self", models, versionedSchema, inMemory, isStoredInMemoryOnly
    case schema = "Schema", modelContainerType = "ModelContainer", modelContainer
    case `for`, originalName, deleteRule, inverse

    /// A declaration modifier (`public`, `static`, `nonisolated`...).
    var isModifier: Bool {
        switch self {
        case .public, .private, .fileprivate, .internal, .open, .package, .final, .static, .override, .required,
             .convenience, .dynamic, .lazy, .weak, .unowned, .mutating, .nonmutating, .indirect, .optional, .prefix,
             .postfix, .infix, .nonisolated, .isolated, .distributed, .consuming, .borrowing, .underscoreConsuming, .unsafe:
            return true
        default:
            return false
        }
    }

    /// A keyword that starts a declaration.
    var isDeclarationKeyword: Bool {
        switch self {
        case .var, .let, .func, .initializer, .deinit, .subscript, .class, .struct, .enum, .actor, .protocol,
             .extension, .typealias, .case, .import, .associatedtype, .operator, .precedencegroup, .macro:
            return true
        default:
            return false
        }
    }
}

/// Finds the `SwiftWord` a byte range spells: a hash of its length and end bytes picks a
/// short chain of candidates, compared byte by byte. Made once, for the process.
struct SwiftWordTable: Sendable {
    static let shared = SwiftWordTable()

    private static let slots = 512
    /// The first candidate of each hash slot (an index into `words`), -1 for none.
    private let heads: [Int]
    /// The next candidate in the same slot, -1 at the end of the chain.
    private let next: [Int]
    private let words: [SwiftWord]
    /// Every word's bytes, one after another; word `i` is `spellings[offsets[i]..<offsets[i + 1]]`.
    private let spellings: [UInt8]
    private let offsets: [Int]

    private init() {
        words = SwiftWord.allCases
        var spellings: [UInt8] = [], offsets = [0]
        for word in words {
            spellings += word.rawValue.utf8
            offsets.append(spellings.count)
        }
        var heads = [Int](repeating: -1, count: Self.slots), next = [Int](repeating: -1, count: words.count)
        for (index, word) in words.enumerated() {
            let utf8 = Array(word.rawValue.utf8)
            let slot = Self.slot(count: utf8.count, first: utf8[0], last: utf8[utf8.count - 1])
            next[index] = heads[slot]
            heads[slot] = index
        }
        (self.spellings, self.offsets, self.heads, self.next) = (spellings, offsets, heads, next)
    }

    @inline(__always)
    private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 37 &+ Int(first) &* 11 &+ Int(last)) & (slots - 1)
    }

    /// The word `bytes[start..<end]` spells, if the reader knows it.
    func word(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> SwiftWord? {
        guard end > start else { return nil }
        var candidate = heads[Self.slot(count: end - start, first: bytes[start], last: bytes[end - 1])]
        while candidate >= 0 {
            let lower = offsets[candidate], upper = offsets[candidate + 1]
            if upper - lower == end - start, spells(bytes, start, from: lower, to: upper) { return words[candidate] }
            candidate = next[candidate]
        }
        return nil
    }

    private func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, from lower: Int, to upper: Int) -> Bool {
        for offset in 0..<(upper - lower) where bytes[start + offset] != spellings[lower + offset] { return false }
        return true
    }
}
