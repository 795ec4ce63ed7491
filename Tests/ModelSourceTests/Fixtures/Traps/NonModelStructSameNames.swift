import SwiftData

// Trap: non-model types in the same file reuse the model's property names.
@Model final class Vehicle {
    var make: String = ""
    @Relationship(deleteRule: .cascade, inverse: \MaintenanceItem.vehicle)
    var maintenanceItems: [MaintenanceItem]? = []

    init(make: String = "") {
        self.make = make
    }
}

@Model final class MaintenanceItem {
    var title: String = ""
    var vehicle: Vehicle?

    init(title: String = "", vehicle: Vehicle? = nil) {
        self.title = title
        self.vehicle = vehicle
    }
}

struct VehicleInput {
    let make: String
    var maintenanceItems: [String]
    var odometer: Int = 0
}

enum VehicleMappingError: Error {
    case missingMake
}

extension Vehicle {
    var displayName: String { make.isEmpty ? "Unnamed" : make }

    func domainInput() throws -> VehicleInput {
        let value = make.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { throw VehicleMappingError.missingMake }
        return VehicleInput(make: value, maintenanceItems: [])
    }
}
