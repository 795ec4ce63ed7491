import SwiftData

@Model final class SavedSearch {  // expect: removed-model
    var query: String = ""

    init() {}
}
