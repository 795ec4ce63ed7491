import Foundation
import Testing
@testable import ModelSource

/// The readers' capture of Core Data attribute types and the flags that decide what
/// CloudKit gets (Docs/CloudKitMapping.md).
@Suite struct AttributeTypeTests {
    static func read(_ path: String, _ text: String) -> AppModel {
        ModelReader.read(files: [ModelSourceFile(path: path, contents: Array(text.utf8))])
    }

    @Test func swiftTypesGetTheCoreDataTypeSwiftDataGivesThem() throws {
        let model = Self.read("Models.swift", """
        enum Kind: String, Codable { case a }
        enum Status: Codable { case on, off(reason: String) }
        struct Size: Codable { var width = 0.0 }
        @Model final class T {
            var flag: Bool = false
            var small: Int8 = 0
            var count: Int = 0
            var mid: Int32 = 0
            var ratio: Float = 0
            var span: TimeInterval = 0
            var price: Decimal = 0
            var when: Foundation.Date = Date()
            var title: String?
            var id: UUID = UUID()
            var link: URL?
            @Attribute(.externalStorage) var blob: Data?
            @Attribute(.transformable(by: ColorTransformer.self)) var color: UIColor?
            var kind: Kind = Kind.a
            var status: Status?
            var size: Size = Size()
            var tags: [String] = []
            var names: Set<String> = []
            var lookup: [String: Int] = [:]
        }
        """)
        let entity = try #require(model.entity(named: "T"))
        let types = entity.attributes.map { "\($0.name):\($0.attributeType?.rawValue ?? "nil")\($0.enumType ? ":enum" : "")" }
        #expect(types == [
            "flag:Boolean", "small:Integer 16", "count:Integer 64", "mid:Integer 32", "ratio:Float", "span:Double", "price:Decimal",
            "when:Date", "title:String", "id:UUID", "link:URI", "blob:Binary", "color:Transformable", "kind:Composite:enum",
            "status:Composite:enum", "size:Composite", "tags:Collection", "names:Collection", "lookup:Collection",
        ])
    }

    @Test func coreDataTypesFlagsAndUserInfoKeys() throws {
        let model = Self.read("App.xcdatamodel/contents", """
        <model>
            <entity name="E">
                <attribute name="plain" optional="YES" attributeType="Composite" composite="Point"/>
                <attribute name="count" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="items.@count"/>
                <attribute name="scratch" optional="YES" transient="YES" attributeType="String"/>
                <attribute name="cache" optional="YES" attributeType="Binary">
                    <userInfo><entry key="NSCloudKitMirroringDelegateIgnoredPropertyKey" value="YES"/></userInfo>
                </attribute>
                <attribute name="kept" optional="YES" attributeType="Binary">
                    <userInfo><entry key="NSCloudKitMirroringDelegateIgnoredPropertyKey" value="NO"/><entry key="other" value="YES"/></userInfo>
                </attribute>
                <attribute name="sealed" optional="YES" attributeType="String">
                    <userInfo><entry key="NSPersistentCloudKitContainerEncryptedAttributeKey" value="YES"/></userInfo>
                </attribute>
                <attribute name="opened" optional="YES" attributeType="String" allowsCloudEncryption="YES">
                    <userInfo><entry key="NSPersistentCloudKitContainerEncryptedAttributeKey" value="NO"/></userInfo>
                </attribute>
                <attribute name="vague" optional="YES" attributeType="Undefined"/>
                <relationship name="owner" optional="YES" maxCount="1" destinationEntity="E">
                    <userInfo><entry key="NSCloudKitMirroringDelegateIgnoredPropertyKey" value="1"/></userInfo>
                </relationship>
                <userInfo><entry key="NSCloudKitMirroringDelegateIgnoredPropertyKey" value="YES"/></userInfo>
            </entity>
            <composite name="Point"><attribute name="x" optional="YES" attributeType="Double"/></composite>
        </model>
        """)
        let entity = try #require(model.entity(named: "E"))
        #expect(entity.attributes.map(\.name) == ["plain", "count", "cache", "kept", "sealed", "opened", "vague"], "transient scratch is left out")
        let attribute = { (name: String) in entity.attributes.first { $0.name == name } }
        #expect(attribute("plain")?.attributeType == .composite && attribute("plain")?.swiftType == "Composite")
        #expect(attribute("count")?.derived == true && attribute("count")?.isMirrored == false)
        #expect(attribute("cache")?.mirroringIgnored == true && attribute("kept")?.mirroringIgnored == false)
        #expect(attribute("sealed")?.encryptedAttributeKey == true && attribute("sealed")?.isCloudEncrypted == true)
        #expect(attribute("opened")?.encryptedAttributeKey == false && attribute("opened")?.isCloudEncrypted == false)
        #expect(attribute("vague")?.attributeType == .undefined && attribute("vague")?.swiftType == "Undefined")
        #expect(entity.relationships.first?.mirroringIgnored == true)
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
    }

    /// `-[NSString boolValue]`, as Core Data reads a userInfo value.
    @Test(arguments: [
        ("YES", true), ("yes", true), ("Y", true), ("true", true), ("T", true), ("1", true), ("9", true), (" 1", true),
        ("+01", true), ("-1", true), ("007", true),
        ("NO", false), ("no", false), ("false", false), ("0", false), ("000", false), ("", false), ("maybe", false), ("--1", false),
    ])
    func userInfoValuesReadAsNSStringBoolValue(text: String, value: Bool) {
        #expect(CoreDataContentsParser.boolValue(text) == value)
    }
}
