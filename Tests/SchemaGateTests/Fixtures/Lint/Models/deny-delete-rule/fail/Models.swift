import SwiftData

@Model final class Vehicle {
    var make: String = ""
    @Relationship(deleteRule: .deny, inverse: \MaintenanceItem.vehicle)
    var maintenanceItems: [MaintenanceItem]? = []  // expect: deny-delete-rule

    init() {}
}

@Model final class MaintenanceItem {
    var title: String = ""
    var vehicle: Vehicle?

    init() {}
}
