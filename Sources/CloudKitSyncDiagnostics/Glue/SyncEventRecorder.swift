#if canImport(CoreData) && canImport(CloudKit)
import CoreData
import Foundation

/// Records every `NSPersistentCloudKitContainer` event into a `SyncHistoryStore`. SwiftData
/// builds such a container itself and never hands it out; its events are posted all the
/// same, with that container as the notification's object, and that object answers the
/// event request for what happened before the app observed (Docs/SyncDiagnostics.md,
/// "Events"). So `start()` observes every container and catches up from the first one
/// that posts.
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
public final class SyncEventRecorder: @unchecked Sendable {
    public let store: SyncHistoryStore
    private let renderer: ErrorRenderer
    private let lock = NSLock()
    private var observation: (any NSObjectProtocol)?
    private var caughtUp: Set<ObjectIdentifier> = []

    public init(store: SyncHistoryStore, renderer: ErrorRenderer = .cloudKit) {
        self.store = store
        self.renderer = renderer
    }

    deinit {
        if let observation { NotificationCenter.default.removeObserver(observation) }
    }

    /// Observes `container`'s events (a Core Data app's own container, caught up at once),
    /// or every container's when nil (SwiftData).
    public func start(container: NSPersistentCloudKitContainer? = nil) {
        let observation = NotificationCenter.default.addObserver(
            forName: NSPersistentCloudKitContainer.eventChangedNotification, object: container, queue: nil
        ) { [weak self] notification in
            self?.received(notification)
        }
        lock.lock()
        self.observation = observation
        lock.unlock()
        if let container { catchUpOnce(with: container) }
    }

    private func received(_ notification: Notification) {
        // Posted on Core Data's own queue: read the event there, record plain values.
        guard let event = notification.userInfo?[NSPersistentCloudKitContainer.eventNotificationUserInfoKey]
            as? NSPersistentCloudKitContainer.Event else { return }
        if let container = notification.object as? NSPersistentCloudKitContainer { catchUpOnce(with: container) }
        if let record = Self.record(event, renderer) { store.record(record) }
    }

    private func catchUpOnce(with container: NSPersistentCloudKitContainer) {
        lock.lock()
        let first = caughtUp.insert(ObjectIdentifier(container)).inserted
        lock.unlock()
        guard first else { return }
        // Not on the posting queue: the fetch goes through the same store.
        let box = ContainerBox(container: container)
        DispatchQueue.global(qos: .utility).async { [store, renderer] in
            store.catchUp { since in try Self.events(in: box.container, after: since).compactMap { Self.record($0, renderer) } }
        }
    }

    /// `NSPersistentCloudKitContainerEventRequest` on a background context of the container.
    static func events(in container: NSPersistentCloudKitContainer, after date: Date?) throws -> [NSPersistentCloudKitContainer.Event] {
        let request = NSPersistentCloudKitContainerEventRequest.fetchEvents(after: date ?? .distantPast)
        request.resultType = .events
        let context = container.newBackgroundContext()
        var outcome: Result<[NSPersistentCloudKitContainer.Event], any Error> = .success([])
        context.performAndWait {
            do {
                let result = try context.execute(request) as? NSPersistentCloudKitContainerEventResult
                outcome = .success(result?.result as? [NSPersistentCloudKitContainer.Event] ?? [])
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome.get()
    }

    static func record(_ event: NSPersistentCloudKitContainer.Event, _ renderer: ErrorRenderer) -> SyncEventRecord? {
        let activity: SyncActivity
        switch event.type {
        case .setup: activity = .setup
        case .import: activity = .import
        case .export: activity = .export
        @unknown default: return nil
        }
        return SyncEventRecord(
            identifier: event.identifier, activity: activity, start: event.startDate, end: event.endDate,
            succeeded: event.succeeded, error: event.error.map(renderer.render))
    }
}

/// The container crosses to the catch-up queue only to make a background context there,
/// which `NSPersistentContainer` allows from any thread.
private struct ContainerBox: @unchecked Sendable {
    let container: NSPersistentCloudKitContainer
}
#endif
