import Testing
@testable import ModelSource

/// Broken model files are reported as parse errors, never crash the reader, and never
/// pass silently as "no models".
@Suite struct BrokenInputTests {
    static func read(_ path: String, _ bytes: [UInt8]) -> AppModel {
        ModelReader.read(files: [ModelSourceFile(path: path, contents: bytes)])
    }

    @Test func coreDataModelThatIsNotUTF8IsAParseError() {
        // FoundationXML traps (SIGILL) on this element name when handed it unchecked.
        let xml = Array("<?xml version=\"1.0\"?>\n<model><entity name=\"A\"><rtnn".utf8) + [0xC3] + Array("-/></entity></model>\n".utf8)
        let model = Self.read("App.xcdatamodeld/App.xcdatamodel/contents", xml)
        #expect(model.entities.isEmpty)
        #expect(model.diagnostics.map(\.kind) == [.parseError])
        #expect(model.diagnostics.first?.line == 2)
        #expect(model.diagnostics.first?.message.contains("not valid UTF-8") == true)
    }

    @Test func aModelWhoseBodyIsNeverClosedIsAParseError() {
        let swift = "import SwiftData\n\n@Model\nfinal class Item {\n    var name: String = \"\"\n    init() {}\n"
        let model = Self.read("Item.swift", Array(swift.utf8))
        let problem = model.diagnostics.first { $0.kind == .parseError }
        #expect(problem?.line == 4)
        #expect(problem?.message.contains("@Model class Item is never closed") == true)
    }

    @Test func aClosedModelHasNoParseError() {
        let swift = "import SwiftData\n\n@Model\nfinal class Item {\n    var name: String = \"\"\n    init() {}\n}\n"
        #expect(!Self.read("Item.swift", Array(swift.utf8)).diagnostics.contains { $0.kind == .parseError })
    }

    @Test func aModelFileThatIsNotUTF8IsAParseError() {
        let bytes = Array("@Model\nfinal class Item {\n    var name: String = \"caf".utf8) + [0xE9] + Array("\"\n}\n".utf8)
        let problem = Self.read("Item.swift", bytes).diagnostics.first { $0.kind == .parseError }
        #expect(problem?.line == 3)
    }
}
