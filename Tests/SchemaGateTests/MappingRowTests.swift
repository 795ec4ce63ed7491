import CloudKitSchema
import Foundation
import ModelSource
import Testing
@testable import SchemaGate

/// One test per row of Docs/CloudKitMapping.md, named by the row's id: each fails when
/// what its row says Core Data writes (fields, companions, encryption, what creates them,
/// what is unverified) changes.
@Suite struct MappingRowTests {
    /// A property of `x` in a model, with `{attr}` where an `@Attribute(...)` goes and
    /// `{options}` where more options go inside an existing one.
    struct Row: Sendable, CustomTestStringConvertible {
        var id: String
        /// Swift property declarations of `x` (one per Swift type the row covers), or
        /// Core Data `<attribute name="x" .../>` elements.
        var declarations: [String]
        var coreData = false
        /// Declarations `x` needs (enums, structs).
        var support = ""
        /// Every field of `CD_T` but the system fields and Core Data's own, as
        /// `TYPE severity [unverified] [saved|creation?]` (see `describe`).
        var fields: [String: String]
        /// The type of `CD_x` when the attribute is encrypted (nil: not applicable).
        var encrypted: String?

        var testDescription: String { id }
    }

    static let swiftRows: [Row] = [
        Row(id: "S-bool", declarations: ["{attr}var x: Bool = false"], fields: ["CD_x": "INT64 error"], encrypted: "ENCRYPTED INT64"),
        Row(id: "S-int64", declarations: ["Int", "Int64", "UInt", "UInt32", "UInt64", "Swift.Int"].map { "{attr}var x: \($0) = 0" },
            fields: ["CD_x": "INT64 error"], encrypted: "ENCRYPTED INT64"),
        Row(id: "S-int32", declarations: ["Int32", "UInt16"].map { "{attr}var x: \($0) = 0" }, fields: ["CD_x": "INT64 error"], encrypted: "ENCRYPTED INT64"),
        Row(id: "S-int16", declarations: ["Int16", "Int8", "UInt8"].map { "{attr}var x: \($0) = 0" }, fields: ["CD_x": "INT64 error"], encrypted: "ENCRYPTED INT64"),
        Row(id: "S-double", declarations: ["Double", "Float64", "CGFloat", "TimeInterval"].map { "{attr}var x: \($0) = 0" }, fields: ["CD_x": "DOUBLE error"], encrypted: "ENCRYPTED DOUBLE"),
        Row(id: "S-float", declarations: ["Float", "Float32", "Float16"].map { "{attr}var x: \($0) = 0" }, fields: ["CD_x": "DOUBLE error"], encrypted: "ENCRYPTED DOUBLE"),
        Row(id: "S-decimal", declarations: ["{attr}var x: Decimal = 0"], fields: ["CD_x": "DOUBLE error unverified"], encrypted: "ENCRYPTED DOUBLE"),
        Row(id: "S-date", declarations: ["{attr}var x: Date = Date()", "{attr}var x: Foundation.Date?"], fields: ["CD_x": "TIMESTAMP error"],
            encrypted: "ENCRYPTED TIMESTAMP"),
        Row(id: "S-string", declarations: ["{attr}var x: String = \"\"", "{attr}var x: String?"],
            fields: ["CD_x": "STRING error", "CD_x_ckAsset": "ASSET warning"], encrypted: "ENCRYPTED STRING"),
        Row(id: "S-uuid", declarations: ["{attr}var x: UUID = UUID()"], fields: ["CD_x": "STRING error"], encrypted: "ENCRYPTED STRING"),
        Row(id: "S-url", declarations: ["{attr}var x: URL?"], fields: ["CD_x": "STRING error", "CD_x_ckAsset": "ASSET warning"], encrypted: "ENCRYPTED STRING"),
        Row(id: "S-data", declarations: ["{attr}var x: Data?", "{attr}var x: Data = Data()"],
            fields: ["CD_x": "BYTES error", "CD_x_ckAsset": "ASSET error"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "S-external", declarations: ["@Attribute(.externalStorage{options}) var x: Data?"],
            fields: ["CD_x": "BYTES error", "CD_x_ckAsset": "ASSET error"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "S-transformable", declarations: ["@Attribute(.transformable(by: ColorTransformer.self){options}) var x: UIColor?",
                                                  "@Attribute(.transformable(by: TagsTransformer.self){options}) var x: [String]?"],
            fields: ["CD_x": "BYTES error", "CD_x_ckAsset": "ASSET error"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "S-struct", declarations: ["{attr}var x: Size = Size()", "{attr}var x: Size?", "{attr}var x: Measurement<UnitLength>?"],
            support: "struct Size: Codable { var width = 0.0 }", fields: ["CD_x": "BYTES error saved"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "S-enum-raw", declarations: ["{attr}var x: Kind = Kind.a", "{attr}var x: Kind?"],
            support: "enum Kind: String, Codable { case a, b }", fields: ["CD_x": "BYTES error unverified saved"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "S-enum", declarations: ["{attr}var x: Status = .active", "{attr}var x: Status?"],
            support: "enum Status: Codable { case active, inactive(reason: String) }", fields: ["CD_x": "BYTES error unverified saved"],
            encrypted: "ENCRYPTED BYTES"),
        Row(id: "S-array", declarations: ["{attr}var x: [String] = []", "{attr}var x: [Size]?", "{attr}var x: Array<Int>?"],
            support: "struct Size: Codable { var width = 0.0 }",
            fields: ["CD_x": "BYTES error creation?", "CD_x_ckAsset": "ASSET warning unverified creation?"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "S-set", declarations: ["{attr}var x: Set<String> = []"],
            fields: ["CD_x": "BYTES error creation?", "CD_x_ckAsset": "ASSET warning unverified creation?"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "S-dictionary", declarations: ["{attr}var x: [String: Int] = [:]", "{attr}var x: Dictionary<String, Size>?"],
            support: "struct Size: Codable { var width = 0.0 }",
            fields: ["CD_x": "BYTES error creation?", "CD_x_ckAsset": "ASSET warning unverified creation?"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "S-transient", declarations: ["@Transient var x: String = \"\"", "var x: String { \"\" }", "static var x: Int = 0"], fields: [:]),
        Row(id: "S-unknown", declarations: ["var x = makeValue()"], fields: ["CD_x": "BYTES error type-unknown"]),
    ]

    static let coreDataRows: [Row] = [
        Row(id: "C-integer", declarations: ["Integer 16", "Integer 32", "Integer 64"].map { #"<attribute name="x" optional="YES" attributeType="\#($0)"{attr}/>"# },
            coreData: true, fields: ["CD_x": "INT64 error"], encrypted: "ENCRYPTED INT64"),
        Row(id: "C-boolean", declarations: [#"<attribute name="x" optional="YES" attributeType="Boolean"{attr}/>"#], coreData: true,
            fields: ["CD_x": "INT64 error"], encrypted: "ENCRYPTED INT64"),
        Row(id: "C-decimal", declarations: [#"<attribute name="x" optional="YES" attributeType="Decimal"{attr}/>"#], coreData: true,
            fields: ["CD_x": "DOUBLE error unverified"], encrypted: "ENCRYPTED DOUBLE"),
        Row(id: "C-double", declarations: ["Double", "Float"].map { #"<attribute name="x" optional="YES" attributeType="\#($0)"{attr}/>"# },
            coreData: true, fields: ["CD_x": "DOUBLE error"], encrypted: "ENCRYPTED DOUBLE"),
        Row(id: "C-date", declarations: [#"<attribute name="x" optional="YES" attributeType="Date"{attr}/>"#], coreData: true,
            fields: ["CD_x": "TIMESTAMP error"], encrypted: "ENCRYPTED TIMESTAMP"),
        Row(id: "C-string", declarations: [#"<attribute name="x" optional="YES" attributeType="String"{attr}/>"#], coreData: true,
            fields: ["CD_x": "STRING error", "CD_x_ckAsset": "ASSET warning"], encrypted: "ENCRYPTED STRING"),
        Row(id: "C-uuid", declarations: [#"<attribute name="x" optional="YES" attributeType="UUID"{attr}/>"#], coreData: true,
            fields: ["CD_x": "STRING error"], encrypted: "ENCRYPTED STRING"),
        Row(id: "C-uri", declarations: [#"<attribute name="x" optional="YES" attributeType="URI"{attr}/>"#], coreData: true,
            fields: ["CD_x": "STRING error", "CD_x_ckAsset": "ASSET warning"], encrypted: "ENCRYPTED STRING"),
        Row(id: "C-binary", declarations: [#"<attribute name="x" optional="YES" attributeType="Binary"{attr}/>"#], coreData: true,
            fields: ["CD_x": "BYTES error", "CD_x_ckAsset": "ASSET error"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "C-external", declarations: [#"<attribute name="x" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"{attr}/>"#],
            coreData: true, fields: ["CD_x": "BYTES error", "CD_x_ckAsset": "ASSET error"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "C-transformable", declarations: [#"<attribute name="x" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData"{attr}/>"#],
            coreData: true, fields: ["CD_x": "BYTES error", "CD_x_ckAsset": "ASSET error"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "C-composite", declarations: [#"<attribute name="x" optional="YES" attributeType="Composite" composite="Point"{attr}/>"#], coreData: true,
            fields: ["CD_x": "BYTES error saved"], encrypted: "ENCRYPTED BYTES"),
        Row(id: "C-undefined", declarations: ["Undefined", "Object ID"].map { #"<attribute name="x" optional="YES" attributeType="\#($0)"/>"# },
            coreData: true, fields: [:]),
        Row(id: "C-transient", declarations: [#"<attribute name="x" optional="YES" transient="YES" attributeType="String"/>"#], coreData: true, fields: [:]),
        Row(id: "C-derived", declarations: [#"<attribute name="x" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="tags.@count"/>"#,
                                            #"<attribute name="x" optional="YES" attributeType="Date" derived="YES" derivationExpression="now()"/>"#],
            coreData: true, fields: [:]),
        Row(id: "C-ignored", declarations: ["YES", "1", " +01", "true"].map {
            #"<attribute name="x" optional="YES" attributeType="String"><userInfo><entry key="NSCloudKitMirroringDelegateIgnoredPropertyKey" value="\#($0)"/></userInfo></attribute>"#
        } + [#"<relationship name="x" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="T"><userInfo><entry key="NSCloudKitMirroringDelegateIgnoredPropertyKey" value="YES"/></userInfo></relationship>"#],
            coreData: true, fields: [:]),
        Row(id: "C-encrypted", declarations: [#"<attribute name="x" optional="YES" attributeType="String" allowsCloudEncryption="YES"/>"#], coreData: true,
            fields: ["CD_x": "ENCRYPTED STRING error", "CD_x_ckAsset": "ASSET warning"]),
        Row(id: "C-encrypted-key", declarations: [
            #"<attribute name="x" optional="YES" attributeType="String"><userInfo><entry key="NSPersistentCloudKitContainerEncryptedAttributeKey" value="YES"/></userInfo></attribute>"#,
            #"<attribute name="x" optional="YES" attributeType="String" allowsCloudEncryption="NO"><userInfo><entry key="NSPersistentCloudKitContainerEncryptedAttributeKey" value="1"/></userInfo></attribute>"#,
        ], coreData: true, fields: ["CD_x": "ENCRYPTED STRING error", "CD_x_ckAsset": "ASSET warning"]),
    ]

    @Test(arguments: swiftRows + coreDataRows)
    func row(_ row: Row) throws {
        for declaration in row.declarations {
            let plain = try Self.fields(of: row, declaration, encrypted: false)
            #expect(plain == row.fields, "\(row.id): \(declaration)")
            guard let encrypted = row.encrypted else { continue }
            let sealed = try Self.fields(of: row, declaration, encrypted: true)
            #expect(sealed["CD_x"]?.hasPrefix(encrypted + " ") == true, "\(row.id) encrypted: \(declaration) gave \(sealed)")
            if row.fields["CD_x_ckAsset"] != nil { #expect(sealed["CD_x_ckAsset"]?.hasPrefix("ASSET ") == true, "\(row.id)") }
        }
    }

    /// A false NSPersistentCloudKitContainerEncryptedAttributeKey wins over allowsCloudEncryption.
    @Test func encryptedAttributeKeyFalseDecrypts() throws {
        let xml = #"<attribute name="x" optional="YES" attributeType="String" allowsCloudEncryption="YES"><userInfo><entry key="NSPersistentCloudKitContainerEncryptedAttributeKey" value="NO"/></userInfo></attribute>"#
        let row = Self.coreDataRows.first { $0.id == "C-encrypted-key" }!
        #expect(try Self.fields(of: row, xml, encrypted: false)["CD_x"] == "STRING error")
    }

    /// A false ignored key, or one with another name, leaves the attribute mirrored.
    @Test func ignoredKeyMustBeTrue() throws {
        let row = Self.coreDataRows.first { $0.id == "C-ignored" }!
        for value in ["NO", "0", "false", ""] {
            let xml = #"<attribute name="x" optional="YES" attributeType="String"><userInfo><entry key="NSCloudKitMirroringDelegateIgnoredPropertyKey" value="\#(value)"/></userInfo></attribute>"#
            #expect(try Self.fields(of: row, xml, encrypted: false)["CD_x"] == "STRING error", "\(value)")
        }
    }

    // MARK: - Record types, relationships and Core Data's own fields

    static let recordRowIDs = [
        "R-type", "R-entity-name", "R-move-receipt", "R-to-one", "R-to-many", "R-many-to-many", "R-inverse", "R-system", "R-indexes", "R-users",
    ]

    @Test("R-type: a record type per root entity, sub-entities' fields on it") func recordType() throws {
        let expected = ExpectedSchemaTests.expected("@Model class Animal {\n var name: String = \"\"\n}\n@Model final class Dog: Animal {\n var breed: String?\n}")
        #expect(expected.schema.recordTypes.map(\.name) == ["CD_Animal", "Users"])
        #expect(Self.describe(expected, "CD_Animal")["CD_breed"] == "STRING error")
    }

    @Test("R-entity-name: CD_entityName STRING on every record type") func entityName() {
        let expected = ExpectedSchemaTests.expected("@Model final class A { var x: Int = 0 }")
        #expect(Self.describe(expected, "CD_A", own: true)["CD_entityName"] == "STRING error")
    }

    @Test("R-move-receipt: CD_moveReceipt and its asset, errors only when the app shares") func moveReceipt() {
        let source = "@Model final class A { var x: Int = 0 }"
        let own = Self.describe(ExpectedSchemaTests.expected(source), "CD_A", own: true)
        #expect(own["CD_moveReceipt"] == "BYTES warning" && own["CD_moveReceipt_ckAsset"] == "ASSET warning")
        let shared = Self.describe(ExpectedSchemaTests.expected(source, options: ExpectedSchemaOptions(sharesRecords: true)), "CD_A", own: true)
        #expect(shared["CD_moveReceipt"] == "BYTES error" && shared["CD_moveReceipt_ckAsset"] == "ASSET error")
    }

    @Test("R-to-one: a STRING per to-one relationship, no companion; ignored ones none") func toOne() {
        let expected = ExpectedSchemaTests.expected("@Model final class Item { var bin: Bin? }\n@Model final class Bin { @Relationship(inverse: \\Item.bin) var items: [Item]? = [] }")
        #expect(Self.describe(expected, "CD_Item") == ["CD_bin": "STRING error"])
    }

    @Test("R-to-many: nothing on the to-many side") func toMany() {
        let expected = ExpectedSchemaTests.expected("@Model final class Item { var bin: Bin? }\n@Model final class Bin { @Relationship(inverse: \\Item.bin) var items: [Item]? = [] }")
        #expect(Self.describe(expected, "CD_Bin").isEmpty)
        #expect(expected.schema.recordType(named: "CDMR") == nil)
    }

    @Test("R-many-to-many: CDMR with three STRING fields") func manyToMany() {
        let expected = ExpectedSchemaTests.expected("@Model final class A { var bs: [B]? = [] }\n@Model final class B { var alphas: [A]? = [] }")
        #expect(Self.describe(expected, "CDMR", own: true) == [
            "CD_entityNames": "STRING error", "CD_recordNames": "STRING error", "CD_relationships": "STRING error",
        ])
    }

    @Test("R-inverse: Core Data pairs only what the model sets; SwiftData infers one unpaired pair") func inverse() {
        func coreData(inverses: Bool) -> ExpectedSchema {
            let tags = inverses ? #" inverseName="items" inverseEntity="Tag""# : ""
            let items = inverses ? #" inverseName="tags" inverseEntity="Item""# : ""
            let xml = """
            <model>
            <entity name="Item"><relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag"\(tags)/></entity>
            <entity name="Tag"><relationship name="items" optional="YES" toMany="YES" destinationEntity="Item"\(items)/></entity>
            </model>
            """
            let model = ModelReader.read(files: [ModelSourceFile(path: "M.xcdatamodeld/M.xcdatamodel/contents", contents: Array(xml.utf8))])
            return ExpectedSchema.build(from: model)
        }
        #expect(coreData(inverses: true).schema.recordType(named: "CDMR") != nil)
        #expect(coreData(inverses: false).schema.recordType(named: "CDMR") == nil)
        let ambiguous = ExpectedSchemaTests.expected("@Model final class A { var bs: [B]? = []\n var others: [B]? = [] }\n@Model final class B { var alphas: [A]? = [] }")
        #expect(ambiguous.schema.recordType(named: "CDMR") == nil)
    }

    @Test("R-system: the six system fields, ___recordID without QUERYABLE") func systemFields() throws {
        let type = try #require(ExpectedSchemaTests.expected("@Model final class A { var x: Int = 0 }").schema.recordType(named: "CD_A"))
        let system = type.fields.filter(\.isSystemField)
        #expect(system.map { "\($0.name) \($0.type)\($0.options.isEmpty ? "" : " \($0.options)")" } == [
            "___createTime TIMESTAMP", "___createdBy REFERENCE", "___etag STRING", "___modTime TIMESTAMP", "___modifiedBy REFERENCE",
            "___recordID REFERENCE",
        ])
    }

    @Test("R-indexes: the indexes a Development export shows; none on assets and encrypted fields") func indexes() throws {
        let expected = ExpectedSchemaTests.expected("@Model final class A {\n var s: String = \"\"\n var n: Int = 0\n var d: Data?\n @Attribute(.allowsCloudEncryption) var e: Double = 0\n}")
        let type = try #require(expected.schema.recordType(named: "CD_A"))
        #expect(type.field(named: "CD_s")?.options == [.queryable, .searchable, .sortable])
        #expect(type.field(named: "CD_n")?.options == [.queryable, .sortable])
        #expect(type.field(named: "CD_d")?.options == [.queryable, .sortable])
        #expect(type.field(named: "CD_d_ckAsset")?.options == [])
        #expect(type.field(named: "CD_e")?.options == [])
    }

    @Test("R-users: Users with roles LIST<INT64>, expected by no model") func users() throws {
        let expected = ExpectedSchemaTests.expected("@Model final class A { var x: Int = 0 }")
        #expect(expected.schema.recordType(named: "Users")?.field(named: "roles")?.type == .list(.int64))
        #expect(expected.expectation(recordType: "Users") == nil)
    }

    /// Every row of the document has its test here, and every test its row.
    @Test func everyRowOfTheDocumentHasItsTest() throws {
        let documentIDs = try Self.documentRowIDs()
        let testIDs = (Self.swiftRows + Self.coreDataRows).map(\.id) + Self.recordRowIDs
        #expect(documentIDs == testIDs.sorted())
        #expect(Set(testIDs).count == testIDs.count)
    }

    // MARK: - Support

    /// The ids in the first column of the document's tables (`S-…`, `C-…`, `R-…`).
    static func documentRowIDs() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Docs/CloudKitMapping.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2, let id = cells.dropFirst().first, id.range(of: #"^[SCR]-[a-z0-9-]+$"#, options: .regularExpression) != nil else {
                return nil
            }
            return id
        }.sorted()
    }

    /// The attribute fields of `CD_T` (or of `T` in a Core Data model) built from one declaration.
    static func fields(of row: Row, _ declaration: String, encrypted: Bool) throws -> [String: String] {
        let filled = declaration
            .replacingOccurrences(of: "{attr}", with: encrypted ? (row.coreData ? #" allowsCloudEncryption="YES""# : "@Attribute(.allowsCloudEncryption) ") : "")
            .replacingOccurrences(of: "{options}", with: encrypted ? ", .allowsCloudEncryption" : "")
        let model: AppModel
        if row.coreData {
            let xml = "<model>\n<entity name=\"T\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"Date\"/>\n\(filled)\n</entity>\n</model>"
            model = ExpectedSchemaTests.model(["App.xcdatamodel/contents": xml])
        } else {
            model = ExpectedSchemaTests.model(["Models.swift": "\(row.support)\n@Model final class T {\n    var title: Date?\n    \(filled)\n}"])
        }
        var fields = describe(ExpectedSchema.build(from: model), "CD_T")
        // The neighbour shows the model was read.
        try #require(fields.removeValue(forKey: "CD_title") == "TIMESTAMP error", "\(row.id): \(declaration)")
        return fields
    }

    /// `field -> "TYPE severity [unverified] [saved|creation?|type-unknown]"`, leaving out
    /// the system fields and, unless `own`, Core Data's own fields.
    static func describe(_ expected: ExpectedSchema, _ recordType: String, own: Bool = false) -> [String: String] {
        let coreDataFields: Set = ["CD_entityName", "CD_moveReceipt", "CD_moveReceipt_ckAsset"]
        let fields = (expected.schema.recordType(named: recordType)?.fields ?? [])
            .filter { !$0.isSystemField && (own || !coreDataFields.contains($0.name)) }
        return Dictionary(uniqueKeysWithValues: fields.map { field in
            let expectation = expected.expectation(recordType: recordType, field: field.name)
            var words = ["\(field.type)", expectation.map(\.severity.rawValue) ?? "none"]
            if expectation?.unverified != nil { words.append("unverified") }
            switch expectation?.creation {
            case .onlyBySavedValue?: words.append("saved")
            case .unverified?: words.append("creation?")
            case .byInitializer?, nil: break
            }
            if expectation?.typeKnown == false { words.append("type-unknown") }
            return (field.name, words.joined(separator: " "))
        })
    }
}
