#if canImport(Darwin)
import Foundation

extension SyncHistoryStore {
    /// The store at the standard place: the app group's container when `appGroup` is given
    /// and reachable, else the app's Application Support (`SyncHistoryLocation`).
    public static func standard(appGroup: String? = nil) -> SyncHistoryStore {
        let support = (try? FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))
            ?? FileManager.default.temporaryDirectory
        let location = SyncHistoryLocation.resolve(
            appGroup: appGroup,
            groupContainer: { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) },
            applicationSupport: support)
        return SyncHistoryStore(file: location.file, note: location.note)
    }
}
#endif
