import Foundation
import TestSupport
import Testing

/// `lint --stamp FILE`: the build-tool plugin's declared output, on disk only after a pass.
@Suite(.waitsOnProcesses) struct LintStampTests {
    static let clean = "import SwiftData\n\n@Model\nfinal class Item {\n    var title: String = \"\"\n    init() {}\n}\n"
    static let unique = clean.replacingOccurrences(of: "var title", with: "@Attribute(.unique) var title")

    @Test func aPassWritesTheStamp() throws {
        let directory = TemporaryDirectory("lint-stamp")
        directory.write("Item.swift", Self.clean)
        let result = runTool(["lint", "--stamp", "out/stamp.swift", "Item.swift"], in: directory.path)
        #expect(result.status == 0, "\(result.output)")
        #expect(directory.read("out/stamp.swift") == "// cloudkit-schema lint passed: no error findings.\n")
    }

    @Test func findingsRemoveAStaleStamp() throws {
        let directory = TemporaryDirectory("lint-stamp")
        directory.write("Item.swift", Self.unique)
        directory.write("stamp.swift", "// an earlier pass\n")
        let result = runTool(["lint", "--format", "xcode", "--stamp", "stamp.swift", "Item.swift"], in: directory.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains(directory.file("Item.swift") + ":5: error: "), "\(result.stdout)")
        #expect(directory.read("stamp.swift") == nil)
    }

    @Test func anInputErrorRemovesAStaleStamp() throws {
        let directory = TemporaryDirectory("lint-stamp")
        directory.write("stamp.swift", "// an earlier pass\n")
        let result = runTool(["lint", "--stamp", "stamp.swift", "Missing.swift"], in: directory.path)
        #expect(result.status == 2, "\(result.output)")
        #expect(directory.read("stamp.swift") == nil)
    }

    @Test func anUnwritableStampIsExitTwoWithAFix() throws {
        let directory = TemporaryDirectory("lint-stamp")
        directory.write("Item.swift", Self.clean)
        directory.write("file", "a file, not a directory\n")
        let result = runTool(["lint", "--stamp", "file/stamp.swift", "Item.swift"], in: directory.path)
        #expect(result.status == 2, "\(result.output)")
        #expect(result.stderr.contains("cannot write the lint stamp") && result.stderr.contains("point --stamp at a file in a writable directory"), "\(result.stderr)")
    }
}
