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
    // Stores (`StoreSites`): the calls every file's registration pass looks for, and the
    // imports that mark test code. Names only the store reading asks about (`none`, `name`,
    // `configuration`...) are compared as text there: as words, every identifier of every
    // file that spells one would cost a full compare here.
    case modelConfiguration = "ModelConfiguration", schemaLabel = "schema", swiftData = "SwiftData"
    case persistentContainer = "NSPersistentContainer", cloudKitContainer = "NSPersistentCloudKitContainer"
    case cloudKitContainerOptionsType = "NSPersistentCloudKitContainerOptions", cloudKitContainerOptions
    case storeDescription = "NSPersistentStoreDescription", xcTest = "XCTest", testing = "Testing"

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

/// Finds the `SwiftWord` a byte range spells. A hash of its length and end bytes picks a
/// slot of a table over ten times larger than the word list, so a name that is no word mostly
/// finds an empty slot and is rejected without a byte compared; a word that shares a slot
/// takes the next free one (linear probing). A candidate is compared eight bytes at a
/// time. The tables are plain memory, made once for the process: no bounds test or
/// reference count per lookup.
struct SwiftWordTable: @unchecked Sendable {
    static let shared = SwiftWordTable()

    private struct Entry {
        var word: SwiftWord
        var length: Int
        /// Its first eight bytes (zero past its end), little-endian as a load reads them.
        var prefix: UInt64
        /// Where its bytes start in `spellings`.
        var offset: Int
    }

    private static let slotCount = 2048
    /// Per slot: 0 when empty, else 1 + the index in `entries` of the word placed there.
    private let slots: UnsafeMutablePointer<UInt8>
    private let entries: UnsafeMutablePointer<Entry>
    private let spellings: UnsafeMutablePointer<UInt8>

    private init() {
        let all = SwiftWord.allCases
        // Slot entries are one byte, and most slots stay empty (so probes end).
        precondition(all.count < 255 && all.count * 4 < Self.slotCount, "SwiftWordTable: too many words for its slots")
        let utf8 = all.map { Array($0.rawValue.utf8) }
        entries = .allocate(capacity: all.count)
        spellings = .allocate(capacity: utf8.reduce(0) { $0 + $1.count })
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: 0, count: Self.slotCount)
        var offset = 0
        for (index, spelling) in utf8.enumerated() {
            let prefix = spelling.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
            (entries + index).initialize(to: Entry(word: all[index], length: spelling.count, prefix: prefix, offset: offset))
            (spellings + offset).initialize(from: spelling, count: spelling.count)
            offset += spelling.count
            var slot = Self.slot(count: spelling.count, first: spelling[0], last: spelling[spelling.count - 1])
            while slots[slot] != 0 { slot = (slot &+ 1) & (Self.slotCount - 1) }
            slots[slot] = UInt8(index + 1)
        }
    }

    @inline(__always)
    private static func slot(count: Int, first: UInt8, last: UInt8) -> Int {
        (count &* 37 &+ Int(first) &* 11 &+ Int(last)) & (slotCount - 1)
    }

    /// The word `bytes[start..<end]` spells, if the reader knows it (`end <= bytes.count`).
    @inline(__always)
    func word(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> SwiftWord? {
        guard end > start else { return nil }
        var slot = Self.slot(count: end &- start, first: bytes[start], last: bytes[end &- 1])
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) &- 1]
            if entry.length == end &- start, spells(entry, bytes, start) { return entry.word }
            slot = (slot &+ 1) & (Self.slotCount - 1)
        }
        return nil
    }

    /// Whether the `entry.length` bytes at `start` (all in `bytes`) are `entry`'s spelling.
    @inline(__always)
    private func spells(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        guard let base = bytes.baseAddress, start &+ 8 <= bytes.count else { return spellsByte(entry, bytes, start, from: 0) }
        let loaded = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self).littleEndian
        let mask: UInt64 = entry.length >= 8 ? ~0 : (1 << (8 &* UInt64(entry.length))) &- 1
        return loaded & mask == entry.prefix && (entry.length <= 8 || spellsByte(entry, bytes, start, from: 8))
    }

    /// `spells` from byte `first` on, one byte at a time: past the first eight bytes, or
    /// near the end of the file where eight bytes cannot be loaded.
    private func spellsByte(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, from first: Int) -> Bool {
        for offset in first..<entry.length where bytes[start &+ offset] != spellings[entry.offset &+ offset] { return false }
        return true
    }
}
