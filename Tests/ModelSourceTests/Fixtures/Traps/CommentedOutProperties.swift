import Foundation
import SwiftData

// Trap: properties commented out in every style.
@Model final class Bookmark {
    var url: String = ""
    // var title: String = ""
    /* var note: String? */
    /*
     @Relationship(deleteRule: .cascade) var folder: Folder?
     var /* nested */ hidden: Int = 0
     */
    var createdAt: Date = .now

    init() {}
}
