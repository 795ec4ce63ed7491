#if canImport(CloudKit)
import CloudKit

extension ErrorRenderer {
    /// The renderer for CloudKit's errors: its per-item and retry-after keys, and items
    /// named by record name and zone.
    public static var cloudKit: ErrorRenderer {
        ErrorRenderer(partialErrorsKey: CKPartialErrorsByItemIDKey, retryAfterKey: CKErrorRetryAfterKey) { item in
            if let record = item.base as? CKRecord.ID { return "\(record.recordName) (zone \(record.zoneID.zoneName))" }
            if let zone = item.base as? CKRecordZone.ID { return "zone \(zone.zoneName)" }
            return String(describing: item.base)
        }
    }
}
#endif
