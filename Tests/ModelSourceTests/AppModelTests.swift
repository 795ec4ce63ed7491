import Foundation
import Testing
@testable import ModelSource

@Suite struct AppModelTests {
    /// The index lint builds once answers as the scan `entity(named:)` does: the first
    /// entity of each name (a Core Data entity and a SwiftData class may share one).
    @Test func entitiesByNameKeepTheFirstOfEachName() {
        let model = AppModel(entities: [
            Entity(name: "Item", file: "A.swift", line: 1), Entity(name: "Tag", file: "A.swift", line: 5),
            Entity(name: "Item", file: "Model.xcdatamodel/contents", line: 2),
        ])
        let byName = model.entitiesByName()
        #expect(byName.count == 2)
        for name in ["Item", "Tag", "Missing"] { #expect(byName[name] == model.entity(named: name), "\(name)") }
    }

    @Test func jsonUsesContractKeys() throws {
        let model = AppModel(entities: [
            Entity(name: "Item", file: "Item.swift", line: 3, attributes: [
                Attribute(name: "name", swiftType: "String", optional: false, hasDefault: true, line: 4),
            ]),
        ])
        let json = String(decoding: try JSONEncoder().encode(model), as: UTF8.self)
        for key in ["\"entities\"", "\"attributes\"", "\"swiftType\"", "\"hasDefault\"", "\"externalStorage\"",
                    "\"allowsCloudEncryption\"", "\"relationships\""] {
            #expect(json.contains(key), "missing \(key)")
        }
    }
}
