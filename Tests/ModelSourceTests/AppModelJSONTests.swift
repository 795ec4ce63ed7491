import Foundation
import Testing
@testable import ModelSource

/// `models --format json` is written by hand for speed: it must be byte for byte what
/// JSONEncoder writes with the options the command always used.
@Suite struct AppModelJSONTests {
    static func encoderText(_ model: AppModel) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(model))
    }

    @Test func fixturesEncodeAsJSONEncoderDoes() throws {
        for relative in ["Projects", "Traps", "CoreData"] {
            let model = ModelReader.read(paths: [Fixture.path(relative)])
            #expect(!model.entities.isEmpty)
            let ours = AppModelJSON.encode(model)
            #expect(ours == (try Self.encoderText(model)), "\(relative)")
        }
    }

    @Test func everyFieldAndEveryEscapeEncodesAsJSONEncoderDoes() throws {
        let tricky = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)
            + "/slash \\ \"quote\" é 日本 🎉 \u{2028}\u{2029}\u{7F} e\u{301}"
        let full = Attribute(
            name: tricky, swiftType: "[String: Int]?", optional: true, hasDefault: true, externalStorage: true,
            unique: true, allowsCloudEncryption: true, originalName: "old/name", attributeType: .collection, derived: true,
            mirroringIgnored: true, encryptedAttributeKey: false, enumType: true, line: Int.max)
        let bare = Attribute(name: "x", swiftType: nil, optional: false, hasDefault: false, line: -1)
        let relationship = Relationship(
            name: "items", destination: "Item", toMany: true, optional: true, inverse: "owner", deleteRule: .cascade,
            ordered: true, originalName: "things", mirroringIgnored: true, line: 0)
        let plain = Relationship(name: "owner", destination: "Box", toMany: false, optional: false, inverse: nil, line: 12)
        let models = [
            AppModel(),
            AppModel(entities: [], registeredTypes: [], diagnostics: [], activeSchemaVersion: ""),
            AppModel(
                entities: [
                    Entity(name: "Box", file: "Models/Box.swift", line: 3, parent: "Base", attributes: [full, bare],
                           relationships: [relationship, plain], uniqueConstraints: [["a", "b"], [], ["c"]]),
                    Entity(name: "Empty", file: "", line: 1),
                ],
                registeredTypes: ["Box", tricky],
                diagnostics: [
                    ModelDiagnostic(kind: .unknownType, message: tricky, file: "a\tb.swift", line: 7),
                    ModelDiagnostic(kind: .unreadableFile, message: "gone", file: "x"),
                ],
                activeSchemaVersion: "SchemaV2"),
        ]
        for model in models {
            let ours = AppModelJSON.encode(model)
            let theirs = try Self.encoderText(model)
            #expect(ours == theirs, "\(String(decoding: ours, as: UTF8.self))\n---\n\(String(decoding: theirs, as: UTF8.self))")
        }
    }

    /// A document far larger than a writer's first buffer, with a string larger than it,
    /// is written in many pieces with no byte lost or repeated.
    @Test func textSpanningManyPiecesEncodesAsJSONEncoderDoes() throws {
        let attributes = (0..<2_000).map { Attribute(name: "a\($0)", swiftType: "Int", optional: false, hasDefault: true, line: $0) }
        let model = AppModel(entities: [
            Entity(name: String(repeating: "x\"", count: 50_000), file: String(repeating: "y", count: 200_000), line: 1, attributes: attributes),
            Entity(name: "B", file: "g.swift", line: 2, attributes: attributes),
        ])
        #expect(AppModelJSON.encode(model) == (try Self.encoderText(model)))
    }

    /// Runs written on every core come out in order, each run once, and the buffers
    /// handed from run to run carry nothing of an earlier run into a later one: the first
    /// runs are the largest, so a reused buffer holds more than a later run writes.
    @Test func manyEntitiesEncodeInOrder() throws {
        let entities = (0..<3_000).map { index in
            let attributes = (0..<(index < 200 ? 40 : 1)).map {
                Attribute(name: "a\($0)", swiftType: "Int", optional: false, hasDefault: true, line: $0)
            }
            return Entity(name: "E\(index)", file: "f\(index).swift", line: index, attributes: attributes)
        }
        let model = AppModel(entities: entities)
        var pieces = 0
        var written: [UInt8] = []
        AppModelJSON.write(model) { piece in
            pieces += 1
            written += piece
        }
        #expect(written == (try Self.encoderText(model)))
        #expect(pieces > 3_000 / AppModelJSON.entitiesPerRun)
        #expect(AppModelJSON.encode(model) == written)
    }

    /// Escapes are found wherever they fall in a string, before, inside and after each
    /// eight-byte word the scan skips at once, next to bytes that look like them.
    @Test func escapesAtEveryOffsetEncodeAsJSONEncoderDoes() throws {
        var names: [String] = []
        for length in 0..<20 {
            for offset in 0..<max(length, 1) {
                for special in ["\"", "\\", "\n", "\u{1F}", "\u{0}", "é", "!", "#", "[", "]", " ", "\u{7F}"] {
                    var characters = Array(repeating: "a", count: length)
                    if length > 0 { characters[offset] = special }
                    names.append(characters.joined())
                }
            }
        }
        let attributes = names.enumerated().map { Attribute(name: $1, swiftType: $1, optional: false, hasDefault: false, line: $0) }
        let model = AppModel(entities: [Entity(name: "E", file: "e.swift", line: 1, attributes: attributes)])
        #expect(AppModelJSON.encode(model) == (try Self.encoderText(model)))
    }
}
