import SwiftData

@Model final class Vehicle {
    var make: String = ""
    @Relationship(deleteRule: .cascade, inverse: \MaintenanceItem.vehicle)
    var maintenanceItems: [MaintenanceItem]? = []

    init() {}
}

@Model final class MaintenanceItem {
    var title: String = ""
    var vehicle: Vehicle?

    init() {}
}
