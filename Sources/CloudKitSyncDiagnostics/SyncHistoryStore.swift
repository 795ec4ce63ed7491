import Foundation

/// The history, kept in a JSON file and saved after every event, so it survives launches
/// (and a crash after the event). Thread-safe: Core Data posts events on its own queue.
///
/// While a catch-up runs (the event request fetching what happened before the app
/// observed), live events are held, then applied with the fetched ones in the order they
/// ended: an older event fetched late never rewrites a newer streak.
public final class SyncHistoryStore: @unchecked Sendable {
    public let file: URL
    private let lock = NSLock()
    private var state: SyncHistory
    /// Live events held while catch-ups run, and how many run.
    private var held: [SyncEventRecord] = []
    private var catchUps = 0
    private var saveProblem: String?
    private var observers: [@Sendable (SyncHistory) -> Void] = []

    /// Reads the file; a missing file starts a history, an unreadable one is set aside
    /// (`<name>.unreadable`) and the new history says so.
    public init(file: URL, now: Date = Date(), note: String? = nil) {
        self.file = file
        state = Self.load(file, now: now)
        state.locationNote = note
    }

    public var history: SyncHistory { locked { state } }

    /// Why the last save failed, if it did (shown by the view; events are still kept in memory).
    public var lastSaveProblem: String? { locked { saveProblem } }

    /// Called (on the recording thread) after each change.
    public func observe(_ observer: @escaping @Sendable (SyncHistory) -> Void) {
        locked { observers.append(observer) }
    }

    /// Records a live event (held while a catch-up runs).
    public func record(_ event: SyncEventRecord) {
        let changed: SyncHistory? = locked {
            if catchUps > 0 {
                held.append(event)
                return nil
            }
            state.apply(event)
            return state
        }
        if let changed { saved(changed) }
    }

    /// Runs `fetch` (the event request, from `history.catchUpDate`) holding live events,
    /// then applies both in order (the held ones when the last of overlapping catch-ups
    /// ends). A failing fetch is noted in the history.
    public func catchUp(_ fetch: (Date?) throws -> [SyncEventRecord]) {
        let since: Date? = locked {
            catchUps += 1
            return state.catchUpDate
        }
        var fetched: [SyncEventRecord] = []
        var problem: String?
        do { fetched = try fetch(since) } catch { problem = "Earlier events could not be read (\(ErrorRenderer.plain.render(error).brief)); the history shows what was seen live." }
        let changed: SyncHistory = locked {
            catchUps -= 1
            var events = fetched
            if catchUps == 0 {
                events += held
                held = []
            }
            state.apply(events)
            state.catchUpProblem = problem
            return state
        }
        saved(changed)
    }

    private func saved(_ history: SyncHistory) {
        var problem: String?
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.encoder.encode(history).write(to: file, options: .atomic)
        } catch {
            problem = "The history could not be saved to \(file.path): \(error.localizedDescription)"
        }
        let observers: [@Sendable (SyncHistory) -> Void] = locked {
            saveProblem = problem
            return self.observers
        }
        for observer in observers { observer(history) }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func load(_ file: URL, now: Date) -> SyncHistory {
        guard let data = try? Data(contentsOf: file) else {
            if FileManager.default.fileExists(atPath: file.path) { return setAside(file, now: now, why: "it could not be read") }
            return SyncHistory(recordingSince: now)
        }
        guard let history = try? JSONDecoder().decode(SyncHistory.self, from: data) else {
            return setAside(file, now: now, why: "it is not a history this version reads")
        }
        guard history.version == SyncHistory.formatVersion else {
            return setAside(file, now: now, why: "it has format version \(history.version), not \(SyncHistory.formatVersion)")
        }
        return history
    }

    private static func setAside(_ file: URL, now: Date, why: String) -> SyncHistory {
        let aside = file.appendingPathExtension("unreadable")
        try? FileManager.default.removeItem(at: aside)
        let moved = (try? FileManager.default.moveItem(at: file, to: aside)) != nil
        var history = SyncHistory(recordingSince: now)
        history.resetReason = "The earlier history was not kept: \(why)" + (moved ? " (set aside as \(aside.lastPathComponent))." : ".")
        return history
    }
}
