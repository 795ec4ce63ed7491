import Foundation
import SwiftData

/// A trip planner's model: a Codable struct, a String-backed enum and a plain Codable
/// enum (with an associated value), next to ordinary attributes.
@Model
final class Trip {
    var id: UUID = UUID()
    var title: String = ""
    var startsAt: Date = Date()
    var budget: Double = 0
    var destination: Place = Place(name: "", latitude: 0, longitude: 0)
    var pace: Pace = Pace.relaxed
    var status: Status = Status.planned
    var stops: [Stop]? = []

    @Transient var isExpanded: Bool = false

    init(title: String) {
        self.title = title
    }

    var nights: Int { 0 }
}

@Model
final class Stop {
    var name: String = ""
    var arrival: Date?
    var trip: Trip?

    init(name: String) {
        self.name = name
    }
}

struct Place: Codable {
    var name: String
    var latitude: Double
    var longitude: Double
}

enum Pace: String, Codable {
    case relaxed, brisk
}

enum Status: Codable {
    case planned
    case cancelled(reason: String)
}
