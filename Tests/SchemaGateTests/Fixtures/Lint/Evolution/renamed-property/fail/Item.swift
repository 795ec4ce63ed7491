import SwiftData

@Model final class Item {
    @Attribute(originalName: "name") var title: String = ""  // expect: renamed-property

    init() {}
}
