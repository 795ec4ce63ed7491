import Foundation

/// One `NSPersistentCloudKitContainer.Event` as plain values. Core Data posts an event
/// twice, when it starts (no end date) and when it ends (Docs/SyncDiagnostics.md, "Events").
public struct SyncEventRecord: Codable, Equatable, Sendable {
    public var identifier: UUID
    public var activity: SyncActivity
    public var start: Date
    /// Nil while the work is in progress.
    public var end: Date?
    public var succeeded: Bool
    public var error: RenderedError?

    public init(identifier: UUID, activity: SyncActivity, start: Date, end: Date?, succeeded: Bool, error: RenderedError?) {
        self.identifier = identifier
        self.activity = activity
        self.start = start
        self.end = end
        self.succeeded = succeeded
        self.error = error
    }

    public var hasEnded: Bool { end != nil }
}
