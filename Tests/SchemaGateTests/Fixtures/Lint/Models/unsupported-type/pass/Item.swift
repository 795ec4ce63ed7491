import Foundation
import SwiftData

enum Kind: String, Codable { case box, bag }
struct Size: Codable { var width = 0.0, height = 0.0 }

@Model final class Item {
    var title: String = ""
    var kind: Kind = Kind.box
    var size: Size = Size()
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var photo: Data?
    var link: URL?
    var id: UUID = UUID()

    init() {}
}
