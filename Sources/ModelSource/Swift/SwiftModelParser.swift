#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SchemaGateBasics

/// The SwiftData side of the model reader, and the quick questions other parts ask of a
/// Swift file ("does it declare `@Model`?") without reading a whole model.
///
/// The `may...` functions are byte searches: false means the file certainly cannot
/// declare or register a model, so callers can skip lexing it. The others lex the file
/// and only count real code, never comments or string literals.
package enum SwiftModelParser {
    /// False when the bytes cannot declare a model: they contain no `@Model` (nor `Model`
    /// after `@SwiftData.`) anywhere.
    package static func mayDeclareModel(_ bytes: [UInt8]) -> Bool {
        ModelBytes.containsModelMacro(bytes)
    }

    /// False when the bytes cannot register model types, choose a schema version or build a
    /// store: none of `Schema`, `ModelContainer`, `modelContainer`, `PersistentModel`,
    /// `VersionedSchema`, `ModelConfiguration`, `NSPersistent` occur.
    package static func mayRegisterModels(_ bytes: [UInt8]) -> Bool {
        ModelBytes.registrationHints.contains { ByteSearch.contains(bytes, $0) }
    }

    /// `mayDeclareModel || mayRegisterModels`, after one quick pass that rules out most files.
    package static func mayTouchModels(_ bytes: [UInt8]) -> Bool {
        ModelHintScan.mayMentionModels(bytes) && (mayDeclareModel(bytes) || mayRegisterModels(bytes))
    }

    /// True when the file declares an `@Model` class in code (not in a comment or string).
    package static func declaresModel(_ bytes: [UInt8]) -> Bool {
        guard mayDeclareModel(bytes) else { return false }
        return !parse(bytes, file: "").models.isEmpty
    }

    /// True when the file, in code, declares a model or registers model types: a
    /// `Schema([...])`, `ModelContainer(for:)`, `[any PersistentModel.Type]` list, a
    /// `VersionedSchema`, or a migration plan.
    package static func touchesModels(_ bytes: [UInt8]) -> Bool {
        let roles = modelRoles(bytes)
        return roles.declaresModel || roles.registersModels
    }

    /// What a file does with models, in code, from one lexing of it.
    package struct ModelRoles: Equatable, Sendable {
        /// It declares an `@Model` class.
        package var declaresModel: Bool
        /// It registers model types or chooses a schema version: a model list, a
        /// `VersionedSchema`, a migration plan.
        package var registersModels: Bool
        /// It builds or configures a store (a SwiftData configuration or container, a Core
        /// Data container): where the models it holds sync is read from it.
        package var buildsStore: Bool = false

        package init(declaresModel: Bool, registersModels: Bool, buildsStore: Bool = false) {
            self.declaresModel = declaresModel
            self.registersModels = registersModels
            self.buildsStore = buildsStore
        }
    }

    /// `declaresModel` and the registration half of `touchesModels` at the cost of one:
    /// change detection asks both of every changed file.
    package static func modelRoles(_ bytes: [UInt8]) -> ModelRoles {
        guard mayTouchModels(bytes) else { return ModelRoles(declaresModel: false, registersModels: false) }
        return roles(of: parse(bytes, file: ""))
    }

    static func roles(of declarations: SwiftFileDeclarations) -> ModelRoles {
        ModelRoles(
            declaresModel: !declarations.models.isEmpty,
            registersModels: !declarations.modelLists.isEmpty
                || declarations.types.contains { $0.inherited.contains(where: VersionRules.isVersionedSchema) },
            buildsStore: declarations.stores?.buildsAppStore ?? false)
    }

    /// Names of the `@Model` classes the file declares (unqualified), for messages and
    /// change detection.
    package static func declaredModelNames(_ bytes: [UInt8]) -> [String] {
        guard mayDeclareModel(bytes) else { return [] }
        return parse(bytes, file: "").models.map(\.name)
    }

    static func parse(_ bytes: [UInt8], file: String) -> SwiftFileDeclarations {
        let (tokens, controlByte) = SwiftLexer.lex(bytes)
        var declarations = SwiftDeclarationParser.parse(tokens, in: bytes, file: file)
        declarations.invalidByteOffset = SwiftSourceBytes.firstInvalidOffset(bytes, controlByteInCode: controlByte)
        // The scaffold's list copies the app's registration for a throwaway store; it is not one.
        if !declarations.modelLists.isEmpty || declarations.stores != nil, ScaffoldMarker.isMarked(bytes) {
            declarations.modelLists = []
            declarations.stores = nil
        }
        return declarations
    }

    /// Whether the model reader needs to lex this file at all: besides models and
    /// registrations, enums (raw types for `Kind.x.rawValue` defaults) and typealiases
    /// (pointing at the schema version in use) are read from other files.
    static func isWorthReading(_ bytes: [UInt8]) -> Bool {
        guard ModelHintScan.mayMentionModels(bytes) else { return false }
        return mayDeclareModel(bytes) || mayRegisterModels(bytes)
            || ByteSearch.contains(bytes, ModelBytes.typealiasKeyword) || ByteSearch.contains(bytes, ModelBytes.enumKeyword)
    }
}

/// The words the model reader's byte pre-checks look for (`ByteSearch` does the search).
enum ModelBytes {
    static let modelMacro = Array("Model".utf8)
    static let registrationHints: [[UInt8]] = ["Schema", "odelContainer", "PersistentModel", "odelConfiguration", "NSPersistent"]
        .map { Array($0.utf8) }
    static let typealiasKeyword = Array("typealias".utf8)
    static let enumKeyword = Array("enum".utf8)

    /// `@Model` or `@SwiftData.Model`: `Model` right after `@` or after `@SwiftData.`.
    static func containsModelMacro(_ bytes: [UInt8]) -> Bool {
        var from = 0
        while let found = ByteSearch.firstIndex(of: modelMacro, in: bytes, from: from) {
            if found >= 1, bytes[found - 1] == ASCII.at { return true }
            if found >= 11, bytes[found - 1] == ASCII.dot, Array(bytes[(found - 11)..<(found - 1)]) == Array("@SwiftData".utf8) {
                return true
            }
            from = found + 1
        }
        return false
    }
}
