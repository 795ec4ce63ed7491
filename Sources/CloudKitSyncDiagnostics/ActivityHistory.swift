import Foundation

/// What one activity (uploads, downloads or setup) has done, kept across launches: a
/// device whose uploads stopped days ago logs nothing in between, so the last success and
/// the start of the failing streak are what tell the story.
public struct ActivityHistory: Codable, Equatable, Sendable {
    /// The start of the newest event seen.
    public var lastStart: Date?
    /// The end of the newest successful event.
    public var lastSuccess: Date?
    /// The end of the first failure since the last success (nil when not failing).
    public var failingSince: Date?
    /// Failures since the last success.
    public var failuresInStreak: Int = 0
    /// The end of the newest failure, and its error as rendered then.
    public var lastFailure: Date?
    public var lastError: RenderedError?
    /// An event that started and has not ended (yet, or ever: the app may have quit).
    public var unfinished: Unfinished?
    /// The end of the newest finished event applied: an older one arriving later does not
    /// rewrite the streak.
    var newestEnd: Date?
    /// Identifiers of the newest finished events, so an event seen twice (live and again
    /// from the event request) counts once.
    var recentIdentifiers: [UUID] = []

    public struct Unfinished: Codable, Equatable, Sendable {
        public var identifier: UUID
        public var start: Date
    }

    public init() {}

    /// Identifiers kept for de-duplication: far more than events can overlap between the
    /// live notifications and one catch-up fetch.
    static let rememberedIdentifiers = 256

    public var isFailing: Bool { failuresInStreak > 0 }
    public var hasEvents: Bool { lastStart != nil || newestEnd != nil }

    mutating func apply(_ event: SyncEventRecord) {
        guard !recentIdentifiers.contains(event.identifier) else { return }
        if lastStart.map({ event.start > $0 }) ?? true { lastStart = event.start }
        guard let end = event.end else {
            if unfinished.map({ event.start >= $0.start }) ?? true {
                unfinished = .init(identifier: event.identifier, start: event.start)
            }
            return
        }
        remember(event.identifier)
        if unfinished?.identifier == event.identifier || unfinished.map({ $0.start <= event.start }) == true {
            unfinished = nil
        }
        if let newest = newestEnd, end < newest {
            // Late: it can only move the last success later, never the streak.
            if event.succeeded, lastSuccess.map({ end > $0 }) ?? true { lastSuccess = end }
            return
        }
        newestEnd = end
        if event.succeeded {
            lastSuccess = end
            failingSince = nil
            failuresInStreak = 0
        } else {
            if failuresInStreak == 0 { failingSince = end }
            failuresInStreak += 1
            lastFailure = end
            lastError = event.error
        }
    }

    private mutating func remember(_ identifier: UUID) {
        recentIdentifiers.append(identifier)
        if recentIdentifiers.count > Self.rememberedIdentifiers {
            recentIdentifiers.removeFirst(recentIdentifiers.count - Self.rememberedIdentifiers)
        }
    }
}
