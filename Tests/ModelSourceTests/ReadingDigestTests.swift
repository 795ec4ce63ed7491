import Foundation
import Testing
import TestSupport
@testable import ModelSource

/// The whole reading (tokens, declarations, assembled model, `models --format json`) of
/// every Swift fixture and of randomised model sets, held against digests recorded before
/// the lexer, parser and JSON writer were made faster: a speed-up must change no byte.
/// Regenerate after a deliberate change with UPDATE_GOLDEN=1.
@Suite struct ReadingDigestTests {
    static let goldenPath = AssemblyOracleTests.repository
        .appendingPathComponent("Tests/ModelSourceTests/Fixtures/golden/reading-digests.txt").path

    /// One line per input: its name, then the digests of its tokens, declarations and JSON.
    static func digestLines() throws -> [String] {
        var inputs = try AssemblyOracleTests.fixtureInputs()
        var generator = SeededGenerator(seed: 2_017)
        for round in 0..<300 { inputs.append(("random \(round)", RandomModelSet.files(&generator))) }
        return inputs.map { input in
            let files = input.files.sorted { $0.path < $1.path }
            let tokens = files.map { ReadingDump.tokens(SwiftLexer.tokenizeChecked($0.contents)) }.joined(separator: "\n")
            let declarations = files.map { ReadingDump.declarations(SwiftModelParser.parse($0.contents, file: $0.path)) }
                .joined(separator: "\n")
            let json = AppModelJSON.encode(ModelReader.read(files: input.files, serial: true))
            return [input.name, ReadingDump.digest(Array(tokens.utf8)), ReadingDump.digest(Array(declarations.utf8)),
                    ReadingDump.digest(json)].joined(separator: "\t")
        }
    }

    @Test func readingIsByteForByteWhatItWas() throws {
        let actual = try Self.digestLines().joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(
                atPath: (Self.goldenPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try actual.write(toFile: Self.goldenPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: Self.goldenPath, encoding: .utf8)
        let actualLines = actual.split(separator: "\n"), expectedLines = expected.split(separator: "\n")
        #expect(actualLines.count == expectedLines.count)
        #expect(actualLines.count > 350)
        for (mine, recorded) in zip(actualLines, expectedLines) where mine != recorded {
            Issue.record("reading changed: \(mine)\n   recorded: \(recorded)")
        }
    }
}

/// Text dumps of what the reader makes of a file, in a fixed order (sets sorted), and a
/// 64-bit FNV-1a digest of them.
enum ReadingDump {
    static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16) + ":" + String(bytes.count)
    }

    static func tokens(_ lexed: (tokens: [SwiftToken], controlByteOffset: Int?)) -> String {
        lexed.tokens.map { "\($0.kind) \($0.text.debugDescription) \($0.line) \($0.newlineBefore) \($0.escaped)" }
            .joined(separator: "\n") + "\ncontrol \(String(describing: lexed.controlByteOffset))"
    }

    /// A list as its default description printed it before `boundName` was added, then the
    /// name when there is one: a list without a name digests as it always did.
    static func list(_ list: ModelListDeclaration) -> String {
        "list ModelListDeclaration(source: \(String(reflecting: list.source)), scope: \(list.scope), names: \(list.names), line: \(list.line), includes: \(list.includes))"
            + (list.boundName.map { " bound \($0)" } ?? "")
    }

    static func declarations(_ file: SwiftFileDeclarations) -> String {
        var lines = ["file \(file.file)"]
        for model in file.models {
            lines.append("model \(model.name) \(model.scope) \(model.inherited) \(model.line) \(model.uniqueConstraints) \(model.uniqueConstraintLines)")
            for property in model.properties {
                let attribute = property.attribute.map { "\($0.options.sorted()) \(String(describing: $0.originalName))" } ?? "-"
                let relationship = property.relationship.map {
                    "\($0.options.sorted()) \(String(describing: $0.deleteRule)) \(String(describing: $0.originalName)) \(String(describing: $0.inverse))"
                } ?? "-"
                lines.append("  \(property.name) \(property.line) \(String(describing: property.typeText)) "
                    + "\(String(describing: property.defaultValue)) \(attribute) \(relationship) \(String(describing: property.annotation))")
            }
        }
        lines += file.types.map { "type \($0)" } + file.typeAliases.map { "alias \($0)" }
        lines += file.modelLists.map(list) + file.versionIdentifiers.map { "version \($0)" }
        lines += file.unclosedModels.map { "unclosed \($0.name) \($0.line)" }
        lines.append("invalid \(String(describing: file.invalidByteOffset))")
        return lines.joined(separator: "\n")
    }
}
