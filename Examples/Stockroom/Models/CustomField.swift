import SwiftData

@Model
final class CustomField {
    var key: String = ""
    var value: String = ""
    var item: Item?

    init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
