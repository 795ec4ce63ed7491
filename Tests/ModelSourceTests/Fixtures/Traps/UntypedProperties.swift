import Foundation
import SwiftData

enum Kind: String, Codable, CaseIterable {
    case `default`, special
}

enum Mood: Codable {
    case happy, sad
}

// Trap: properties without a type annotation.
@Model final class Entry {
    var title = ""
    var tags = [String]()
    var kindRaw = Kind.default.rawValue
    var count = 0
    var ratio = 0.5
    var isPinned = false
    var createdAt = Date()
    var updatedAt = Date.now
    var id = UUID()
    var website = URL(string: "https://example.com")
    var labels = ["a", "b"]
    var mood = Mood.happy
    var scores = [String: Double]()
    var offset = -1
    var mystery = makeDefault()
    var firstKind = Kind.allCases.first

    init() {}
}

func makeDefault() -> Int { 42 }
