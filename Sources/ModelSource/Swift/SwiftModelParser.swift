#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SwiftData side of the model reader, and the quick questions other parts ask of a
/// Swift file ("does it declare `@Model`?") without reading a whole model.
///
/// The `may...` functions are byte searches: false means the file certainly cannot
/// declare or register a model, so callers can skip lexing it. The others lex the file
/// and only count real code, never comments or string literals.
public enum SwiftModelParser {
    /// False when the bytes cannot declare a model: they contain no `@Model` (nor `Model`
    /// after `@SwiftData.`) anywhere.
    public static func mayDeclareModel(_ bytes: [UInt8]) -> Bool {
        ByteSearch.contains(bytes, ByteSearch.modelMacro)
    }

    /// False when the bytes cannot register model types or choose a schema version: none of
    /// `Schema`, `ModelContainer`, `modelContainer`, `PersistentModel`, `VersionedSchema` occur.
    public static func mayRegisterModels(_ bytes: [UInt8]) -> Bool {
        ByteSearch.registrationHints.contains { ByteSearch.contains(bytes, $0) }
    }

    /// `mayDeclareModel || mayRegisterModels`, after one quick pass that rules out most files.
    public static func mayTouchModels(_ bytes: [UInt8]) -> Bool {
        ModelHintScan.mayMentionModels(bytes) && (mayDeclareModel(bytes) || mayRegisterModels(bytes))
    }

    /// True when the file declares an `@Model` class in code (not in a comment or string).
    public static func declaresModel(_ bytes: [UInt8]) -> Bool {
        guard mayDeclareModel(bytes) else { return false }
        return !parse(bytes, file: "").models.isEmpty
    }

    /// True when the file, in code, declares a model or registers model types: a
    /// `Schema([...])`, `ModelContainer(for:)`, `[any PersistentModel.Type]` list, a
    /// `VersionedSchema`, or a migration plan.
    public static func touchesModels(_ bytes: [UInt8]) -> Bool {
        let roles = modelRoles(bytes)
        return roles.declaresModel || roles.registersModels
    }

    /// What a file does with models, in code, from one lexing of it.
    public struct ModelRoles: Equatable, Sendable {
        /// It declares an `@Model` class.
        public var declaresModel: Bool
        /// It registers model types or chooses a schema version: a model list, a
        /// `VersionedSchema`, a migration plan.
        public var registersModels: Bool
    }

    /// `declaresModel` and the registration half of `touchesModels` at the cost of one:
    /// change detection asks both of every changed file.
    public static func modelRoles(_ bytes: [UInt8]) -> ModelRoles {
        guard mayTouchModels(bytes) else { return ModelRoles(declaresModel: false, registersModels: false) }
        return roles(of: parse(bytes, file: ""))
    }

    static func roles(of declarations: SwiftFileDeclarations) -> ModelRoles {
        ModelRoles(
            declaresModel: !declarations.models.isEmpty,
            registersModels: !declarations.modelLists.isEmpty
                || declarations.types.contains { $0.inherited.contains(where: VersionRules.isVersionedSchema) })
    }

    /// Names of the `@Model` classes the file declares (unqualified), for messages and
    /// change detection.
    public static func declaredModelNames(_ bytes: [UInt8]) -> [String] {
        guard mayDeclareModel(bytes) else { return [] }
        return parse(bytes, file: "").models.map(\.name)
    }

    static func parse(_ bytes: [UInt8], file: String) -> SwiftFileDeclarations {
        let (tokens, controlByte) = SwiftLexer.tokenizeChecked(bytes)
        var declarations = SwiftDeclarationParser.parse(tokens, file: file, mayRegister: mayRegisterModels(bytes))
        declarations.invalidByteOffset = SwiftSourceBytes.firstInvalidOffset(bytes, controlByteInCode: controlByte)
        // The scaffold's list copies the app's registration for a throwaway store; it is not one.
        if !declarations.modelLists.isEmpty, ScaffoldMarker.isMarked(bytes) { declarations.modelLists = [] }
        return declarations
    }

    /// Whether the model reader needs to lex this file at all: besides models and
    /// registrations, enums (raw types for `Kind.x.rawValue` defaults) and typealiases
    /// (pointing at the schema version in use) are read from other files.
    static func isWorthReading(_ bytes: [UInt8]) -> Bool {
        guard ModelHintScan.mayMentionModels(bytes) else { return false }
        return mayDeclareModel(bytes) || mayRegisterModels(bytes)
            || ByteSearch.contains(bytes, ByteSearch.typealiasKeyword) || ByteSearch.contains(bytes, ByteSearch.enumKeyword)
    }
}

/// Substring search over bytes (libc's memmem where it exists). Public for the other
/// byte searches of the product (change detection's `@Model` test on git blobs).
public enum ByteSearch {
    /// Whether `needle` occurs in `bytes`.
    public static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count, let base = bytes.baseAddress else { return needle.isEmpty }
        return needle.withUnsafeBytes { pattern in
            if let memmem { return memmem(base, bytes.count, pattern.baseAddress!, pattern.count) != nil }
            return scan(bytes, pattern, from: 0) != nil
        }
    }

    static let modelMacro = Array("Model".utf8)
    static let registrationHints: [[UInt8]] = ["Schema", "odelContainer", "PersistentModel"].map { Array($0.utf8) }
    static let typealiasKeyword = Array("typealias".utf8)
    static let enumKeyword = Array("enum".utf8)

    /// Substring test on text. Foundation's `String.contains(_:)` (which wins overload
    /// resolution once any file imports Foundation) bridges to NSString on every call.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        firstIndex(of: Array(needle.utf8), in: Array(text.utf8), from: 0) != nil
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        if needle == modelMacro { return containsModelMacro(bytes) }
        return firstIndex(of: needle, in: bytes, from: 0) != nil
    }

    /// `@Model` or `@SwiftData.Model`: `Model` right after `@` or after `@SwiftData.`.
    private static func containsModelMacro(_ bytes: [UInt8]) -> Bool {
        var from = 0
        while let found = firstIndex(of: modelMacro, in: bytes, from: from) {
            if found >= 1, bytes[found - 1] == ASCII.at { return true }
            if found >= 11, bytes[found - 1] == ASCII.dot, Array(bytes[(found - 11)..<(found - 1)]) == Array("@SwiftData".utf8) {
                return true
            }
            from = found + 1
        }
        return false
    }

    /// libc's memmem (vectorised) when the C library has it: these searches run over
    /// every byte of every file.
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
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
