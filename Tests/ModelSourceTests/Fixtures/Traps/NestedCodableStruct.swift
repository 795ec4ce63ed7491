import Foundation
import SwiftData

// Trap: a nested Codable struct (and enum) whose properties look like model properties.
@Model
final class Recipe {
    struct Ingredient: Codable, Hashable {
        var name: String
        var quantity: Double
        var unit: String?
    }

    enum Difficulty: String, Codable {
        case easy, hard
        var label: String { rawValue.capitalized }
    }

    var name: String = ""
    var ingredients: [Ingredient] = []
    var difficulty: Difficulty = Difficulty.easy

    init() {}
}
