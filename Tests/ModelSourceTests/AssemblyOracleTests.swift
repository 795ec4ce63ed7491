import Foundation
import Testing
import TestSupport
@testable import ModelSource

/// The indexed model assembly against the linear-scan assembler it replaced
/// (`ReferenceAssembler`, a frozen copy): the same `AppModel` on every Swift fixture of
/// the repository and on randomised model sets full of the cases name resolution has to
/// get right (the same name in several versions and namespaces, typealiases, extensions,
/// qualified and partly qualified names, included version lists, duplicates).
@Suite struct AssemblyOracleTests {
    /// The repository's checkout, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every directory under the fixture roots that holds Swift files, each read as one
    /// model (its Swift files, recursively), and every Swift file on its own.
    static func fixtureInputs() throws -> [(name: String, files: [ModelSourceFile])] {
        let roots = ["Tests/ModelSourceTests/Fixtures", "Tests/CLITests/Fixtures", "Tests/SchemaGateTests/Fixtures",
                     "Tests/Fuzz/seeds", "Examples"]
        var inputs: [(name: String, files: [ModelSourceFile])] = []
        for root in roots {
            let base = repository.appendingPathComponent(root).path
            guard let paths = FileManager.default.subpaths(atPath: base) else { continue }
            let swift = try paths.filter { $0.hasSuffix(".swift") }.sorted().map { relative in
                ModelSourceFile(path: root + "/" + relative, contents: Array(try Data(contentsOf: URL(fileURLWithPath: base + "/" + relative))))
            }
            var directories = Set([""])
            for file in swift {
                var components = file.path.dropFirst(root.count + 1).split(separator: "/").dropLast()
                while !components.isEmpty {
                    directories.insert(components.joined(separator: "/"))
                    components = components.dropLast()
                }
            }
            for directory in directories.sorted() {
                let prefix = directory.isEmpty ? root + "/" : root + "/" + directory + "/"
                inputs.append((prefix, swift.filter { $0.path.hasPrefix(prefix) }))
            }
            inputs += swift.map { ($0.path, [$0]) }
        }
        return inputs
    }

    /// What each assembler makes of the files' declarations (files in path order, as the reader assembles them).
    static func assembled(_ files: [ModelSourceFile]) -> (indexed: AppModel, parallel: AppModel, reference: AppModel) {
        let declarations = ModelReader.parse(files, serial: true).results.sorted { $0.path < $1.path }.compactMap { parsed in
            if case .swift(let declarations, _) = parsed.result { return declarations }
            return nil
        }
        let indexed = SwiftModelAssembler(files: declarations, serial: true).assemble()
        let parallel = SwiftModelAssembler(files: declarations, serial: false).assemble()
        let reference = ReferenceAssembler(files: declarations, serial: true).assemble()
        // The reference predates registrations the reader cannot follow: where one is, no
        // model is reported as unregistered (the call may register it), and the call itself is
        // reported. Both are set aside here; `StoreSitesTests` holds them.
        let unfollowed = !indexed.unfollowedRegistrations.isEmpty
        func comparable(_ diagnostics: [ModelDiagnostic]) -> [ModelDiagnostic] {
            diagnostics.filter { $0.kind != .unresolvedRegistration && !(unfollowed && $0.kind == .unregisteredModel) }
        }
        return (
            AppModel(entities: indexed.entities, registeredTypes: indexed.registeredTypes, diagnostics: comparable(indexed.diagnostics),
                     activeSchemaVersion: indexed.activeSchemaVersion),
            AppModel(entities: parallel.entities, registeredTypes: parallel.registeredTypes, diagnostics: comparable(parallel.diagnostics),
                     activeSchemaVersion: parallel.activeSchemaVersion),
            AppModel(entities: reference.entities, registeredTypes: reference.registeredTypes, diagnostics: comparable(reference.diagnostics),
                     activeSchemaVersion: reference.activeSchemaVersion))
    }

    @Test func everyFixtureAssemblesAsTheReferenceDoes() throws {
        let inputs = try Self.fixtureInputs()
        #expect(inputs.count > 50)
        var withEntities = 0
        for input in inputs {
            let models = Self.assembled(input.files)
            let same = models.indexed == models.reference, parallelSame = models.parallel == models.reference
            #expect(same, "\(input.name)")
            #expect(parallelSame, "\(input.name)")
            if !models.reference.entities.isEmpty { withEntities += 1 }
        }
        #expect(withEntities > 20)
    }

