/// The three kinds of work `NSPersistentCloudKitContainer` reports events for
/// (`NSPersistentCloudKitContainer.EventType`: setup, import, export), named as a person
/// reading a diagnostics screen knows them.
public enum SyncActivity: String, Codable, CaseIterable, Sendable {
    case setup
    case `import`
    case export

    /// The row title: downloads are imports, uploads are exports.
    public var title: String {
        switch self {
        case .setup: return "Setup"
        case .import: return "Downloads"
        case .export: return "Uploads"
        }
    }

    /// Rows in the order a stalled device is diagnosed: uploads first.
    public static let displayOrder: [SyncActivity] = [.export, .import, .setup]
}
