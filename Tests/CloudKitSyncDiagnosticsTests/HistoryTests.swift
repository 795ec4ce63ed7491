@testable import CloudKitSyncDiagnostics
import Foundation
import Testing

/// 13 Oct 2026, 10:00 UTC, plus days and hours.
func day(_ days: Double, hours: Double = 0) -> Date {
    Date(timeIntervalSince1970: 1_791_885_600 + days * 86_400 + hours * 3_600)
}

func event(
    _ activity: SyncActivity, start: Date, end: Date?, succeeded: Bool, error: RenderedError? = nil, id: UUID = UUID()
) -> SyncEventRecord {
    SyncEventRecord(identifier: id, activity: activity, start: start, end: end, succeeded: succeeded, error: error)
}

let partialFailure = RenderedError(domain: "CKErrorDomain", code: 2, message: "Partial Failure", perItem: .empty)

/// A folder for one test, removed at the end.
final class Folder {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sync-history-\(UUID().uuidString)", isDirectory: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    var historyFile: URL { url.appendingPathComponent("CloudKitSyncDiagnostics/history.json") }
}

@Suite struct HistoryTests {
    /// Each launch is a new store on the same file; the streak runs across them.
    @Test func aFailingStreakSurvivesLaunches() {
        let folder = Folder()
        let first = SyncHistoryStore(file: folder.historyFile, now: day(-1))
        first.record(event(.export, start: day(-1), end: day(-1, hours: 0.1), succeeded: true))
        first.record(event(.export, start: day(0), end: day(0, hours: 0.01), succeeded: false, error: partialFailure))

        let second = SyncHistoryStore(file: folder.historyFile, now: day(3))
        #expect(second.history.exports.failingSince == day(0, hours: 0.01))
        second.record(event(.export, start: day(3), end: day(3, hours: 0.01), succeeded: false, error: partialFailure))

        let third = SyncHistoryStore(file: folder.historyFile, now: day(6))
        let uploads = third.history.exports
        #expect(uploads.failingSince == day(0, hours: 0.01))
        #expect(uploads.failuresInStreak == 2)
        #expect(uploads.lastSuccess == day(-1, hours: 0.1))
        #expect(uploads.lastError == partialFailure)
        #expect(third.history.recordingSince == day(-1))

        third.record(event(.export, start: day(6), end: day(6, hours: 0.02), succeeded: true))
        let fourth = SyncHistoryStore(file: folder.historyFile, now: day(7)).history.exports
        #expect(fourth.failingSince == nil)
        #expect(fourth.failuresInStreak == 0)
        #expect(fourth.lastSuccess == day(6, hours: 0.02))
        // The last error is kept, now from before the last success.
        #expect(fourth.lastError == partialFailure)
        #expect(fourth.lastFailure == day(3, hours: 0.01))
    }

    @Test func activitiesAreKeptApart() {
        var history = SyncHistory()
        history.apply(event(.import, start: day(0), end: day(0, hours: 1), succeeded: true))
        history.apply(event(.export, start: day(0), end: day(0, hours: 1), succeeded: false, error: partialFailure))
        history.apply(event(.setup, start: day(0), end: day(0, hours: 1), succeeded: true))
        #expect(history.imports.lastSuccess == day(0, hours: 1))
        #expect(!history.imports.isFailing)
        #expect(history.exports.isFailing)
        #expect(history.setup.lastSuccess == day(0, hours: 1))
    }

    /// Core Data posts an event when it starts and again when it ends; the catch-up may
    /// fetch one already seen live. Each counts once.
    @Test func anEventSeenTwiceCountsOnce() {
        var history = SyncHistory()
        let id = UUID()
        history.apply(event(.export, start: day(0), end: nil, succeeded: false, id: id))
        #expect(history.exports.unfinished?.identifier == id)
        let ended = event(.export, start: day(0), end: day(0, hours: 1), succeeded: false, error: partialFailure, id: id)
        history.apply(ended)
        history.apply(ended)
        history.apply([ended, ended])
        #expect(history.exports.failuresInStreak == 1)
        #expect(history.exports.unfinished == nil)
        // A start notice arriving after its end does not reopen it.
        history.apply(event(.export, start: day(0), end: nil, succeeded: false, id: id))
        #expect(history.exports.unfinished == nil)
    }

    /// An older event arriving after a newer one moves the last success, never the streak.
    @Test func aLateEventDoesNotRewriteTheStreak() {
        var history = SyncHistory()
        history.apply(event(.export, start: day(2), end: day(2, hours: 1), succeeded: true))
        history.apply(event(.export, start: day(1), end: day(1, hours: 1), succeeded: false, error: partialFailure))
        #expect(!history.exports.isFailing)
        #expect(history.exports.lastSuccess == day(2, hours: 1))

        history.apply(event(.export, start: day(3), end: day(3, hours: 1), succeeded: false, error: partialFailure))
        history.apply(event(.export, start: day(2, hours: 5), end: day(2, hours: 6), succeeded: true))
        #expect(history.exports.failingSince == day(3, hours: 1))
        #expect(history.exports.lastSuccess == day(2, hours: 6))
    }

