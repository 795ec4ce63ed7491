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
}
