import Foundation
import Testing
@testable import ModelSource

@Suite struct CoreDataReaderTests {
    static let bundle = "CoreData/Inventory.xcdatamodeld"

    /// Every entity is read: which configuration a store holds, and whether it syncs, is the
    /// store description's to say (`StoreSitesTests`), not the "Used with CloudKit" flag's.
    @Test func readsTheCurrentVersionWithEveryEntityAndItsConfigurations() throws {
        let model = Fixture.read(Self.bundle)
        #expect(model.entityNames == ["Asset", "Bin", "Item", "LocalCache", "Photo", "Tag"])
        let contents = try String(contentsOfFile: Fixture.path(Self.bundle) + "/Inventory 2.xcdatamodel/contents", encoding: .utf8)
        let configurations = CoreDataContentsParser.parse(Array(contents.utf8), file: "M").configurations
        #expect(configurations.map(\.name) == ["Cloud", "Local"])
        #expect(configurations.first { $0.name == "Cloud" }?.entities == ["Asset", "Bin", "Item", "Photo", "Tag"], "Photo: a sub-entity of Asset")
        #expect(configurations.first { $0.name == "Cloud" }?.usedWithCloudKit == true)
        let item = try model.require("Item")
        #expect(item.file.hasSuffix("Inventory 2.xcdatamodel/contents"))
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
    }

    @Test func attributesWithTypesOptionalityDefaultsAndOptions() throws {
        let item = try Fixture.read(Self.bundle).require("Item")
        #expect(item.attributeNames == ["name", "quantity", "price", "sku", "manual", "photo", "secret", "colors", "barcode"],
                "transient isSelected is not mirrored")
        let types = item.attributes.map { $0.swiftType ?? "?" }
        #expect(types == ["String", "Int64", "Decimal", "UUID", "URL", "Data", "String", "Transformable", "String"])
        #expect(item.attribute("quantity")?.optional == false && item.attribute("quantity")?.hasDefault == true)
        #expect(item.attribute("name")?.optional == true && item.attribute("name")?.hasDefault == false)
        #expect(item.attribute("photo")?.externalStorage == true)
        #expect(item.attribute("secret")?.allowsCloudEncryption == true)
        #expect(item.attribute("barcode")?.originalName == "code")
        #expect(item.uniqueConstraints == [["sku"]])
        let contents = "\(Self.bundle)/Inventory 2.xcdatamodel/contents"
        #expect(item.line == Fixture.line(of: "<entity name=\"Item\"", in: contents))
        #expect(item.attribute("photo")?.line == Fixture.line(of: "name=\"photo\"", in: contents))
    }

    @Test func relationshipsWithInverseOrderingDeleteRuleAndParents() throws {
        let model = Fixture.read(Self.bundle)
        let item = try model.require("Item")
        let tags = try #require(item.relationship("tags"))
        #expect(tags.toMany && tags.ordered && tags.inverse == "items" && tags.destination == "Tag")
        #expect(item.relationship("bin")?.toMany == false)
        #expect(item.relationship("assets")?.deleteRule == .cascade)
        #expect(try model.require("Tag").relationship("items")?.deleteRule == .deny)
        #expect(try model.require("Photo").parent == "Asset")
    }

    @Test func malformedXMLThatXMLParserAcceptsIsStillAnError() throws {
        let model = Fixture.read("CoreData/Broken.xcdatamodel")
        #expect(model.entities.isEmpty)
        let errors = model.diagnostics(.parseError)
        #expect(errors.count == 1)
        #expect(errors.first?.file.hasSuffix("Broken.xcdatamodel/contents") == true)
    }

    @Test func mismatchedTagsAreCaught() {
        let xml = Array("<model><entity name=\"A\"><attribute name=\"x\" attributeType=\"String\"></model>".utf8)
        let model = ModelReader.read(files: [ModelSourceFile(path: "M.xcdatamodel/contents", contents: xml)])
        #expect(model.entities.isEmpty)
        #expect(model.diagnostics(.parseError).count == 1)
    }

    @Test func inMemoryBundleFilesWithTheirPathsInsideTheBundle() throws {
        let root = Fixture.path(Self.bundle)
        func file(_ relative: String) throws -> ModelSourceFile {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative))
            return ModelSourceFile(path: "App.xcdatamodeld/" + relative, contents: [UInt8](data))
        }
        let files = try [file(".xccurrentversion"), file("Inventory.xcdatamodel/contents"), file("Inventory 2.xcdatamodel/contents")]
        let model = ModelReader.read(files: files)
        #expect(model.entityNames == ["Asset", "Bin", "Item", "LocalCache", "Photo", "Tag"])
        #expect(try model.require("Item").file == "App.xcdatamodeld/Inventory 2.xcdatamodel/contents")
        // Without the marker, the newest version is read and that choice is said.
        let unmarked = ModelReader.read(files: Array(files.dropFirst()))
        #expect(unmarked.entityNames == ["Asset", "Bin", "Item", "LocalCache", "Photo", "Tag"])
        #expect(unmarked.diagnostics(.parseError).count == 1)
    }
}
