import SwiftData

@Model final class SavedSearch {
    var query: String = ""

    init() {}
}
