import Foundation

/// The history in sentences a person can read on a diagnostics screen: one row per
/// activity (uploads, downloads, setup), the causes its last error names, and warnings.
public struct SyncSummary: Equatable, Sendable {
    public var activities: [ActivitySummary]
    public var warnings: [String]

    /// Upload failures "persist" from the second failure in a row, or once an hour has
    /// passed without a success: one failure can be a passing network error.
    static let persistentFailures = 2
    static let persistentInterval: TimeInterval = 3600
    /// An event that started this long ago and never ended is worth saying.
    static let unfinishedInterval: TimeInterval = 3600

    public init(history: SyncHistory, now: Date, timeZone: TimeZone) {
        let text = DateText(now: now, timeZone: timeZone)
        activities = SyncActivity.displayOrder.map { ActivitySummary($0, history[$0], recordingSince: history.recordingSince, text: text) }
        warnings = Self.warnings(history, now: now, text: text)
    }

    public func activity(_ activity: SyncActivity) -> ActivitySummary {
        activities.first { $0.activity == activity }!
    }

    private static func warnings(_ history: SyncHistory, now: Date, text: DateText) -> [String] {
        var warnings: [String] = []
        let uploads = history.exports
        if let since = uploads.failingSince,
           uploads.failuresInStreak >= persistentFailures || now.timeIntervalSince(since) >= persistentInterval {
            let last = uploads.lastSuccess.map { "after the last successful upload (\(text.moment($0)))" } ?? "since this history began"
            warnings.append("Uploads have failed for \(text.span(since: since)) (\(uploads.failuresInStreak) attempt\(uploads.failuresInStreak == 1 ? "" : "s")): changes made on this device \(last) are not confirmed in iCloud.")
        }
        for activity in SyncActivity.displayOrder {
            if let open = history[activity].unfinished, now.timeIntervalSince(open.start) >= unfinishedInterval {
                warnings.append("\(activity.title): an event started \(text.moment(open.start)) and never reported an end (the app may have quit while it ran).")
            }
        }
        if let note = history.locationNote { warnings.append(note) }
        if let reason = history.resetReason { warnings.append(reason) }
        if let problem = history.catchUpProblem { warnings.append(problem) }
        return warnings
    }
}

/// One activity's row.
public struct ActivitySummary: Equatable, Sendable {
    public enum State: String, Sendable {
        case noEvents, succeeding, failing, unknown
    }

    public var activity: SyncActivity
    public var state: State
    /// The row's value: `Failing since 13 Oct · CKErrorDomain 2`.
    public var status: String
    /// `Last success 12 Oct 09:15`, or that none is recorded and since when.
    public var lastSuccess: String
    /// The summary sentence: `Uploads failing since 13 Oct (6 days): CKErrorDomain 2 partialFailure, no per-record errors`.
    public var sentence: String
    /// The causes the last error names (empty when not failing).
    public var causes: [SyncCause]

    init(_ activity: SyncActivity, _ history: ActivityHistory, recordingSince: Date?, text: DateText) {
        self.activity = activity
        let recording = recordingSince.map { " since \(text.day($0))" } ?? ""
        lastSuccess = history.lastSuccess.map { "Last success \(text.moment($0))" } ?? "No success recorded\(recording)"
        if let since = history.failingSince {
            let error = history.lastError
            state = .failing
            status = "Failing since \(text.day(since))" + (error.map { " · \($0.domain) \($0.code)" } ?? "")
            sentence = "\(activity.title) failing since \(text.day(since)) (\(text.span(since: since))): "
                + (error?.brief ?? "no error attached")
            causes = error.map(SyncCause.causes) ?? []
        } else if let success = history.lastSuccess {
            state = .succeeding
            status = "OK · \(text.moment(success))"
            sentence = "\(activity.title) succeeding: last success \(text.moment(success))"
            causes = []
        } else if history.hasEvents {
            state = .unknown
            status = "Started, no end recorded"
            sentence = "\(activity.title): started \(history.lastStart.map(text.moment) ?? "") and no end recorded yet"
            causes = []
        } else {
            state = .noEvents
            status = "No event recorded"
            sentence = "\(activity.title): no event recorded\(recording)"
            causes = []
        }
    }
}
