import Foundation

/// Where the history file lives: in the app group's container when the app names one (so
/// the app and its extensions read one history), else in the app's Application Support.
public enum SyncHistoryLocation {
    public static let folderName = "CloudKitSyncDiagnostics"
    public static let fileName = "history.json"

    public struct Resolved: Equatable, Sendable {
        public var file: URL
        /// Set when the app group was asked for and this process cannot reach it.
        public var note: String?
    }

    /// - Parameters:
    ///   - appGroup: the app group identifier, or nil.
    ///   - groupContainer: the group's container for this process (`FileManager`'s
    ///     `containerURL(forSecurityApplicationGroupIdentifier:)`), nil when the process
    ///     lacks the entitlement.
    ///   - applicationSupport: the app's own Application Support folder.
    public static func resolve(
        appGroup: String?, groupContainer: (String) -> URL?, applicationSupport: URL
    ) -> Resolved {
        func file(in base: URL) -> URL {
            base.appendingPathComponent(folderName, isDirectory: true).appendingPathComponent(fileName)
        }
        guard let appGroup else { return Resolved(file: file(in: applicationSupport), note: nil) }
        if let container = groupContainer(appGroup) {
            return Resolved(file: file(in: container.appendingPathComponent("Library/Application Support", isDirectory: true)), note: nil)
        }
        return Resolved(
            file: file(in: applicationSupport),
            note: "App group \(appGroup) is not available to this process (its entitlement is missing), so the history is kept in the app's own container, where the app's extensions cannot read it.")
    }
}
