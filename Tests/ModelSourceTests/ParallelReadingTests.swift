import Foundation
import Testing
import TestSupport
@testable import ModelSource
@testable import SchemaGateBasics

/// The model reader reads and parses files on every core: the result must be the model
/// a serial read gives, with files, entities and diagnostics in the same order.
@Suite struct ParallelReadingTests {
    /// Enough files to pass `ParallelMap.serialLimit`, with models, relationships across
    /// files, enums, typealiases, registrations, and unreadable entries in the walk.
    static func makeTree() throws -> ModelReaderTests.Scratch {
        let scratch = ModelReaderTests.Scratch()
        for index in 0..<120 {
            let folder = "App/Module\(index % 7)"
            if index % 3 == 0 {
                scratch.write("\(folder)/Model\(index).swift", """
                    import SwiftData
                    @Model final class Model\(index) {
                        var name: String = ""
                        var kind: String = Kind\(index).first.rawValue
                        var next: Model\((index + 3) % 120)?
                        @Relationship(deleteRule: .cascade, inverse: \\Model\(index).owner) var items: [Model\(index)]? = []
                        var owner: Model\(index)?
                        func describe() -> String { "Model \\(name) { not a brace" }
                    }
                    """)
            } else if index % 3 == 1 {
                scratch.write("\(folder)/Kind\(index - 1).swift", "enum Kind\(index - 1): String { case first, second }\n")
            } else {
                scratch.write("\(folder)/View\(index).swift", "struct View\(index) { var title = \"x\" }\n")
            }
        }
        scratch.write("App/Registration.swift", "let container = try ModelContainer(for: Model0.self, Model3.self)\n")
        scratch.write("App/Alias.swift", "typealias Current = Model0\n")
        scratch.write("App/Broken.swift", "@Model final class Broken {\n    var name: String = \"\"\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/App/Module2/Gone.swift", withDestinationPath: scratch.path + "/nowhere")
        _ = mkfifo(scratch.path + "/App/Module4/Pipe.swift", 0o600)
        return scratch
    }

    @Test func parallelReadingGivesTheSerialModel() throws {
        let scratch = try Self.makeTree()
        let parallel = ModelReader.read(paths: [scratch.path], workingDirectory: nil, serial: false)
        let serial = ModelReader.read(paths: [scratch.path], workingDirectory: nil, serial: true)
        #expect(parallel == serial)
        #expect(parallel.entities.count == 41)
        #expect(parallel.entityNames == parallel.entities.map(\.name))
        #expect(parallel.registeredTypes == ["Model0", "Model3"])
        let unreadable = parallel.diagnostics(.unreadableFile).map(\.file)
        #expect(unreadable == [scratch.path + "/App/Module2/Gone.swift", scratch.path + "/App/Module4/Pipe.swift"])
        #expect(!parallel.diagnostics(.parseError).isEmpty)
    }

