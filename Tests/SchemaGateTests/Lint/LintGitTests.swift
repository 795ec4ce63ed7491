import Foundation
import ModelSource
import TestSupport
import Testing
@testable import SchemaGate

/// Reading files at a revision from git objects, on real repositories made in the test.
@Suite struct LintGitTests {
    @Test func readsBlobsAtARevisionWithoutCheckingOut() throws {
        let repo = TemporaryDirectory("lint-git")
        try git(["init", "-q", "-b", "main"], in: repo.path)
        repo.write("App/Models/Item.swift", "@Model final class Item { var title: String = \"\" }\n")
        repo.write("App/Models/Bin.swift", "// bin\n")
        repo.write("App/Model.xcdatamodeld/Model.xcdatamodel/contents", "<model/>\n")
        repo.write("App/Model.xcdatamodeld/.xccurrentversion", "<plist/>\n")
        repo.write("App/README.md", "docs\n")
        repo.write(".build/Leftover.swift", "x\n")
        repo.write("App/Big.swift", String(repeating: "// 0123456789\n", count: 20_000))  // larger than a pipe buffer
        try git(["add", "-A", "-f"], in: repo.path)
        try git(["commit", "-qm", "one"], in: repo.path)
        try git(["tag", "v1"], in: repo.path)
        repo.write("App/Models/Item.swift", "changed\n")
        try FileManager.default.removeItem(atPath: repo.file("App/Models/Bin.swift"))

        let reader = try GitRevisionReader(workingDirectory: repo.path + "/App", environment: ProcessInfo.processInfo.environment)
        let commit = try reader.commit("v1")
        #expect(commit.count == 40)
        let blobs = try reader.blobs(at: commit) { $0.hasPrefix("App/Models/") }
        #expect(blobs.map(\.path) == ["App/Models/Bin.swift", "App/Models/Item.swift"])
        #expect(String(decoding: blobs[1].contents, as: UTF8.self).contains("@Model final class Item"))
        let all = try reader.blobs(at: commit) { _ in true }
        #expect(all.first { $0.path == "App/Big.swift" }?.contents.count == 14 * 20_000)
    }

    @Test func sinceHandsTheReaderOnlyModelFilesUnderTheModelPaths() throws {
        let repo = TemporaryDirectory("lint-since")
        try git(["init", "-q", "-b", "main"], in: repo.path)
        repo.write("App/Models/Item.swift", "old item\n")
        repo.write("App/Models/Gone.swift", "old gone\n")
        repo.write("App/Model.xcdatamodeld/Model.xcdatamodel/contents", "<model/>\n")
        repo.write("App/Views/View.swift", "view\n")
        repo.write("App/Models/notes.txt", "text\n")
        try git(["add", "-A"], in: repo.path)
        try git(["commit", "-qm", "one"], in: repo.path)
        try git(["tag", "-a", "v1", "-m", "release 1"], in: repo.path)  // annotated: ^{commit} peels it
        try FileManager.default.removeItem(atPath: repo.file("App/Models/Gone.swift"))

        let seen = Recorder()
        let reader = LintModelReader(
            readPaths: { _ in AppModel() },
            readFiles: { files in
                seen.record(files.map { "\($0.path)=\(String(decoding: $0.contents, as: UTF8.self))" })
                return AppModel(entities: [Entity(name: "Gone", file: "App/Models/Gone.swift", line: 1)])
            })
        let report = try LintRunner(reader: reader).run(LintRequest(
            paths: ["App/Models", "App/Model.xcdatamodeld"], since: "v1", workingDirectory: repo.path,
            environment: ProcessInfo.processInfo.environment))
        #expect(seen.values == [
            "App/Model.xcdatamodeld/Model.xcdatamodel/contents=<model/>\n",
            "App/Models/Gone.swift=old gone\n",
            "App/Models/Item.swift=old item\n",
        ])
        #expect(places(report.findings) == ["removed-model@1"])
        #expect(report.notes.contains { $0.hasPrefix("Compared with v1 (") })
    }

    /// `lint --since` runs git through the product's one git client, whose environment
    /// makes git's output the same for every user: C locale, no optional locks, no prompt,
    /// no pager. A git on PATH records what it was started with, then runs the real one.
    @Test func sinceRunsGitWithTheHardenedEnvironment() throws {
        let repo = TemporaryDirectory("lint-since-env")
        try git(["init", "-q", "-b", "main"], in: repo.path)
        repo.write("App/Models/Item.swift", "@Model final class Item { var title: String = \"\" }\n")
        try git(["add", "-A"], in: repo.path)
        try git(["commit", "-qm", "one"], in: repo.path)
        try git(["tag", "v1"], in: repo.path)
        let tools = TemporaryDirectory("lint-since-env-tools")
        let log = tools.file("git.log")
        tools.writeExecutable("bin/git", """
            #!/bin/sh
            printf '%s\\n' "$1 LC_ALL=$LC_ALL GIT_OPTIONAL_LOCKS=$GIT_OPTIONAL_LOCKS GIT_TERMINAL_PROMPT=$GIT_TERMINAL_PROMPT" >> '\(log)'
            exec '\(try which("git"))' "$@"
            """)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = tools.file("bin") + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["LC_ALL"] = "de_DE.UTF-8"
        environment["GIT_OPTIONAL_LOCKS"] = "1"
        let report = try LintRunner(reader: noModels).run(LintRequest(
            paths: ["App/Models"], since: "v1", workingDirectory: repo.path, environment: environment))
        #expect(report.notes.contains { $0.hasPrefix("Compared with v1 (") })
        let calls = (tools.read("git.log") ?? "").split(separator: "\n")
        #expect(calls.count >= 2)
        for call in calls {
            #expect(call.hasSuffix(" LC_ALL=C GIT_OPTIONAL_LOCKS=0 GIT_TERMINAL_PROMPT=0"), "\(call)")
        }
    }

    /// A commit the caller resolved (the gate's base) is used as given.
    @Test func aResolvedCommitIsUsedWithoutResolvingTheRevisionAgain() throws {
        let repo = TemporaryDirectory("lint-since-commit")
        try git(["init", "-q", "-b", "main"], in: repo.path)
        repo.write("App/Models/Item.swift", "old item\n")
        try git(["add", "-A"], in: repo.path)
        try git(["commit", "-qm", "one"], in: repo.path)
        let first = try git(["rev-parse", "HEAD"], in: repo.path).trimmingCharacters(in: .whitespacesAndNewlines)
        var request = LintRequest(
            paths: ["App/Models"], since: "no-such-tag", workingDirectory: repo.path, environment: ProcessInfo.processInfo.environment)
        request.sinceCommit = first
        let report = try LintRunner(reader: noModels).run(request)
        #expect(report.notes.contains { $0.hasPrefix("Compared with no-such-tag (\(first.prefix(10)))") })
    }

    @Test func unknownRevisionIsBadInput() throws {
        let repo = TemporaryDirectory("lint-badref")
        try git(["init", "-q", "-b", "main"], in: repo.path)
        repo.write("Item.swift", "x\n")
        try git(["add", "-A"], in: repo.path)
        try git(["commit", "-qm", "one"], in: repo.path)
        let request = LintRequest(paths: ["."], since: "v9", workingDirectory: repo.path, environment: ProcessInfo.processInfo.environment)
        #expect { try LintRunner(reader: noModels).run(request) } throws: { error in
            (error as? LintError)?.message.contains("unknown revision 'v9'") == true
        }
        let option = LintRequest(paths: ["."], since: "--output=x", workingDirectory: repo.path, environment: ProcessInfo.processInfo.environment)
        #expect(throws: LintError.self) { try LintRunner(reader: noModels).run(option) }
    }

    @Test func notARepositoryIsBadInput() throws {
        let directory = TemporaryDirectory("lint-norepo")
        directory.write("Item.swift", "x\n")
        let request = LintRequest(paths: ["."], since: "v1", workingDirectory: directory.path, environment: ProcessInfo.processInfo.environment)
        #expect { try LintRunner(reader: noModels).run(request) } throws: { error in
            (error as? LintError)?.message.contains("not in one") == true
        }
    }

}

