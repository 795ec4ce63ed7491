import Foundation
import Testing
@testable import ModelSource

@Suite struct AppModelTests {
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
