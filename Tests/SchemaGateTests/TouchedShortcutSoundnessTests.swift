import Foundation
import ModelSource
import Testing
import TestSupport
@testable import SchemaGate

/// The shortcut that lets `changed` (and so the gate) skip reading the app when model
/// files were only touched must never hide a change: whenever it says a file declares the
/// same things, reading the whole app both ways must find no difference. Checked over
/// random edits of the model reader's project fixtures.
@Suite struct TouchedShortcutSoundnessTests {
    /// Each fixture project as an app: its Swift files, path → lines.
    static func apps() throws -> [[String: [String]]] {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ModelSourceTests/Fixtures/Projects").path
        return try FileManager.default.contentsOfDirectory(atPath: fixtures).sorted().map { project in
            let directory = fixtures + "/" + project
            var files: [String: [String]] = [:]
            for path in try FileManager.default.subpathsOfDirectory(atPath: directory) where path.hasSuffix(".swift") {
                let text = try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
                files[project + "/" + path] = text.components(separatedBy: "\n")
            }
            return files
        }
    }

    /// Edits that keep the declarations (comments, blank lines, a method) and edits that
    /// may not (a deleted, doubled or retyped line, swapped lines).
    static func mutate(_ lines: [String], _ generator: inout SeededGenerator) -> [String] {
        var lines = lines
        let at = Int.random(in: 0...lines.count, using: &generator)
        let line = min(at, lines.count - 1)
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: lines.insert("// an added comment", at: at)
        case 1: lines.insert("", at: at)
        case 2: lines.insert("    func helper() -> Int { 42 }", at: at)
        case 3: if !lines.isEmpty { lines.remove(at: line) }
        case 4: if !lines.isEmpty { lines.insert(lines[line], at: line) }
        case 5: if !lines.isEmpty { lines[line] = lines[line].replacingOccurrences(of: "String", with: "Int") }
        case 6: if line + 1 < lines.count { lines.swapAt(line, line + 1) }
        default: if !lines.isEmpty { lines[line] = "    /* moved */ " + lines[line] }
        }
        return lines
    }

    static func files(_ app: [String: [String]]) -> [ModelSourceFile] {
        app.sorted { $0.key < $1.key }.map { ModelSourceFile(path: $0.key, contents: Array($0.value.joined(separator: "\n").utf8)) }
    }

    @Test func aFileThatDeclaresTheSameNeverChangesTheModels() throws {
        let apps = try Self.apps()
        try #require(!apps.isEmpty)
        var generator = SeededGenerator(seed: 2026)
        var shortcutTaken = 0, runs = 0
        for _ in 0..<2_000 {
            let app = apps[Int.random(in: 0..<apps.count, using: &generator)]
            let path = app.keys.sorted()[Int.random(in: 0..<app.count, using: &generator)]
            var edited = app
            for _ in 0..<Int.random(in: 1...3, using: &generator) { edited[path] = Self.mutate(edited[path]!, &generator) }
            let before = ModelReader.parse(Self.files(app).filter { $0.path == path })
            let after = ModelReader.parse(Self.files(edited).filter { $0.path == path })
            runs += 1
            guard after.declaresTheSame(at: path, as: before) else { continue }
            shortcutTaken += 1
            let differences = PersistedModelDiff.differences(
                from: ModelReader.read(files: Self.files(app)), to: ModelReader.read(files: Self.files(edited)))
            #expect(differences.isEmpty, "\(path): \(differences)\n\(edited[path]!.joined(separator: "\n"))")
        }
        // Both kinds of edit were met: the property is not checked on an empty set.
        #expect(shortcutTaken > runs / 5 && shortcutTaken < runs)
    }
}

