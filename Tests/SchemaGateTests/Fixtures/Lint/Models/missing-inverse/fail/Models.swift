import SwiftData

@Model final class Place {
    var name: String = ""
    var departures: [Trip]? = []  // expect: missing-inverse
    var arrivals: [Trip]? = []  // expect: missing-inverse

    init() {}
}

@Model final class Trip {
    var origin: Place?  // expect: missing-inverse
    var destination: Place?  // expect: missing-inverse
    var driver: Driver?  // expect: missing-inverse

    init() {}
}

@Model final class Driver {
    var name: String = ""

    init() {}
}
