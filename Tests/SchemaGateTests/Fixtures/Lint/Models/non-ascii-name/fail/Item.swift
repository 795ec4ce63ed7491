import Foundation
import SwiftData

@Model final class Café {  // expect: non-ascii-name
    var crème: String = ""  // expect: non-ascii-name
    var café: String?  // expect: non-ascii-name
    var name: String = ""

    init() {}
}
