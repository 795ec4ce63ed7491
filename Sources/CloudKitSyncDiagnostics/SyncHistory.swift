import Foundation

/// The history of every activity, the value the store keeps on disk.
public struct SyncHistory: Codable, Equatable, Sendable {
    /// The file layout; a file of another version is set aside, not misread.
    public static let formatVersion = 1
    public var version: Int = SyncHistory.formatVersion
    public var setup = ActivityHistory()
    public var imports = ActivityHistory()
    public var exports = ActivityHistory()
    /// When this history began (the first launch that recorded, or the day a damaged file
    /// was set aside), so "no failure recorded" is read against how long it has watched.
    public var recordingSince: Date?
    /// Why an earlier history was not kept, when it was not.
    public var resetReason: String?
    /// Set at every launch when the history cannot live where it was asked to (an app
    /// group this process cannot reach).
    public var locationNote: String?
    /// Why the last catch-up could not read the events from before the app observed.
    public var catchUpProblem: String?

    public init(recordingSince: Date? = nil) {
        self.recordingSince = recordingSince
    }

    public subscript(activity: SyncActivity) -> ActivityHistory {
        get {
            switch activity {
            case .setup: return setup
            case .import: return imports
            case .export: return exports
            }
        }
        set {
            switch activity {
            case .setup: setup = newValue
            case .import: imports = newValue
            case .export: exports = newValue
            }
        }
    }

    /// Applies events in the order they ended (unfinished ones by their start), so a batch
    /// from the event request and the live notifications give one history.
    public mutating func apply(_ events: [SyncEventRecord]) {
        for event in events.sorted(by: Self.chronologically) { self[event.activity].apply(event) }
    }

    public mutating func apply(_ event: SyncEventRecord) { self[event.activity].apply(event) }

    /// The date to ask the event request from: the oldest of the activities' newest
    /// finished events, or nil (ask for everything) when none is known. Events from before
    /// it were applied when the first catch-up fetched them all.
    public var catchUpDate: Date? {
        SyncActivity.allCases.compactMap { self[$0].newestEnd }.min()
    }

    static func chronologically(_ a: SyncEventRecord, _ b: SyncEventRecord) -> Bool {
        (a.end ?? a.start, a.start) < (b.end ?? b.start, b.start)
    }
}
