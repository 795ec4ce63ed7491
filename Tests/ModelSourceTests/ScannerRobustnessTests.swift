import Foundation
import Testing
import TestSupport
@testable import ModelSource

/// The reader must never crash, loop or go quadratic on any bytes: random input biased
/// towards the characters that open and close Swift literals, every prefix of every
/// fixture, and adversarial nesting. Each run is timed.
@Suite struct ScannerRobustnessTests {
    static let fragments: [[UInt8]] = [
        "\"", "\"\"\"", "#", "##\"", "\"#", "\\(", "\\#(", ")", "(", "{", "}", "[", "]", "/*", "*/", "//", "\n", "\r",
        "@Model ", "final class ", "var x: ", "= ", "#if ", "#endif", "`", "@Relationship(inverse: \\A.b)", "#Unique<A>([\\.a])",
        "Schema([A.self", "ModelContainer(for: ", "enum V: VersionedSchema {", "static var models", "<", ">", "?", ":",
        "typealias T = V.A", "#/", "/#", "\u{0}", "é", "🎉",
    ].map { Array($0.utf8) }

    /// Parses and assembles `bytes` as a Swift file and as Core Data XML; fails if slow.
    func survive(_ bytes: [UInt8], limit: Duration = .seconds(3), sourceLocation: SourceLocation = #_sourceLocation) {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            _ = ModelReader.read(files: [
                ModelSourceFile(path: "Fuzz.swift", contents: bytes),
                ModelSourceFile(path: "Fuzz.xcdatamodel/contents", contents: bytes),
                ModelSourceFile(path: "F.xcdatamodeld/.xccurrentversion", contents: bytes),
            ])
            _ = SwiftModelParser.declaresModel(bytes)
            _ = SwiftModelParser.touchesModels(bytes)
        }
        #expect(elapsed < limit, "took \(elapsed) on \(bytes.count) bytes", sourceLocation: sourceLocation)
    }

    @Test func randomBytesAndLiteralFragments() {
        var generator = SeededGenerator(seed: 0xC10D_5C4E)
        for round in 0..<400 {
            var bytes: [UInt8] = []
            let length = Int.random(in: 0...3_000, using: &generator)
            while bytes.count < length {
                if round % 3 == 0 || Bool.random(using: &generator) {
                    bytes.append(UInt8.random(in: 0...255, using: &generator))
                } else {
                    bytes += Self.fragments.randomElement(using: &generator)!
                }
            }
            survive(bytes)
        }
    }

    @Test func everyPrefixOfEveryFixture() throws {
        let enumerator = FileManager.default.enumerator(atPath: Fixture.root)
        var checked = 0
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") || relative.hasSuffix("contents") else { continue }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixture.path(relative))))
            // Every cut point for small files, a spread of them for larger ones.
            let step = max(1, bytes.count / 300)
            for cut in stride(from: 0, through: bytes.count, by: step) { survive(Array(bytes[..<cut])) }
            checked += 1
        }
        #expect(checked > 20)
    }

    @Test func adversarialNestingStaysLinear() {
        let size = 60_000
        let cases: [[UInt8]] = [
            Array(String(repeating: "\"\\(", count: size).utf8),
            Array(String(repeating: "/*", count: size).utf8),
            Array(String(repeating: "{", count: size).utf8),
            Array(String(repeating: "Schema(", count: size).utf8),
            Array(String(repeating: "@Model class A { ", count: size / 4).utf8),
            Array(String(repeating: "enum V: VersionedSchema { ", count: size / 4).utf8),
            Array(String(repeating: "#\"", count: size).utf8),
            Array(String(repeating: "<entity name=\"x\">", count: size / 4).utf8),
            Array(("@Model final class A {\n" + String(repeating: "var x = [", count: size / 2)).utf8),
            Array(("@Model final class A {\n" + String(repeating: "    var p: Int = 0\n", count: size / 4) + "}").utf8),
        ]
        for bytes in cases { survive(bytes, limit: .seconds(10)) }
    }

    @Test func prefiltersAgreeWithTheLexer() {
        #expect(SwiftModelParser.mayDeclareModel(Array("// @Model class X {}".utf8)))
        #expect(!SwiftModelParser.declaresModel(Array("// @Model class X {}".utf8)))
        #expect(!SwiftModelParser.declaresModel(Array("let s = \"@Model class X {}\"".utf8)))
        #expect(SwiftModelParser.declaresModel(Array("@SwiftData.Model final class X {}".utf8)))
        #expect(!SwiftModelParser.mayDeclareModel(Array("struct Model { var m: ModelContext }".utf8)))
        #expect(SwiftModelParser.declaredModelNames(Array("@Model class A {}\n@Model final class B {}".utf8)) == ["A", "B"])
        #expect(SwiftModelParser.touchesModels(Array("let c = try ModelContainer(for: A.self)".utf8)))
        #expect(SwiftModelParser.touchesModels(Array("enum V1: VersionedSchema { }".utf8)))
        #expect(!SwiftModelParser.touchesModels(Array("// ModelContainer(for: A.self)\nstruct V: View {}".utf8)))
    }
}
