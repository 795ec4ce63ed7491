import SwiftData

@Model final class Item {  // expect: removed-property
    var title: String = ""
    var details: String = ""

    init() {}
}

@Model final class Bin {  // expect: removed-property
    init() {}
}
