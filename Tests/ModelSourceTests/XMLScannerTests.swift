import Foundation
import Testing
@testable import ModelSource
@testable import SchemaGateBasics

@Suite struct XMLScannerTests {
    func events(_ text: String) -> Result<[XMLScanner.Event], XMLScanner.Failure> { XMLScanner.events(Array(text.utf8)) }

    @Test func readsElementsAttributesTextAndLines() throws {
        let result = try events("""
        <?xml version="1.0"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x">
        <!-- comment -->
        <model a="1 &amp; 2" b='&#65;&#x42;'>
            <entity name="Item"/>
            <key>k &lt;</key><![CDATA[raw <x>]]>
        </model>
        """).get()
        #expect(result == [
            .start(name: "model", attributes: ["a": "1 & 2", "b": "AB"], line: 4),
            .start(name: "entity", attributes: ["name": "Item"], line: 5),
            .end(name: "entity", line: 5),
            .start(name: "key", attributes: [:], line: 6),
            .text("k <", line: 6),
            .end(name: "key", line: 6),
            .text("raw <x>", line: 6),
            .end(name: "model", line: 7),
        ])
    }

    @Test(arguments: [
        ("<a><b></a>", "</a> closes <b>"),
        ("<a>", "<a> is never closed"),
        ("<a x=1/>", "not quoted"),
        ("<a x=\"1\" x=\"2\"/>", "appears twice"),
        ("<a>&bogus;</a>", "unknown reference"),
        ("<a/><b/>", "a second root element"),
        ("", "no root element"),
        ("<?xm?>\u{0E}<v", "control character"),
        ("<!-- never closed", "unterminated comment"),
        ("text", "text outside the root element"),
    ])
    func malformedInputIsAFailureWithALine(input: String, message: String) {
        guard case .failure(let failure) = events(input) else {
            Issue.record("accepted: \(input)")
            return
        }
        #expect(failure.message.contains(message), "\(failure.message)")
        #expect(failure.line >= 1)
    }

    /// The input the Core Data fuzzer found: FoundationXML's XMLParser segfaults on it.
    @Test func fuzzerCrashIsAParseError() throws {
        let url = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/FuzzCrashes/coredata-strlen-segv.xml")
        let bytes = [UInt8](try Data(contentsOf: url))
        let model = ModelReader.read(files: [ModelSourceFile(path: "A.xcdatamodeld/A.xcdatamodel/contents", contents: bytes)])
        #expect(model.diagnostics.map(\.kind) == [.parseError])
    }

    @Test func randomBytesNeverCrashOrHang() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("<>/=\"'&;!?-[]CDATA xmlentity name a b\n#x".utf8)
        for _ in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            _ = XMLScanner.events(bytes)
        }
    }
}
