import Foundation
import SwiftData

/// Hardly anyone saves a search, so no record of this type ever synced from a debug build.
@Model
final class SavedSearch {
    var query: String = ""
    var tagNames: [String] = []
    var sortKey: String = "name"
    var createdAt: Date = Date()

    init(query: String) {
        self.query = query
    }
}
