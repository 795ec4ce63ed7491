import SwiftData

@Model
final class Category {
    var name: String = ""
    var symbolName: String = "shippingbox"

    @Relationship(deleteRule: .nullify, inverse: \Item.category)
    var items: [Item]? = []

    init(name: String) {
        self.name = name
    }
}
