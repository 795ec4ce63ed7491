import Foundation
import TestSupport
import Testing

/// Bad schema input through the real binary: always exit 2, a message naming the file,
/// line and column, never a crash, never exit 0.
@Suite(.waitsOnProcesses) struct BadInputTests {
    static let good = packageRoot + "/" + exampleProduction

    static func cases(in dir: TemporaryDirectory) -> [(String, String)] {
        let text = (try? String(contentsOfFile: good, encoding: .utf8)) ?? ""
        return [
            (dir.write("truncated.ckdb", String(text.prefix(text.count / 2))), "truncated.ckdb:"),
            (dir.write("garbage.ckdb", data: Data((0..<512).map { UInt8(($0 * 73 + 11) % 256) })), "garbage.ckdb:1:3: invalid UTF-8"),
            (dir.write("empty.ckdb", ""), "empty.ckdb:1:1: the schema is empty"),
            (dir.file("missing.ckdb"), "missing.ckdb:1:1: no such file"),
            (dir.path, ":1:1: is a directory"),
            (dir.write("latin1.ckdb", data: Data("DEFINE SCHEMA -- caf".utf8) + Data([0xE9, 0x0A])), "latin1.ckdb:1:21: invalid UTF-8"),
        ]
    }

    @Test func everyBadInputExitsTwoWithLocation() throws {
        let dir = TemporaryDirectory()
        for (path, expected) in Self.cases(in: dir) {
            for arguments in [["check", "--development", Self.good, "--production", path],
                              ["check", "--development", path, "--production", Self.good],
                              ["format", path]] {
                let result = try runProcess(cloudkitSchemaBinary, arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
                #expect(result.stderr.range(of: #":\d+:\d+: "#, options: .regularExpression) != nil)
            }
        }
    }

    @Test func jsonFormatStillGivesAJSONDocumentOnError() throws {
        let result = try runProcess(cloudkitSchemaBinary, ["check", "--development", "nope.ckdb", "--production", Self.good, "--format", "json"])
        #expect(result.status == 2)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["status"] as? String == "error")
    }
}