    /// Live events that arrive while the event request runs are held, then applied with
    /// the fetched ones in the order they ended.
    @Test func liveEventsDuringACatchUpAreAppliedInOrder() {
        let folder = Folder()
        let store = SyncHistoryStore(file: folder.historyFile, now: day(0))
        let seenLive = event(.export, start: day(5), end: day(5, hours: 1), succeeded: false, error: partialFailure)
        var askedFrom: Date?? = .none
        store.catchUp { since in
            askedFrom = .some(since)
            store.record(seenLive)
            #expect(!store.history.exports.hasEvents, "a live event is held while the catch-up runs")
            return [
                event(.export, start: day(1), end: day(1, hours: 1), succeeded: true),
                event(.export, start: day(2), end: day(2, hours: 1), succeeded: false, error: partialFailure),
                seenLive,
            ]
        }
        #expect(askedFrom == .some(nil), "a new history asks for every event")
        let uploads = store.history.exports
        #expect(uploads.lastSuccess == day(1, hours: 1))
        #expect(uploads.failingSince == day(2, hours: 1))
        #expect(uploads.failuresInStreak == 2)
        // Held no more: the next live event is applied at once.
        store.record(event(.export, start: day(6), end: day(6, hours: 1), succeeded: true))
        #expect(store.history.exports.lastSuccess == day(6, hours: 1))
        // The next catch-up asks from the oldest activity's newest end.
        store.record(event(.setup, start: day(4), end: day(4, hours: 1), succeeded: true))
        #expect(store.history.catchUpDate == day(4, hours: 1))
    }

    @Test func aFailedCatchUpIsNotedAndReleasesHeldEvents() {
        struct Refused: Error {}
        let store = SyncHistoryStore(file: Folder().historyFile, now: day(0))
        store.catchUp { _ in
            store.record(event(.import, start: day(1), end: day(1, hours: 1), succeeded: true))
            throw Refused()
        }
        #expect(store.history.imports.lastSuccess == day(1, hours: 1))
        #expect(store.history.catchUpProblem?.hasPrefix("Earlier events could not be read") == true)
        #expect(SyncSummary(history: store.history, now: day(1), timeZone: utc).warnings.contains(store.history.catchUpProblem!))
    }

    @Test func anUnfinishedEventSurvivesALaunchAndIsWarnedAbout() {
        let folder = Folder()
        SyncHistoryStore(file: folder.historyFile, now: day(0)).record(event(.export, start: day(0), end: nil, succeeded: false))
        let history = SyncHistoryStore(file: folder.historyFile, now: day(1)).history
        #expect(history.exports.unfinished?.start == day(0))
        let warnings = SyncSummary(history: history, now: day(0, hours: 2), timeZone: utc).warnings
        #expect(warnings == ["Uploads: an event started 13 Oct 10:00 and never reported an end (the app may have quit while it ran)."])
        #expect(SyncSummary(history: history, now: day(0, hours: 0.5), timeZone: utc).warnings.isEmpty)
    }

    @Test func theFileRoundTripsEveryField() throws {
        let folder = Folder()
        let store = SyncHistoryStore(file: folder.historyFile, now: day(0))
        store.record(event(.export, start: day(0), end: day(0, hours: 1), succeeded: true))
        store.record(event(.export, start: day(1), end: day(1, hours: 1), succeeded: false, error: partialFailure))
        store.record(event(.import, start: day(2), end: nil, succeeded: false))
        let onDisk = try JSONDecoder().decode(SyncHistory.self, from: Data(contentsOf: folder.historyFile))
        #expect(onDisk == store.history)
        #expect(SyncHistoryStore(file: folder.historyFile).history == store.history)
        #expect(store.lastSaveProblem == nil)
    }

    @Test func aDamagedFileIsSetAsideAndSaid() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(at: folder.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: folder.historyFile)
        let history = SyncHistoryStore(file: folder.historyFile, now: day(0)).history
        #expect(history.resetReason == "The earlier history was not kept: it is not a history this version reads (set aside as history.json.unreadable).")
        #expect(history.recordingSince == day(0))
        #expect(FileManager.default.fileExists(atPath: folder.historyFile.path + ".unreadable"))
        #expect(SyncSummary(history: history, now: day(0), timeZone: utc).warnings.contains(history.resetReason!))
    }

    @Test func aFileOfAnotherVersionIsSetAside() throws {
        let folder = Folder()
        var future = SyncHistory(recordingSince: day(-10))
        future.version = SyncHistory.formatVersion + 1
        try FileManager.default.createDirectory(at: folder.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(future).write(to: folder.historyFile)
        let history = SyncHistoryStore(file: folder.historyFile, now: day(0)).history
        #expect(history.resetReason?.contains("format version \(SyncHistory.formatVersion + 1)") == true)
        #expect(history.recordingSince == day(0))
    }

    @Test func aSaveThatFailsIsReportedAndTheEventKept() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        // A file where the folder must go: the history cannot be written.
        let blocked = folder.url.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        let store = SyncHistoryStore(file: blocked.appendingPathComponent("history.json"), now: day(0))
        store.record(event(.export, start: day(0), end: day(0, hours: 1), succeeded: true))
        #expect(store.history.exports.lastSuccess == day(0, hours: 1))
        #expect(store.lastSaveProblem?.hasPrefix("The history could not be saved") == true)
    }

    @Test func observersHearEveryChange() {
        let store = SyncHistoryStore(file: Folder().historyFile, now: day(0))
        let heard = Heard()
        store.observe { heard.add($0) }
        store.record(event(.export, start: day(0), end: day(0, hours: 1), succeeded: true))
        #expect(heard.histories.last?.exports.lastSuccess == day(0, hours: 1))
    }
}