/// `git cat-file --batch` output, and reading it in batches that are never cut short.
@Suite struct CatFileBatchTests {
    @Test func parsesBlobsMissingNamesAndOtherObjects() throws {
        let output = Array("a blob 2\nhi\nb blob 0\n\nc missing\nd tree 3\nxyz\n".utf8)
        #expect(try CatFileBatch.parse(output, count: 4) == [Array("hi".utf8), [], nil, nil])
    }

    @Test func rejectsOutputThatIsCutShortOrMalformed() {
        #expect(throws: CatFileBatch.Malformed.self) { try CatFileBatch.parse(Array("abc blob 10\nshort".utf8), count: 1) }
        #expect(throws: CatFileBatch.Malformed.self) { try CatFileBatch.parse(Array("a blob 2\nhi\n".utf8), count: 2) }
        #expect(throws: CatFileBatch.Malformed.self) { try CatFileBatch.parse(Array("what is this\n".utf8), count: 1) }
    }

    /// A fake git whose output is cut when it holds more than two objects, as the runner's
    /// capture limit would cut a huge one: the reader splits until nothing is cut, and a
    /// lone object still too large reads as nil.
    @Test func batchesAreSplitUntilNothingIsCut() throws {
        var calls: [[String]] = []
        let names = (0..<7).map { "object\($0)" }
        let objects = try CatFileBatch.read(names, batchSize: 5, call: { (batch: [String]) throws(CatFileBatch.Malformed) -> CatFileBatch.Call in
            calls.append(batch)
            let output = batch.map { $0 == "object3" ? "" : "\($0) blob 1\nx\n" }.joined()
            return CatFileBatch.Call(output: Array(output.utf8), truncated: batch.count > 2 || batch.contains("object3"))
        }, malformed: { $0 })
        #expect(objects == names.map { $0 == "object3" ? nil : Array("x".utf8) })
        #expect(calls.first == Array(names[0..<5]))
        #expect(calls.allSatisfy { $0.count <= 5 })
        #expect(Set(calls.filter { $0.count <= 2 }.flatMap { $0 }) == Set(names))
    }
}

final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func record(_ values: [String]) { lock.withLock { stored += values } }
    var values: [String] { lock.withLock { stored } }
}
