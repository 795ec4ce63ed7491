import SwiftData

@Model final class Item {
    var title: String = ""
    var pair: (Int, Int) = (0, 0)  // expect: unsupported-type
    var payload: Any? = nil  // expect: unsupported-type

    init() {}
}
