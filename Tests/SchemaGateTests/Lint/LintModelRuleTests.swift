import ModelSource
import Testing
@testable import SchemaGate

/// Model rules over AppModel values built in the test (the reader-based fixtures are in
/// LintFixtureTests). Each rule: a model that breaks it (id and line asserted) and one that does not.
@Suite struct LintModelRuleTests {
    static let file = "Models/Item.swift"

    func model(_ entities: Entity...) -> AppModel { AppModel(entities: entities) }

    @Test func requiredAttribute() {
        let broken = model(Entity(name: "Item", file: Self.file, line: 3, attributes: [
            attribute("title", "String", defaulted: false, line: 4),
            attribute("notes", "String?", optional: true, defaulted: false, line: 5),
            attribute("count", "Int", defaulted: true, line: 6),
        ]))
        let findings = lint(RequiredAttributeRule(), broken)
        #expect(places(findings) == ["required-attribute@4"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.recordType == "CD_Item" && findings.first?.field == "CD_title")
        #expect(findings.first?.file == Self.file)
        let fixed = model(Entity(name: "Item", file: Self.file, line: 3, attributes: [attribute("title", "String", line: 4)]))
        #expect(lint(RequiredAttributeRule(), fixed).isEmpty)
    }

    @Test func uniqueConstraintOnAttributeAndMacro() {
        let broken = model(Entity(
            name: "Item", file: Self.file, line: 3, attributes: [attribute("code", "String", unique: true, line: 5)],
            uniqueConstraints: [["code", "owner"]]))
        #expect(places(lint(UniqueConstraintRule(), broken)) == ["unique-constraint@3", "unique-constraint@5"])
        let fixed = model(Entity(name: "Item", file: Self.file, line: 3, attributes: [attribute("code", "String", line: 5)]))
        #expect(lint(UniqueConstraintRule(), fixed).isEmpty)
    }

    @Test func requiredRelationship() {
        let broken = model(
            Entity(name: "Item", file: Self.file, line: 1, relationships: [
                relation("owner", to: "Owner", optional: false, inverse: "items", line: 2),
                relation("tags", to: "Tag", many: true, optional: false, line: 3),  // SwiftData array: other rule
            ]),
            Entity(name: "Owner", file: "Owner.xcdatamodeld/Owner.xcdatamodel/contents", line: 5, relationships: [
                relation("items", to: "Item", many: true, optional: false, line: 7),  // Core Data: this rule
            ]))
        // Ordered by file, then line.
        #expect(places(lint(RequiredRelationshipRule(), broken)) == ["required-relationship@2", "required-relationship@7"])
        let fixed = model(Entity(name: "Item", file: Self.file, line: 1, relationships: [relation("owner", to: "Owner", line: 2)]))
        #expect(lint(RequiredRelationshipRule(), fixed).isEmpty)
    }

    @Test func nonOptionalToManyIsAWarning() {
        let broken = model(Entity(name: "Item", file: Self.file, line: 1, relationships: [
            relation("tags", to: "Tag", many: true, optional: false, line: 3),
        ]))
        let findings = lint(NonOptionalToManyRule(), broken)
        #expect(places(findings) == ["non-optional-to-many@3"])
        #expect(findings.first?.severity == .warning)
        let fixed = model(Entity(name: "Item", file: Self.file, line: 1, relationships: [relation("tags", to: "Tag", many: true, line: 3)]))
        #expect(lint(NonOptionalToManyRule(), fixed).isEmpty)
    }

    @Test func missingInverseWhenNothingPointsBack() {
        let broken = model(
            Entity(name: "Item", file: Self.file, line: 1, relationships: [relation("owner", to: "Owner", line: 2)]),
            Entity(name: "Owner", file: "Owner.swift", line: 1))
        let findings = lint(MissingInverseRule(), broken)
        #expect(places(findings) == ["missing-inverse@2"])
        #expect(findings.first?.message.contains("Owner has no relationship back to Item") == true)
    }

