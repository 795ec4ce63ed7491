import SwiftData

@Model final class Item {
    var name: String = ""
    // A wrapper renames the API, not the stored field.
    var title: String {
        get { name }
        set { name = newValue }
    }

    init() {}
}