final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [SyncHistory] = []
    func add(_ history: SyncHistory) { lock.lock(); list.append(history); lock.unlock() }
    var histories: [SyncHistory] { lock.lock(); defer { lock.unlock() }; return list }
}

@Suite struct HistoryLocationTests {
    let support = URL(fileURLWithPath: "/App/Library/Application Support", isDirectory: true)

    @Test func withoutAnAppGroupTheAppsOwnContainerIsUsed() {
        let resolved = SyncHistoryLocation.resolve(appGroup: nil, groupContainer: { _ in nil }, applicationSupport: support)
        #expect(resolved.file.path == "/App/Library/Application Support/CloudKitSyncDiagnostics/history.json")
        #expect(resolved.note == nil)
    }

    @Test func anAppGroupsContainerIsUsedWhenReachable() {
        let resolved = SyncHistoryLocation.resolve(
            appGroup: "group.com.example.app",
            groupContainer: { $0 == "group.com.example.app" ? URL(fileURLWithPath: "/Shared/AppGroup/1234", isDirectory: true) : nil },
            applicationSupport: support)
        #expect(resolved.file.path == "/Shared/AppGroup/1234/Library/Application Support/CloudKitSyncDiagnostics/history.json")
        #expect(resolved.note == nil)
    }

    @Test func anUnreachableAppGroupFallsBackAndSaysSo() {
        let resolved = SyncHistoryLocation.resolve(appGroup: "group.com.example.app", groupContainer: { _ in nil }, applicationSupport: support)
        #expect(resolved.file.path == "/App/Library/Application Support/CloudKitSyncDiagnostics/history.json")
        #expect(resolved.note?.contains("App group group.com.example.app is not available to this process") == true)
    }

    /// The app records; its extension, resolving the same group, reads that history.
    @Test func theAppAndItsExtensionShareOneHistory() {
        let group = Folder()
        let resolve = { (support: String) in
            SyncHistoryLocation.resolve(
                appGroup: "group.com.example.app", groupContainer: { _ in group.url },
                applicationSupport: URL(fileURLWithPath: support))
        }
        let app = SyncHistoryStore(file: resolve("/App").file, now: day(0))
        app.record(event(.export, start: day(0), end: day(0, hours: 1), succeeded: false, error: partialFailure))
        let widget = SyncHistoryStore(file: resolve("/Widget").file, now: day(1))
        #expect(widget.history.exports.failingSince == day(0, hours: 1))
    }

    @Test func theFallbackNoteReachesTheSummary() {
        let resolved = SyncHistoryLocation.resolve(appGroup: "group.x", groupContainer: { _ in nil }, applicationSupport: Folder().url)
        let store = SyncHistoryStore(file: resolved.file, now: day(0), note: resolved.note)
        #expect(SyncSummary(history: store.history, now: day(0), timeZone: utc).warnings == [resolved.note!])
    }
}

@Suite struct OverlappingCatchUpTests {
    /// Two containers catch up at once: live events stay held until the last one ends.
    @Test func liveEventsWaitForTheLastCatchUp() {
        let store = SyncHistoryStore(file: Folder().historyFile, now: day(0))
        let live = event(.export, start: day(3), end: day(3, hours: 1), succeeded: true)
        store.catchUp { _ in
            store.catchUp { _ in
                store.record(live)
                return [event(.export, start: day(1), end: day(1, hours: 1), succeeded: false, error: partialFailure)]
            }
            #expect(store.history.exports.lastSuccess == nil, "held while the outer catch-up runs")
            return [event(.export, start: day(2), end: day(2, hours: 1), succeeded: false, error: partialFailure)]
        }
        #expect(store.history.exports.lastSuccess == day(3, hours: 1))
        #expect(!store.history.exports.isFailing)
        store.record(event(.export, start: day(4), end: day(4, hours: 1), succeeded: false, error: partialFailure))
        #expect(store.history.exports.failingSince == day(4, hours: 1))
    }
}
