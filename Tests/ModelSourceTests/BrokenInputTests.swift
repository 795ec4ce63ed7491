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

    /// Bytes Swift source cannot hold (Docs/swift-source-bytes.md): a NUL anywhere, a
    /// control byte in code. The compiler reads a NUL as a space, so `na<NUL>me` used to
    /// become a property `na` of unknown type and `name` was dropped; now the file is an
    /// input error naming its line, and nothing is guessed.
    @Test(arguments: [
        ("    var na\u{0}me: String = \"\"\n", "a NUL byte (0x00)"),
        ("    var name: String = \"\" // a comment with a NUL \u{0}\n", "a NUL byte (0x00)"),
        ("    var name: String = \"a\u{0}b\"\n", "a NUL byte (0x00)"),
        ("    var name\u{1B}: String = \"\"\n", "the control byte 0x1B"),
        ("    var name: String = \"\"\u{7F}\n", "the control byte 0x7F"),
    ])
    func aByteSwiftSourceCannotHoldIsAnInputErrorOnItsLine(line: String, words: String) {
        let swift = "import SwiftData\n\n@Model\nfinal class Item {\n" + line + "    init() {}\n}\n"
        let model = Self.read("Item.swift", Array(swift.utf8))
        let problem = model.diagnostics.first { $0.kind == .parseError }
        #expect(problem?.line == 5, "\(model.diagnostics)")
        #expect(problem?.message.hasPrefix("Item.swift:5: \(words), which Swift source cannot hold") == true, "\(model.diagnostics)")
    }

    /// A control byte inside a comment is a comment's business (the compiler accepts it);
    /// tabs, form feeds and vertical tabs are whitespace.
    @Test func controlBytesInCommentsAndWhitespaceAreFine() {
        let swift = "import SwiftData\n\n@Model\nfinal class Item {\n    // bell \u{7}\n\tvar name: String = \"\"\u{0B}\u{0C}\n    init() {}\n}\n"
        let model = Self.read("Item.swift", Array(swift.utf8))
        #expect(!model.diagnostics.contains { $0.kind == .parseError }, "\(model.diagnostics)")
        #expect(model.entities.first?.attributes.map(\.name) == ["name"])
    }
}
