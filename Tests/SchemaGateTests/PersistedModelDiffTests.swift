import ModelSource
import Testing
@testable import SchemaGate

@Suite struct PersistedModelDiffTests {
    func item(file: String = "Item.swift", line: Int = 3, attributes: [Attribute]? = nil, relationships: [Relationship] = []) -> Entity {
        Entity(name: "Item", file: file, line: line, attributes: attributes ?? [
            Attribute(name: "name", swiftType: "String", optional: false, hasDefault: true, line: line + 1),
            Attribute(name: "notes", swiftType: "String", optional: true, hasDefault: false, line: line + 2),
        ], relationships: relationships)
    }

    @Test func placeAndOrderDoNotCount() {
        let before = AppModel(entities: [item()], registeredTypes: ["Item"])
        let moved = AppModel(entities: [item(file: "Moved.swift", line: 40, attributes: item().attributes.reversed())], registeredTypes: ["Item"])
        #expect(PersistedModelDiff.differences(from: before, to: moved).isEmpty)
    }

    @Test func storedPropertyChangesCount() {
        let before = AppModel(entities: [item()])
        var attributes = item().attributes
        attributes[1].optional = false
        attributes.append(Attribute(name: "photo", swiftType: "Data", optional: true, hasDefault: false, externalStorage: true, line: 9))
        let tag = Relationship(name: "tags", destination: "Tag", toMany: true, optional: true, inverse: "items", line: 10)
        let after = AppModel(entities: [item(attributes: attributes, relationships: [tag]),
                                        Entity(name: "Tag", file: "Tag.swift", line: 1)])
        #expect(PersistedModelDiff.differences(from: before, to: after) == [
            "Item: attribute notes String? -> String",
            "Item: added attribute photo (Data?, external storage)",
            "Item: added relationship tags (to-many Tag?, inverse items, delete rule nullify)",
            "added model Tag (0 attributes, 0 relationships)",
        ])
    }

    @Test func removalsAndRegistrationCount() {
        let before = AppModel(entities: [item(), Entity(name: "Old", file: "Old.swift", line: 1)], registeredTypes: ["Item", "Old"])
        let after = AppModel(entities: [item(attributes: [item().attributes[0]])], registeredTypes: ["Item"])
        #expect(PersistedModelDiff.differences(from: before, to: after) == [
            "Item: removed attribute notes",
            "removed model Old",
            "schema registration: unregistered Old",
        ])
    }

    /// A name rewritten in another Unicode normalization reads the same but is another
    /// CloudKit field: the persisted model changed, so "touched, not changed" must not hold.
    @Test func aNameInAnotherNormalizationIsAnotherName() {
        let nfc = Attribute(name: "caf\u{E9}", swiftType: "String", optional: true, hasDefault: false, line: 4)
        var nfd = nfc
        nfd.name = "cafe\u{301}"
        let before = AppModel(entities: [item(attributes: [nfc])]), after = AppModel(entities: [item(attributes: [nfd])])
        #expect(nfc.name == nfd.name, "Swift calls them equal")
        #expect(PersistedModelDiff.differences(from: before, to: after).count == 2)
        let renamed = Entity(name: "Caf\u{E9}", file: "Item.swift", line: 1), renamedNFD = Entity(name: "Cafe\u{301}", file: "Item.swift", line: 1)
        #expect(PersistedModelDiff.differences(from: AppModel(entities: [renamed]), to: AppModel(entities: [renamedNFD])).count == 2)
    }
}