    @Test func randomModelSetsAssembleAsTheReferenceDoes() {
        var generator = SeededGenerator(seed: 17)
        var registered = 0, versioned = 0
        for round in 0..<400 {
            let files = RandomModelSet.files(&generator)
            let models = Self.assembled(files)
            let same = models.indexed == models.reference, parallelSame = models.parallel == models.reference
            #expect(same, "round \(round):\n\(files.map { $0.path + ":\n" + String(decoding: $0.contents, as: UTF8.self) }.joined(separator: "\n"))")
            #expect(parallelSame, "round \(round)")
            if models.reference.registeredTypes != nil { registered += 1 }
            if models.reference.activeSchemaVersion != nil { versioned += 1 }
        }
        // The generator must reach the cases it exists for.
        #expect(registered > 200 && versioned > 100, "\(registered) \(versioned)")
    }

    /// The whole reader (read, parse, assemble) on a random set matches the reference's entities.
    @Test func readerOnRandomSetsMatchesTheReference() {
        var generator = SeededGenerator(seed: 71)
        for _ in 0..<50 {
            let files = RandomModelSet.files(&generator)
            let read = ModelReader.read(files: files)
            let reference = Self.assembled(files).reference
            let same = read.entities == reference.entities && read.registeredTypes == reference.registeredTypes
            #expect(same)
        }
    }
}

/// TypeIndex and SchemaVersions' lookups against the scans they replaced.
@Suite struct NameLookupIndexTests {
    @Test func typeIndexMatchesALinearScan() {
        var generator = SeededGenerator(seed: 5)
        let names = ["Kind", "Mode", "Item", "A.B", "Café"]
        for _ in 0..<300 {
            var files: [SwiftFileDeclarations] = []
            for file in 0..<Int.random(in: 1...4, using: &generator) {
                var declarations = SwiftFileDeclarations(file: "F\(file).swift")
                for line in 0..<Int.random(in: 0...6, using: &generator) {
                    let depth = Int.random(in: 0...2, using: &generator)
                    let path = (0...depth).map { _ in names.randomElement(using: &generator)! }
                    let kind: TypeDeclaration.Kind = [.enum, .struct, .class, .extension].randomElement(using: &generator)!
                    declarations.types.append(TypeDeclaration(kind: kind, path: path, inherited: ["String"], line: line))
                }
                files.append(declarations)
            }
            let index = TypeIndex(files: files)
            let all = files.flatMap(\.types).filter { $0.kind != .extension }
            let queries = names + ["Kind.Mode", "Item.Kind", "A.B.Kind", "Mode.Item.Kind", "Nothing", "", "."]
            for written in queries {
                let name = written.split(separator: ".").last.map(String.init) ?? written
                let candidates = all.filter { ($0.path.last ?? "") == name }
                let expected = candidates.first { $0.qualifiedName == written } ?? candidates.first
                #expect(index.declaration(named: written) == expected, "\(written)")
            }
        }
    }

    static func randomDottedText(_ generator: inout SeededGenerator) -> String {
        let pieces = [".", ".", "A", "Item", "V2", "é", "e\u{301}", "\u{301}", "\r\n", "日本", "_", ""]
        return (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test func dottedNamesMatchSplitting() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<5_000 {
            let written = Self.randomDottedText(&generator)
            let components = written.split(separator: ".")
            let dotted = DottedName(written)
            #expect(dotted.last == components.last.map(String.init), "\(written.debugDescription)")
            #expect(dotted.isQualified == (components.count > 1), "\(written.debugDescription)")
        }
    }

    /// A qualified lookup finds a model exactly when its qualified name is the written
    /// name or ends with a dot and the written name, as the scan tested.
    @Test func qualifiedSuffixesAreTheNamesASuffixTestMatches() {
        var generator = SeededGenerator(seed: 12)
        var checked = 0
        for _ in 0..<10_000 {
            let qualified = Self.randomDottedText(&generator)
            // Often a tail of the qualified name, cut anywhere (inside characters too).
            let scalars = Array(qualified.unicodeScalars)
            let written = Bool.random(using: &generator) || scalars.isEmpty ? Self.randomDottedText(&generator)
                : String(String.UnicodeScalarView(scalars.suffix(Int.random(in: 0...scalars.count, using: &generator))))
            guard DottedName(written).isQualified else { continue }
            checked += 1
            let suffixes = ModelNameIndex.qualifiedSuffixes(of: qualified)
            #expect(suffixes.contains(written) == (qualified == written || qualified.hasSuffix("." + written)),
                    "\(qualified.debugDescription) \(written.debugDescription)")
        }
        #expect(checked > 800)
    }

