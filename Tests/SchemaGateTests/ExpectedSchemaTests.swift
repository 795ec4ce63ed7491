import CloudKitSchema
import Foundation
import ModelSource
import Testing
@testable import SchemaGate

/// The model -> CloudKit mapping of Docs/CloudKitMapping.md, rule by rule.
@Suite struct ExpectedSchemaTests {
    static func model(_ sources: [String: String]) -> AppModel {
        ModelReader.read(files: sources.map { ModelSourceFile(path: $0.key, contents: Array($0.value.utf8)) })
    }

    static func expected(_ source: String, options: ExpectedSchemaOptions = .default) -> ExpectedSchema {
        ExpectedSchema.build(from: model(["Models.swift": source]), options: options)
    }

    /// `field name -> type` of one record type.
    static func fields(_ expected: ExpectedSchema, _ type: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (expected.schema.recordType(named: type)?.fields ?? [])
            .filter { !$0.isSystemField }.map { ($0.name, $0.type.description) })
    }

    @Test func eachSwiftTypeMapsToItsFieldAndCompanion() {
        let expected = Self.expected("""
        enum Kind: String, Codable { case a, b }
        struct Size: Codable { var width = 0.0 }
        @Model final class Thing {
            var flag: Bool = false
            var count: Int = 0
            var small: Int16 = 0
            var ratio: Double = 0
            var weight: Float = 0
            var price: Decimal = 0
            var when: Date = Date()
            var title: String = ""
            var id: UUID = UUID()
            var link: URL?
            var blob: Data?
            var kind: Kind = Kind.a
            var size: Size?
            var names: [String] = []
            var lookup: [String: Int] = [:]
            @Transient var scratch: String = ""
            var computed: String { title }
            init() {}
        }
        """)
        #expect(Self.fields(expected, "CD_Thing") == [
            "CD_entityName": "STRING", "CD_moveReceipt": "BYTES", "CD_moveReceipt_ckAsset": "ASSET",
            "CD_flag": "INT64", "CD_count": "INT64", "CD_small": "INT64", "CD_ratio": "DOUBLE", "CD_weight": "DOUBLE",
            "CD_price": "DOUBLE", "CD_when": "TIMESTAMP",
            "CD_title": "STRING", "CD_title_ckAsset": "ASSET", "CD_id": "STRING",
            "CD_link": "STRING", "CD_link_ckAsset": "ASSET",
            "CD_blob": "BYTES", "CD_blob_ckAsset": "ASSET", "CD_kind": "BYTES",
            "CD_size": "BYTES", "CD_names": "BYTES", "CD_names_ckAsset": "ASSET",
            "CD_lookup": "BYTES", "CD_lookup_ckAsset": "ASSET",
        ])
        let severity = { (field: String) in expected.expectation(recordType: "CD_Thing", field: field)?.severity }
        #expect(severity("CD_title_ckAsset") == .warning, "String companion")
        #expect(severity("CD_link_ckAsset") == .warning, "URL companion")
        #expect(severity("CD_blob_ckAsset") == .error, "Data companion")
        #expect(severity("CD_names_ckAsset") == .warning, "a collection's companion is unverified: never an error")
        #expect(severity("CD_moveReceipt") == .warning && severity("CD_moveReceipt_ckAsset") == .warning)
        #expect(severity("CD_entityName") == .error && severity("CD_count") == .error)
        #expect(expected.expectation(recordType: "CD_Thing")?.severity == .error)
    }

    @Test func indexesAndSystemFieldsAsADevelopmentExportShowsThem() throws {
        let expected = Self.expected("@Model final class A {\n var name: String = \"\"\n var n: Int = 0\n @Attribute(.allowsCloudEncryption) var secret: String?\n}")
        let type = try #require(expected.schema.recordType(named: "CD_A"))
        #expect(type.field(named: "CD_name")?.options == [.queryable, .searchable, .sortable])
        #expect(type.field(named: "CD_n")?.options == [.queryable, .sortable])
        #expect(type.field(named: "CD_name_ckAsset")?.options == [])
        #expect(type.field(named: "CD_secret")?.type == .primitive(.encrypted(.string)))
        #expect(type.field(named: "CD_secret")?.options == [], "encrypted fields cannot be indexed")
        #expect(type.field(named: "CD_secret_ckAsset")?.type == .primitive(.asset))
        #expect(type.fields.filter(\.isSystemField).map(\.name) == CloudKitFieldMapping.systemFields.map(\.name))
        #expect(type.permissionsByRole == ["_creator": .write, "_icloud": .create, "_world": .read])
        #expect(expected.schema.recordType(named: "Users")?.field(named: "roles")?.type == .list(.int64))
    }

    @Test func relationshipsToOneAsStringToManyAsNothingManyToManyAsCDMR() throws {
        let source = """
        @Model final class Item {
            var bin: Bin?
            @Relationship(inverse: \\Tag.items) var tags: [Tag]? = []
        }
        @Model final class Bin {
            @Relationship(inverse: \\Item.bin) var items: [Item]? = []
        }
        @Model final class Tag {
            var items: [Item]? = []
        }
        """
        let expected = Self.expected(source)
        #expect(Self.fields(expected, "CD_Item")["CD_bin"] == "STRING")
        #expect(Self.fields(expected, "CD_Item")["CD_bin_ckAsset"] == nil)
        #expect(Self.fields(expected, "CD_Item")["CD_tags"] == nil)
        #expect(Self.fields(expected, "CD_Bin")["CD_items"] == nil)
        #expect(Self.fields(expected, "CDMR") == ["CD_entityNames": "STRING", "CD_recordNames": "STRING", "CD_relationships": "STRING"])
        let join = try #require(expected.expectation(recordType: "CDMR"))
        #expect(join.line == 3 && join.file == "Models.swift")
        // Without a many-to-many there is no CDMR.
        let plain = Self.expected("@Model final class A { var b: B? }\n@Model final class B { var a: [A]? = [] }")
        #expect(plain.schema.recordType(named: "CDMR") == nil)
        // Inverses SwiftData infers (declared on neither side) still make a many-to-many.
        let inferred = Self.expected("@Model final class A { var bs: [B]? = [] }\n@Model final class B { var alphas: [A]? = [] }")
        #expect(inferred.schema.recordType(named: "CDMR") != nil)
    }

    @Test func subEntitiesShareTheirRootsRecordType() throws {
        let expected = Self.expected("@Model class Animal {\n var name: String = \"\"\n}\n@Model final class Dog: Animal {\n var breed: String?\n}")
        #expect(expected.schema.recordTypes.map(\.name) == ["CD_Animal", "Users"])
        #expect(Self.fields(expected, "CD_Animal")["CD_breed"] == "STRING")
        #expect(expected.expectation(recordType: "CD_Animal", field: "CD_breed")?.line == 5)
    }

    @Test func coreDataModelsMapTheSameWay() {
        let xml = """
        <model>
            <entity name="Asset" isAbstract="YES"><attribute name="createdAt" optional="YES" attributeType="Date"/></entity>
            <entity name="Photo" parentEntity="Asset"><attribute name="image" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/></entity>
            <entity name="Note"><attribute name="count" attributeType="Integer 32" defaultValueString="0"/><attribute name="flag" attributeType="Boolean" optional="YES"/></entity>
        </model>
        """
        let model = Self.model(["App.xcdatamodel/contents": xml])
        let expected = ExpectedSchema.build(from: model)
        #expect(Self.fields(expected, "CD_Asset")["CD_image_ckAsset"] == "ASSET")
        #expect(Self.fields(expected, "CD_Note")["CD_count"] == "INT64")
        #expect(Self.fields(expected, "CD_Note")["CD_flag"] == "INT64")
        #expect(expected.schema.recordType(named: "CD_Photo") == nil)
    }

    @Test func moveReceiptIsAnErrorWhenTheAppShares() throws {
        let shared = Self.expected("@Model final class A { var x: Int = 0 }", options: ExpectedSchemaOptions(sharesRecords: true))
        #expect(shared.expectation(recordType: "CD_A", field: "CD_moveReceipt")?.severity == .error)
        let decoded = try JSONDecoder().decode(ExpectedSchemaOptions.self, from: Data(#"{"stringAssetSeverity":"error"}"#.utf8))
        #expect(decoded == ExpectedSchemaOptions(stringAssetSeverity: .error))
        let strict = Self.expected("@Model final class A { var x: String = \"\" }", options: decoded)
        #expect(strict.expectation(recordType: "CD_A", field: "CD_x_ckAsset")?.severity == .error)
    }

    @Test func unregisteredModelsAreNotExpectedUnlessAsked() {
        let sources = [
            "App.swift": "let c = try ModelContainer(for: A.self)",
            "Models.swift": "@Model final class A { var b: B? }\n@Model final class B {}\n@Model final class Stray {}",
        ]
        let model = Self.model(sources)
        #expect(ExpectedSchema.build(from: model).schema.recordTypes.map(\.name) == ["CD_A", "CD_B", "Users"])
        let all = ExpectedSchema.build(from: model, options: ExpectedSchemaOptions(includeUnregisteredModels: true))
        #expect(all.schema.recordTypes.map(\.name) == ["CD_A", "CD_B", "CD_Stray", "Users"])
    }

    @Test func fieldsOfUnknownTypeAreCheckedForPresenceOnly() {
        let expected = Self.expected("@Model final class A {\n var mystery = make()\n}")
        #expect(expected.expectation(recordType: "CD_A", field: "CD_mystery")?.typeKnown == false)
        let production = NamedSchema(name: "Production", environment: "production", schema: Schema(recordTypes: [
            RecordType(name: "CD_A", fields: CloudKitFieldMapping.systemFields + [
                Field(name: "CD_entityName", type: .primitive(.string)), Field(name: "CD_moveReceipt", type: .primitive(.bytes)),
                Field(name: "CD_moveReceipt_ckAsset", type: .primitive(.asset)), Field(name: "CD_mystery", type: .primitive(.int64)),
            ]),
        ]), file: "prod.ckdb")
        #expect(ExpectedSchemaCheck.findings(expected: expected, production: production).filter { $0.severity != .info }.isEmpty)
        var lacking = production
        lacking.schema.recordTypes[0].fields.removeLast()
        let findings = ExpectedSchemaCheck.findings(expected: expected, production: lacking)
        #expect(findings.map(\.code) == ["missing-field"])
        #expect(findings.first?.line == 2)
    }
}
