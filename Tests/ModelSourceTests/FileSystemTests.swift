import Foundation
import Testing
@testable import ModelSource
@testable import SchemaGateBasics

/// The POSIX file access the reader uses instead of FileManager.
@Suite struct FileSystemTests {
    @Test func readsRegularFilesWhole() throws {
        let scratch = ModelReaderTests.Scratch()
        let big = String(repeating: "0123456789", count: 50_000)
        scratch.write("big.swift", big)
        scratch.write("empty.swift", "")
        #expect(try FileSystem.readRegularFile(scratch.path + "/big.swift").get() == Array(big.utf8))
        #expect(try FileSystem.readRegularFile(scratch.path + "/empty.swift").get() == [])
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link.swift", withDestinationPath: scratch.path + "/big.swift")
        #expect(try FileSystem.readRegularFile(scratch.path + "/link.swift").get().count == big.utf8.count)
    }

    @Test func refusesWhatIsNotARegularFileWithoutBlocking() throws {
        let scratch = ModelReaderTests.Scratch()
        #expect(FileSystem.readRegularFile(scratch.path + "/missing.swift") == .failure(.missing))
        #expect(FileSystem.readRegularFile(scratch.path) == .failure(.notRegular))
        let fifo = scratch.path + "/Pipe.swift"
        guard mkfifo(fifo, 0o600) == 0 else { return }
        #expect(FileSystem.readRegularFile(fifo) == .failure(.notRegular))
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/dangling", withDestinationPath: scratch.path + "/nothing")
        #expect(FileSystem.readRegularFile(scratch.path + "/dangling") == .failure(.missing))
    }

    @Test func anUnreadableFileIsReportedAsSuch() throws {
        guard getuid() != 0 else { return }  // root reads everything
        let scratch = ModelReaderTests.Scratch()
        scratch.write("secret.swift", "@Model final class Secret {}")
        chmod(scratch.path + "/secret.swift", 0)
        #expect(FileSystem.readRegularFile(scratch.path + "/secret.swift") == .failure(.unreadable))
    }

    @Test func listsEntriesSortedWithTheirKinds() throws {
        let scratch = ModelReaderTests.Scratch()
        scratch.write("b.swift", "")
        scratch.write("A/x.swift", "")
        scratch.write(".hidden.swift", "")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/linkdir", withDestinationPath: scratch.path + "/A")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/broken.swift", withDestinationPath: scratch.path + "/none")
        let entries = try FileSystem.list(scratch.path).get()
        #expect(entries.map(\.name) == [".hidden.swift", "A", "b.swift", "broken.swift", "linkdir"])
        #expect(entries.map(\.kind) == [.other, .directory, .other, .missing, .directory])
        #expect(entries.map(\.name) == (try FileManager.default.contentsOfDirectory(atPath: scratch.path)).sorted())
        if case .success = FileSystem.list(scratch.path + "/b.swift") { Issue.record("a file listed as a directory") }
    }

    /// ASCII names are sorted as bytes; other names as Swift orders strings, which is not
    /// byte order: "e\u{301}x" (decomposed) comes after "\u{e9}a" for Swift, before it in bytes.
    @Test func listsNamesInSwiftStringOrder() throws {
        let ascii = ModelReaderTests.Scratch()
        let asciiNames = ["b", "B", "a", "_x", "a.b", "a-b", "a0", "ab", "Models10.swift", "Models1.swift", "Models2.swift", "..."]
        for name in asciiNames { ascii.write(name, "") }
        #expect(try FileSystem.list(ascii.path).get().map(\.name) == asciiNames.sorted())
        let mixed = ModelReaderTests.Scratch()
        let mixedNames = ["e\u{301}x.swift", "\u{e9}a.swift", "z.swift", "A.swift"]
        for name in mixedNames { mixed.write(name, "") }
        let listed = try FileSystem.list(mixed.path).get().map(\.name)
        #expect(listed == mixedNames.sorted())
        #expect(listed == ["A.swift", "z.swift", "\u{e9}a.swift", "e\u{301}x.swift"])
    }

    /// Files read relative to a held directory read as by path, fail the same way, and
    /// no more directories are held at once than the holder's limit.
    @Test func heldDirectoriesReadAsPathsWithinTheirLimit() throws {
        let scratch = ModelReaderTests.Scratch()
        scratch.write("A/a.swift", "let a = 1")
        scratch.write("B/b.swift", "")
        scratch.write("C/c.swift", "")
        let holder = DirectoryHolder(limit: 2)
        var a = holder.hold(scratch.path + "/A")
        let b = holder.hold(scratch.path + "/B")
        #expect(a != nil && b != nil)
        #expect(holder.hold(scratch.path + "/C") == nil)
        #expect(holder.count == 2)
        #expect(try a?.readRegularFile(named: "a.swift", path: scratch.path + "/A/a.swift").get() == Array("let a = 1".utf8))
        #expect(a?.readRegularFile(named: "gone.swift", path: scratch.path + "/A/gone.swift") == .failure(.missing))
        if mkfifo(scratch.path + "/A/Pipe.swift", 0o600) == 0 {
            #expect(a?.readRegularFile(named: "Pipe.swift", path: scratch.path + "/A/Pipe.swift") == .failure(.notRegular))
        }
        a = nil
        #expect(holder.count == 1)
        #expect(holder.hold(scratch.path + "/C") != nil)
        #expect(holder.count == 1)
        #expect(holder.hold(scratch.path + "/missing") == nil)
        #expect(holder.count == 1)
        _ = b
    }
}