    @Test func repeatedParallelReadsAreStable() throws {
        let scratch = try Self.makeTree()
        let first = ModelReader.read(paths: [scratch.path])
        for _ in 0..<5 { #expect(ModelReader.read(paths: [scratch.path]) == first) }
    }

    @Test func inMemoryFilesInAnyOrderGiveTheSerialModel() throws {
        let scratch = try Self.makeTree()
        let files = try FileManager.default.subpathsOfDirectory(atPath: scratch.path).sorted()
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("Gone.swift") && !$0.hasSuffix("Pipe.swift") }
            .map { ModelSourceFile(path: $0, contents: [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/" + $0)))) }
        var generator = SeededGenerator(seed: 7)
        let shuffled = files.shuffled(using: &generator)
        #expect(ModelReader.read(files: shuffled, serial: false) == ModelReader.read(files: files, serial: true))
    }

    /// Two versions sharing most files: each model must be the one a plain read of that
    /// version's files gives, though the shared files were parsed once for both.
    @Test func twoVersionsSharingFilesReadAsEachAlone() throws {
        let scratch = try Self.makeTree()
        let paths = try FileManager.default.subpathsOfDirectory(atPath: scratch.path).sorted()
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("Gone.swift") && !$0.hasSuffix("Pipe.swift") }
        let changed = Set(paths.filter { $0.hasSuffix("Model0.swift") || $0.hasSuffix("Kind1.swift") || $0.hasSuffix("Alias.swift") })
        let shared = paths.filter { !changed.contains($0) }
        let sharedFiles = shared.map { ModelSourceFile(path: $0, contents: Array(try! Data(contentsOf: URL(fileURLWithPath: scratch.path + "/" + $0)))) }
        let old = [
            ModelSourceFile(path: "App/Module0/Model0.swift", contents: Array("import SwiftData\n@Model final class Model0 { var name: String = \"\" }\n".utf8)),
            ModelSourceFile(path: "App/Module1/Kind1.swift", contents: Array("enum Kind1: Int { case first }\n".utf8)),
        ]
        let new = [
            ModelSourceFile(path: "App/Module0/Model0.swift", contents: Array("import SwiftData\n@Model final class Model0 { var name: String = \"\"; var size: Int = 0 }\n".utf8)),
            ModelSourceFile(path: "App/Alias.swift", contents: Array("typealias Current = Model3\n".utf8)),
            ModelSourceFile(path: "App/New.swift", contents: Array("import SwiftData\n@Model final class Fresh { var a = 0 }\n".utf8)),
        ]
        for serial in [true, false] {
            let parsed = ModelReader.parse(files: shared.map { (path: $0, readFrom: scratch.path + "/" + $0) }, serial: serial)
            let both = ModelReader.readVersions(
                shared: parsed, old: ModelReader.parse(old, serial: serial), new: ModelReader.parse(new, serial: serial), serial: serial)
            #expect(both.old == ModelReader.read(files: sharedFiles + old, serial: true))
            #expect(both.new == ModelReader.read(files: sharedFiles + new, serial: true))
            #expect(both.old != both.new)
        }
        // A shared file that vanished before it was read is left out of both.
        let missing = ModelReader.parse(files: [(path: "Gone.swift", readFrom: scratch.path + "/nowhere.swift")])
        let empty = ModelReader.readVersions(shared: missing, old: ParsedFiles(), new: ParsedFiles())
        #expect(empty.old.entities.isEmpty && empty.new.diagnostics.isEmpty)
    }

    @Test func fixturesReadTheSameInParallelAndSerially() {
        for relative in ["Projects", "Traps", "CoreData"] {
            let path = Fixture.path(relative)
            #expect(ModelReader.read(paths: [path], workingDirectory: nil, serial: false)
                == ModelReader.read(paths: [path], workingDirectory: nil, serial: true), "\(relative)")
        }
    }

    @Test func parallelMapKeepsIndexOrder() {
        #expect(ParallelMap.map(1_000) { $0 * 2 } == (0..<1_000).map { $0 * 2 })
        #expect(ParallelMap.map(3) { "\($0)" } == ["0", "1", "2"])
        #expect(ParallelMap.map(0) { $0 }.isEmpty)
        #expect(ParallelMap.map(500, serial: true) { $0 } == Array(0..<500))
    }

    /// Results are consumed in index order, each once, one at a time, though uneven work
    /// makes later indices finish first.
    @Test func forEachInOrderConsumesInIndexOrder() {
        for serial in [false, true] {
            let lock = NSLock()
            var consuming = 0, overlapped = false
            var consumed: [Int] = []
            ParallelMap.forEachInOrder(2_000, serial: serial, produce: { index -> Int in
                var spin = index % 7 == 0 ? 20_000 : 10
                while spin > 0 { spin -= 1 }
                return index * 3
            }, consume: { value in
                lock.withLock {
                    consuming += 1
                    overlapped = overlapped || consuming > 1
                }
                consumed.append(value)
                lock.withLock { consuming -= 1 }
            })
            #expect(consumed == (0..<2_000).map { $0 * 3 }, "serial: \(serial)")
            #expect(!overlapped)
        }
        var none: [Int] = []
        ParallelMap.forEachInOrder(0, produce: { $0 }, consume: { none.append($0) })
        #expect(none.isEmpty)
    }
}