    @Test func inverseInferredFromTheOnlyRelationshipBack() {
        let inferred = model(
            Entity(name: "Item", file: Self.file, line: 1, relationships: [relation("owner", to: "Owner", line: 2)]),
            Entity(name: "Owner", file: "Owner.swift", line: 1, relationships: [relation("items", to: "Item", many: true, line: 2)]))
        #expect(lint(MissingInverseRule(), inferred).isEmpty)
    }

    @Test func declaredInverseOnTheOtherSideCounts() {
        let declared = model(
            Entity(name: "Vehicle", file: "Vehicle.swift", line: 1, relationships: [
                relation("maintenanceItems", to: "MaintenanceItem", many: true, inverse: "vehicle", line: 3),
            ]),
            Entity(name: "MaintenanceItem", file: "Item.swift", line: 1, relationships: [relation("vehicle", to: "Vehicle", line: 2)]))
        #expect(lint(MissingInverseRule(), declared).isEmpty)
    }

    @Test func ambiguousInverseCannotBeInferred() {
        let ambiguous = model(
            Entity(name: "Trip", file: "Trip.swift", line: 1, relationships: [
                relation("origin", to: "Place", line: 2), relation("destination", to: "Place", line: 3),
            ]),
            Entity(name: "Place", file: "Place.swift", line: 1, relationships: [
                relation("departures", to: "Trip", many: true, line: 2), relation("arrivals", to: "Trip", many: true, line: 3),
            ]))
        #expect(places(lint(MissingInverseRule(), ambiguous)) == [
            "missing-inverse@2", "missing-inverse@3", "missing-inverse@2", "missing-inverse@3",
        ])
        let paired = model(
            Entity(name: "Trip", file: "Trip.swift", line: 1, relationships: [
                relation("origin", to: "Place", inverse: "departures", line: 2),
                relation("destination", to: "Place", inverse: "arrivals", line: 3),
            ]),
            Entity(name: "Place", file: "Place.swift", line: 1, relationships: [
                relation("departures", to: "Trip", many: true, line: 2), relation("arrivals", to: "Trip", many: true, line: 3),
            ]))
        #expect(lint(MissingInverseRule(), paired).isEmpty)
    }

    @Test func declaredInverseThatDoesNotExist() {
        let broken = model(
            Entity(name: "Item", file: Self.file, line: 1, relationships: [relation("owner", to: "Owner", inverse: "things", line: 2)]),
            Entity(name: "Owner", file: "Owner.swift", line: 1, relationships: [relation("items", to: "Item", many: true, line: 2)]))
        let findings = lint(MissingInverseRule(), broken)
        #expect(findings.map { "\($0.file!):\($0.line!)" } == ["Models/Item.swift:2", "Owner.swift:2"])
        #expect(findings[0].message.contains("its declared inverse Owner.things does not exist"))
        // Owner.items is not claimed by anything either.
        #expect(findings[1].message.contains("Item has no relationship back to Owner"))
    }

    @Test func coreDataDoesNotInferInverses() {
        let file = "M.xcdatamodeld/M.xcdatamodel/contents"
        let broken = model(
            Entity(name: "Item", file: file, line: 3, relationships: [relation("owner", to: "Owner", line: 4)]),
            Entity(name: "Owner", file: file, line: 6, relationships: [relation("items", to: "Item", many: true, line: 7)]))
        #expect(places(lint(MissingInverseRule(), broken)) == ["missing-inverse@4", "missing-inverse@7"])
    }

    @Test func selfRelationshipPairIsInferred() {
        let tree = model(Entity(name: "Node", file: "Node.swift", line: 1, relationships: [
            relation("parent", to: "Node", line: 2), relation("children", to: "Node", many: true, line: 3),
        ]))
        #expect(lint(MissingInverseRule(), tree).isEmpty)
    }

    @Test func unknownDestinationIsNotReported() {
        // Linting one staged file: the destination model is not among those read.
        let partial = model(Entity(name: "Item", file: Self.file, line: 1, relationships: [relation("owner", to: "Owner", line: 2)]))
        #expect(lint(MissingInverseRule(), partial).isEmpty)
    }

    @Test func denyDeleteRule() {
        let broken = model(Entity(name: "Item", file: Self.file, line: 1, relationships: [
            relation("tags", to: "Tag", many: true, deleteRule: .deny, line: 4),
        ]))
        #expect(places(lint(DenyDeleteRuleRule(), broken)) == ["deny-delete-rule@4"])
        let fixed = model(Entity(name: "Item", file: Self.file, line: 1, relationships: [
            relation("tags", to: "Tag", many: true, deleteRule: .cascade, line: 4),
        ]))
        #expect(lint(DenyDeleteRuleRule(), fixed).isEmpty)
    }

    @Test func orderedRelationship() {
        let file = "M.xcdatamodeld/M.xcdatamodel/contents"
        let broken = model(Entity(name: "List", file: file, line: 3, relationships: [
            relation("entries", to: "Entry", many: true, ordered: true, line: 5),
        ]))
        #expect(places(lint(OrderedRelationshipRule(), broken)) == ["ordered-relationship@5"])
        let fixed = model(Entity(name: "List", file: file, line: 3, relationships: [relation("entries", to: "Entry", many: true, line: 5)]))
        #expect(lint(OrderedRelationshipRule(), fixed).isEmpty)
    }

    @Test func reservedPropertyNames() {
        let broken = model(Entity(
            name: "Item", file: Self.file, line: 1,
            attributes: [attribute("entityName", "String", line: 2), attribute("name", "String", line: 3)],
            relationships: [relation("moveReceipt", to: "Receipt", line: 4)]))
        let findings = lint(ReservedPropertyNameRule(), broken)
        #expect(places(findings) == ["reserved-property-name@2", "reserved-property-name@4"])
        #expect(findings.map(\.field) == ["CD_entityName", "CD_moveReceipt"])
        let fixed = model(Entity(name: "Item", file: Self.file, line: 1, attributes: [attribute("kindName", "String", line: 2)]))
        #expect(lint(ReservedPropertyNameRule(), fixed).isEmpty)
    }

    @Test func unsupportedTypes() {
        let broken = model(Entity(name: "Item", file: Self.file, line: 1, attributes: [
            attribute("callback", "(() -> Void)?", line: 2),
            attribute("pair", "Int, String", line: 3),
            attribute("payload", "Any?", line: 4),
            attribute("shape", "any Shape", line: 5),
            attribute("kind", "Item.Type", line: 6),
            attribute("blob", "Undefined", line: 7),
        ]))
        #expect(places(lint(UnsupportedTypeRule(), broken)) == (2...7).map { "unsupported-type@\($0)" })
        let fixed = model(Entity(name: "Item", file: Self.file, line: 1, attributes: [
            attribute("tags", "[String]", line: 2), attribute("kind", "Kind", line: 3), attribute("anyCount", "Int", line: 4),
            attribute("created", "Foundation.Date?", line: 5), attribute("size", "Optional<Double>", line: 6),
            attribute("unknown", nil, line: 7), attribute("map", "Dictionary<String, Int>", line: 8),
        ]))
        #expect(lint(UnsupportedTypeRule(), fixed).isEmpty)
    }

    @Test func subEntitiesReportTheRootRecordType() {
        let model = model(
            Entity(name: "Animal", file: Self.file, line: 1),
            Entity(name: "Dog", file: Self.file, line: 5, parent: "Animal", attributes: [attribute("name", "String", defaulted: false, line: 6)]))
        #expect(lint(RequiredAttributeRule(), model).first?.recordType == "CD_Animal")
    }
}