    @Test func canonicalVersionNamesMatchALinearScan() {
        var generator = SeededGenerator(seed: 6)
        let components = ["V1", "V2", "Schemas", "Old"]
        for _ in 0..<300 {
            var declarations = SwiftFileDeclarations(file: "S.swift")
            var paths: [[String]] = []
            for line in 0..<Int.random(in: 1...6, using: &generator) {
                let path = (0...Int.random(in: 0...2, using: &generator)).map { _ in components.randomElement(using: &generator)! }
                paths.append(path)
                declarations.types.append(TypeDeclaration(kind: .enum, path: path, inherited: ["VersionedSchema"], line: line))
            }
            let versions = SchemaVersions(files: [declarations])
            var seen = Set<String>()
            let unique = paths.filter { seen.insert($0.joined(separator: ".")).inserted }
            for written in components + ["Schemas.V1", "Old.V2", "Schemas.Old.V1", "V3", ""] {
                let last = written.split(separator: ".").last.map(String.init) ?? written
                let matches = unique.filter { $0.last == last }.map { $0.joined(separator: ".") }
                let expected = matches.contains(written) ? written : matches.count == 1 ? matches[0] : nil
                #expect(versions.canonical(written) == expected, "\(written) in \(paths)")
            }
        }
    }
}

/// The registration scanner's one-pass helpers against the scans they replaced.
@Suite struct ModelListScannerSweepTests {
    @Test func previewBodiesMatchAScanOverEveryBody() {
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<500 {
            let bodies = (0..<Int.random(in: 0...6, using: &generator)).map { _ -> ClosedRange<Int> in
                let start = Int.random(in: 0...40, using: &generator)
                return start...(start + Int.random(in: 0...15, using: &generator))
            }
            var sweep = ModelListScanner.PreviewBodies(bodies)
            var position = 0
            while position < 60 {
                #expect(sweep.contains(position) == bodies.contains { $0.contains(position) }, "\(position) in \(bodies)")
                position += Int.random(in: 1...3, using: &generator)
            }
        }
    }

    /// Each registering call closes at the `)` matching its `(` (a stack of every open
    /// parenthesis says which), however calls nest, unmatched `)` stray or `(` stay open.
    @Test func registeringCallsCloseWhereAStackOfEveryParenthesisSays() {
        var generator = SeededGenerator(seed: 31)
        let pieces = ["Schema", "ModelContainer", "f", "(", "(", ")", ")", ",", "x", "#Preview"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            let bytes = Array(text.joined(separator: " ").utf8)
            let tokens = SwiftLexer.lex(bytes).tokens
            var expected: [(name: Int, close: Int?)] = []
            var open: [Int] = []  // per open `(`: its call's place in `expected`, or -1
            for index in tokens.indices where tokens[index].kind == .punctuation {
                if tokens[index].byte == UInt8(ascii: "(") {
                    let isCall = index > 0 && (tokens[index - 1].word == .schema || tokens[index - 1].word == .modelContainerType)
                    open.append(isCall ? expected.count : -1)
                    if isCall { expected.append((index - 1, nil)) }
                } else if tokens[index].byte == UInt8(ascii: ")"), let call = open.popLast(), call >= 0 {
                    expected[call].close = index
                }
            }
            let found = ModelListScanner.registeringCalls(in: tokens)
            #expect(found.calls.map(\.name) == expected.map(\.name), "\(text)")
            #expect(found.calls.map(\.close) == expected.map(\.close), "\(text)")
            #expect(found.hasPreview == text.contains("#Preview"), "\(text)")
        }
    }

    @Test func selfReferencesKeepTheFirstOfEachNameInOrder() {
        let list = Array("[B.self, A.self, B.self, X.Y.Z.self, Self.self, A.self, X.Y.Z.self, Y.Z.self]".utf8)
        #expect(ModelListScanner.selfReferences(in: SwiftLexer.lex(list).tokens, source: list) == ["B", "A", "X.Y.Z", "Y.Z"])
        // Past the linear search's limit the names so far go into a set: same answer.
        let many = (0..<60).map { "M\($0 % 37).self" }
        let long = Array(("[" + many.joined(separator: ", ") + "]").utf8)
        #expect(ModelListScanner.selfReferences(in: SwiftLexer.lex(long).tokens, source: long) == (0..<37).map { "M\($0)" })
        let sum = Array("Schemas.V1.models + V2.models".utf8)
        #expect(ModelListScanner.membersNamed(.models, in: SwiftLexer.lex(sum).tokens, source: sum) == ["Schemas.V1", "V2"])
    }
}

/// Random SwiftData sources: a few files of versioned schemas, namespaces, extensions,
/// typealiases, registrations and models with relationships, over a small pool of names
/// so that the same name is declared in many places.
enum RandomModelSet {
    static let modelNames = ["Item", "Tag", "Note", "Folder", "Café"]
    static let versionNames = ["SchemaV1", "SchemaV2", "V3"]
    static let namespaces = ["Schemas", "Store"]

