import Foundation
import Testing
@testable import ModelSource

@Suite struct ModelReaderTests {
    /// A scratch directory removed afterwards.
    final class Scratch {
        let path = NSTemporaryDirectory() + "models-\(UUID().uuidString.prefix(8))"
        init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ relative: String, _ text: String) {
            let url = URL(fileURLWithPath: path + "/" + relative)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
        }
    }

    @Test func walksDirectoriesSkippingBuildAndDependencyFolders() {
        let scratch = Scratch()
        scratch.write("App/Models/Item.swift", "@Model final class Item { var name: String = \"\" }")
        scratch.write("App/.build/checkouts/Dep.swift", "@Model final class Built {}")
        scratch.write("Pods/Lib/Pod.swift", "@Model final class Pod {}")
        scratch.write("DerivedData/X.swift", "@Model final class Derived {}")
        scratch.write(".git/Y.swift", "@Model final class Git {}")
        scratch.write("App/README.md", "@Model final class Markdown {}")
        let model = ModelReader.read(paths: [scratch.path])
        #expect(model.entityNames == ["Item"])
        #expect(model.entities.first?.file == scratch.path + "/App/Models/Item.swift")
    }

    @Test func relativePathsAreResolvedAgainstTheWorkingDirectoryAndReportedAsGiven() {
        let scratch = Scratch()
        scratch.write("Models/Item.swift", "@Model final class Item {\n    var name: String = \"\"\n}")
        let model = ModelReader.read(paths: ["Models/"], workingDirectory: scratch.path)
        #expect(model.entities.first?.file == "Models/Item.swift")
        #expect(model.entities.first?.attributes.first?.line == 2)
    }

    @Test func unreadablePathsAreReportedWithTheirPath() throws {
        let scratch = Scratch()
        scratch.write("Models/Item.swift", "@Model final class Item {}")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Models/Gone.swift", withDestinationPath: scratch.path + "/nowhere.swift")
        let model = ModelReader.read(paths: [scratch.path + "/Models", scratch.path + "/Missing", scratch.path + "/notes.txt"])
        #expect(model.entityNames == ["Item"])
        let unreadable = model.diagnostics(.unreadableFile).map(\.file)
        #expect(unreadable == [scratch.path + "/Models/Gone.swift", scratch.path + "/Missing", scratch.path + "/notes.txt"])
        #expect(model.diagnostics(.unreadableFile).allSatisfy { $0.message.hasPrefix($0.file + ": ") })
    }

    @Test func aFifoNamedLikeSwiftIsReportedNotRead() throws {
        let scratch = Scratch()
        let fifo = scratch.path + "/Pipe.swift"
        guard mkfifo(fifo, 0o600) == 0 else { return }
        let model = ModelReader.read(paths: [scratch.path])
        #expect(model.diagnostics(.unreadableFile).map(\.file) == [fifo])
    }

    @Test func symbolicLinkLoopsAreWalkedOnce() throws {
        let scratch = Scratch()
        scratch.write("Models/Item.swift", "@Model final class Item {}")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Models/loop", withDestinationPath: scratch.path + "/Models")
        let model = ModelReader.read(paths: [scratch.path])
        #expect(model.entityNames == ["Item"])
    }

    @Test func inMemoryFilesMatchFilesOnDisk() throws {
        let relative = "Projects/VersionedSchemas"
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixture.path(relative)).sorted()
        let files = try names.map { name in
            ModelSourceFile(path: "Sources/\(name)", contents: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixture.path("\(relative)/\(name)")))))
        }
        let fromMemory = ModelReader.read(files: files)
        let fromDisk = Fixture.read(relative)
        #expect(fromMemory.entityNames == fromDisk.entityNames)
        #expect(fromMemory.entities.map(\.attributes) == fromDisk.entities.map(\.attributes))
        #expect(fromMemory.entities.first?.file.hasPrefix("Sources/") == true)
    }

    @Test func jsonKeepsTheContractKeysAndOmitsUnknowns() throws {
        let model = Fixture.read("Traps/UntypedProperties.swift")
        let json = String(decoding: try JSONEncoder().encode(model), as: UTF8.self)
        #expect(json.contains("\"swiftType\":\"String\""))
        let decoded = try JSONDecoder().decode(AppModel.self, from: Data(json.utf8))
        #expect(decoded == model)
    }
}

extension ModelReaderTests {
    @Test func severalBindingsInOneDeclarationAndGenericDefaults() throws {
        let source = """
        @Model final class Point {
            var x: Double = 0, y: Double = 0
            let createdAt = Date()
            var lookup = Dictionary<String, Int>()
            var tags: Set<String> = []
            var handler: (() -> Void)? { nil }
            init() {}
        }
        """
        let model = ModelReader.read(files: [ModelSourceFile(path: "Point.swift", contents: Array(source.utf8))])
        let point = try model.require("Point")
        #expect(point.attributes.map { "\($0.name): \($0.swiftType ?? "?")" } == [
            "x: Double", "y: Double", "createdAt: Date", "lookup: Dictionary<String, Int>", "tags: Set<String>",
        ])
        #expect(model.diagnostics.isEmpty)
    }
}
