import Foundation
import Testing
@testable import ModelSource
@testable import SchemaGateBasics

/// The walk of model sources: files are read while it goes on, results come in walk order.
@Suite struct ModelFileCollectorTests {
    /// A real directory is walked once, the first time in walk order, also when that first
    /// time is through a symbolic link: `A/link` (to `B`) comes before `B`.
    @Test func aDirectoryReachedThroughALinkFirstIsWalkedThereOnly() throws {
        let scratch = ModelReaderTests.Scratch()
        scratch.write("B/Item.swift", "@Model final class Item { var name: String = \"\" }")
        scratch.write("A/Other.swift", "@Model final class Other { var name: String = \"\" }")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/A/link", withDestinationPath: scratch.path + "/B")
        for serial in [false, true] {
            let model = ModelReader.read(paths: [scratch.path], workingDirectory: nil, serial: serial)
            #expect(model.entities.map(\.file) == [scratch.path + "/A/Other.swift", scratch.path + "/A/link/Item.swift"])
        }
        #expect(ModelReader.files(paths: [scratch.path], workingDirectory: nil) == [scratch.path + "/A/Other.swift", scratch.path + "/A/link/Item.swift"])
    }

    /// More directories than the process holds open at once: every file is read (the rest
    /// by path), in walk order, problems in their place.
    @Test func moreDirectoriesThanAreHeldReadInWalkOrder() throws {
        let scratch = ModelReaderTests.Scratch()
        for index in 0..<80 {
            scratch.write("M\(index)/Model\(index).swift", "@Model final class Model\(index) { var name: String = \"\" }")
            scratch.write("M\(index)/View\(index).swift", "struct View\(index) {}")
        }
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/M7/Gone.swift", withDestinationPath: scratch.path + "/nowhere")
        _ = mkfifo(scratch.path + "/M70/Pipe.swift", 0o600)
        let parallel = ModelReader.read(paths: [scratch.path], workingDirectory: nil, serial: false)
        #expect(parallel == ModelReader.read(paths: [scratch.path], workingDirectory: nil, serial: true))
        let walkOrder = (0..<80).map { "M\($0)" }.sorted()
        #expect(parallel.entities.map(\.file) == walkOrder.map { "\(scratch.path)/\($0)/Model\($0.dropFirst()).swift" })
        #expect(parallel.diagnostics(.unreadableFile).map(\.file) == [scratch.path + "/M7/Gone.swift", scratch.path + "/M70/Pipe.swift"])
    }

    /// `mapWhileProducing` maps on every core while items still come, results in the
    /// order of `next`, which is never called by two threads at once.
    @Test func mapWhileProducingKeepsTheOrderOfNext() {
        for count in [0, 1, 15, 16, 17, 1_000] {
            for serial in [false, true] {
                let lock = NSLock()
                var produced = 0, inside = 0, overlapped = false
                let results = ParallelMap.mapWhileProducing(serial: serial, next: { () -> Int? in
                    lock.withLock {
                        inside += 1
                        overlapped = overlapped || inside > 1
                    }
                    defer { lock.withLock { inside -= 1 } }
                    guard produced < count else { return nil }
                    produced += 1
                    return produced - 1
                }) { item -> String in
                    var spin = item % 7 == 0 ? 20_000 : 10
                    while spin > 0 { spin -= 1 }
                    return "\(item)"
                }
                #expect(results == (0..<count).map { "\($0)" }, "count \(count), serial \(serial)")
                #expect(!overlapped)
            }
        }
    }

    /// `forEachInOrder` makes at most `inOrderWindow` results ahead of the next one it
    /// consumes, though the first index is slow and the other workers could run far ahead.
    @Test func forEachInOrderHoldsAtMostItsWindow() {
        let lock = NSLock()
        var outstanding = 0, most = 0
        var consumed: [Int] = []
        ParallelMap.forEachInOrder(400, produce: { index -> Int in
            if index == 0 { usleep(20_000) }
            lock.withLock {
                outstanding += 1
                most = max(most, outstanding)
            }
            return index
        }, consume: { value in
            lock.withLock { outstanding -= 1 }
            consumed.append(value)
        })
        #expect(consumed == Array(0..<400))
        #expect(most <= ParallelMap.inOrderWindow)
    }
}

