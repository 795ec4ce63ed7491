import Foundation
import SwiftData

@Model final class Item {
    var entityName: String = ""  // expect: reserved-property-name
    var moveReceipt: Data?  // expect: reserved-property-name
    var name: String = ""

    init() {}
}