    static func files(_ generator: inout SeededGenerator) -> [ModelSourceFile] {
        (0..<Int.random(in: 1...5, using: &generator)).map { index in
            var text = "import SwiftData\n"
            for _ in 0..<Int.random(in: 1...4, using: &generator) { text += block(&generator) }
            return ModelSourceFile(path: "App/File\(index).swift", contents: Array(text.utf8))
        }
    }

    /// A written reference to a model: bare, through a version or namespace, or an alias.
    static func reference(_ generator: inout SeededGenerator) -> String {
        let name = modelNames.randomElement(using: &generator)!
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return versionNames.randomElement(using: &generator)! + "." + name
        case 1: return namespaces.randomElement(using: &generator)! + "." + versionNames.randomElement(using: &generator)! + "." + name
        case 2: return "Current" + name
        default: return name
        }
    }

    static func model(_ generator: inout SeededGenerator, indent: String) -> String {
        let name = modelNames.randomElement(using: &generator)!
        let superclass = Int.random(in: 0..<8, using: &generator) == 0 ? ": " + modelNames.randomElement(using: &generator)! : ""
        var text = "\(indent)@Model final class \(name)\(superclass) {\n"
        for property in 0..<Int.random(in: 0...4, using: &generator) {
            let destination = reference(&generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: text += "\(indent)    var p\(property): String = \"\"\n"
            case 1: text += "\(indent)    var p\(property): Kind = Kind.a\n"
            case 2: text += "\(indent)    var p\(property) = Kind.b.rawValue\n"
            case 3:
                let inverse = modelNames.randomElement(using: &generator)!
                text += "\(indent)    @Relationship(deleteRule: .cascade, inverse: \\\(inverse).p\(Int.random(in: 0...3, using: &generator)))\n"
                text += "\(indent)    var p\(property): [\(destination)]? = []\n"
            default: text += "\(indent)    var p\(property): \(destination)?\n"
            }
        }
        return text + "\(indent)    init() {}\n\(indent)}\n"
    }

    static func list(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...3, using: &generator)).map { _ in reference(&generator) + ".self" }.joined(separator: ", ")
    }

    static func version(_ generator: inout SeededGenerator, name: String) -> String {
        var text = "enum \(name): VersionedSchema {\n"
        if Bool.random(using: &generator) { text += "    static var versionIdentifier = Schema.Version(\(Int.random(in: 1...3, using: &generator)), 0, 0)\n" }
        if Bool.random(using: &generator) {
            let include = Int.random(in: 0..<3, using: &generator) == 0 ? versionNames.randomElement(using: &generator)! + ".models + " : ""
            text += "    static var models: [any PersistentModel.Type] { \(include)[\(list(&generator))] }\n"
        }
        for _ in 0..<Int.random(in: 0...2, using: &generator) { text += model(&generator, indent: "    ") }
        return text + "}\n"
    }

    static func block(_ generator: inout SeededGenerator) -> String {
        let versionName = versionNames.randomElement(using: &generator)!
        let namespace = namespaces.randomElement(using: &generator)!
        let name = modelNames.randomElement(using: &generator)!
        switch Int.random(in: 0..<12, using: &generator) {
        case 0, 1: return model(&generator, indent: "")
        case 2: return version(&generator, name: versionName)
        case 3: return "enum \(namespace) {\n" + version(&generator, name: versionName) + model(&generator, indent: "") + "}\n"
        case 4: return "extension \(Bool.random(using: &generator) ? namespace + "." : "")\(versionName) {\n" + model(&generator, indent: "    ") + "}\n"
        case 5: return "typealias Current\(name) = \(reference(&generator))\n"
        case 6: return "enum \(namespace) {\n    typealias \(name) = \(reference(&generator))\n" + model(&generator, indent: "    ") + "}\n"
        case 7: return "let container = try ModelContainer(for: \(list(&generator)))\nlet schema = Schema([\(list(&generator))])\n"
        case 8: return "let versioned = Schema(versionedSchema: \(versionName).self)\n"
        case 9:
            let schemas = versionNames.shuffled(using: &generator).prefix(2).map { $0 + ".self" }.joined(separator: ", ")
            return "enum Plan: SchemaMigrationPlan {\n    static var schemas: [any VersionedSchema.Type] { [\(schemas)] }\n}\n"
        case 10: return "enum Kind: String { case a, b }\n#if DEBUG\n" + model(&generator, indent: "") + "#else\n" + model(&generator, indent: "") + "#endif\n"
        default: return "struct Registry {\n    static let all: [any PersistentModel.Type] = [\(list(&generator))]\n}\n"
        }
    }
}
