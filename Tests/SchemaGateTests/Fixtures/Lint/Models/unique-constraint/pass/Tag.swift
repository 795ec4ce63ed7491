import SwiftData

@Model final class Tag {
    // Uniqueness is enforced in app code (deduplicate after import): CloudKit cannot.
    @Attribute(.spotlight) var name: String = ""
    var group: String = ""

    init(name: String = "") { self.name = name }
}
