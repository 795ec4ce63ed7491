import CloudKitSchema
import ModelSource
import Testing
@testable import SchemaGate

/// What Development holds that a deploy would add to Production although no model writes it.
@Suite struct DevelopmentLeftoversTests {
    static let source = """
    enum Kind: String, Codable { case a, b }
    @Model final class Item {
        var name: String = ""
        var kind: Kind = Kind.a
        var cost: Decimal = 0
    }
    """

    static let expected = ExpectedSchema.build(from: ModelReader.read(files: [ModelSourceFile(path: "App/Models.swift", contents: Array(source.utf8))]))

    static func leftovers(adding fields: [Field], to type: String = "CD_Item", production: Schema? = nil) -> [String] {
        var development = expected.schema
        if let index = development.recordTypes.firstIndex(where: { $0.name == type }) {
            development.recordTypes[index].fields += fields
        } else {
            development.recordTypes.append(RecordType(name: type, fields: CloudKitFieldMapping.systemFields + fields))
        }
        return DevelopmentLeftovers(expected: expected, development: [development], production: production ?? expected.schema).names
    }

    @Test func whatNoModelWritesIsALeftover() {
        #expect(Self.leftovers(adding: [Field(name: "CD_barcode", type: .primitive(.string))]) == ["CD_Item.CD_barcode"])
        #expect(Self.leftovers(adding: [], to: "CD_Coupon") == ["CD_Coupon"])
        #expect(Self.leftovers(adding: [Field(name: "nickname", type: .primitive(.string))], to: "Users") == ["Users.nickname"])
    }

    /// A field the models write with another, settled type: a deploy would make that type permanent.
    @Test func aFieldOfAnotherSettledTypeIsALeftover() {
        var production = Self.expected.schema
        production.recordTypes[0].fields.removeAll { $0.name == "CD_name" }
        var development = production
        development.recordTypes[0].fields.append(Field(name: "CD_name", type: .primitive(.int64)))
        let leftovers = DevelopmentLeftovers(expected: Self.expected, development: [development], production: production)
        #expect(leftovers.items == [.field(recordType: "CD_Item", field: Field(name: "CD_name", type: .primitive(.int64)), written: .primitive(.string))])
    }

    /// Where the mapping is unverified (an enum, a Decimal), the type Development shows may be
    /// the right one, and so may the companion of a raw String value: never called a leftover.
    @Test func fieldsOfAnUnsettledMappingAreNotLeftovers() {
        var production = Self.expected.schema
        production.recordTypes[0].fields.removeAll { ["CD_kind", "CD_cost"].contains($0.name) }
        var development = production
        development.recordTypes[0].fields += [
            Field(name: "CD_kind", type: .primitive(.string)), Field(name: "CD_kind_ckAsset", type: .primitive(.asset)),
            Field(name: "CD_cost", type: .primitive(.int64)),
        ]
        #expect(DevelopmentLeftovers(expected: Self.expected, development: [development], production: production).items.isEmpty)
    }

    /// A record type the models write that Production lacks carries its unwritten fields;
    /// its system fields are CloudKit's.
    @Test func aNewRecordTypeCarriesItsUnwrittenFields() {
        var production = Self.expected.schema
        production.recordTypes.removeAll { $0.name == "CD_Item" }
        var development = Self.expected.schema
        development.recordTypes[0].fields.append(Field(name: "CD_barcode", type: .primitive(.string)))
        #expect(DevelopmentLeftovers(expected: Self.expected, development: [development], production: production).names == ["CD_Item.CD_barcode"])
    }
}
