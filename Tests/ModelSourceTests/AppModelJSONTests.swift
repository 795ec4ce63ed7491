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
            #expect(AppModelJSON.encodedPieces(model).flatMap { $0.withUnsafeBytes(Array.init) } == ours)
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

    /// A document far larger than the writer's chunks, with a string larger than a chunk,
    /// is written across chunks with no byte lost or repeated.
    @Test func textSpanningManyChunksEncodesAsJSONEncoderDoes() throws {
        let attributes = (0..<2_000).map { Attribute(name: "a\($0)", swiftType: "Int", optional: false, hasDefault: true, line: $0) }
        let model = AppModel(entities: [
            Entity(name: String(repeating: "x\"", count: 50_000), file: String(repeating: "y", count: 200_000), line: 1, attributes: attributes),
            Entity(name: "B", file: "g.swift", line: 2, attributes: attributes),
        ])
        #expect(AppModelJSON.encode(model) == (try Self.encoderText(model)))
        #expect(AppModelJSON.encodedPieces(model).count > 4)
    }

    @Test func manyEntitiesEncodeInOrder() throws {
        let entities = (0..<300).map { Entity(name: "E\($0)", file: "f\($0).swift", line: $0, attributes: [
            Attribute(name: "a\($0)", swiftType: "Int", optional: false, hasDefault: true, line: $0),
        ]) }
        let model = AppModel(entities: entities)
        #expect(AppModelJSON.encode(model) == (try Self.encoderText(model)))
    }
}
