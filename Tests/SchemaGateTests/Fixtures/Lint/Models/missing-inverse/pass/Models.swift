import SwiftData

@Model final class Place {
    var name: String = ""
    @Relationship(inverse: \Trip.origin) var departures: [Trip]? = []
    @Relationship(inverse: \Trip.destination)
    var arrivals: [Trip]? = []

    init() {}
}

@Model final class Trip {
    var origin: Place?
    var destination: Place?
    var driver: Driver?

    init() {}
}

@Model final class Driver {
    var name: String = ""
    // The only relationship back to Trip: SwiftData infers the pair.
    var trips: [Trip]? = []

    init() {}
}
