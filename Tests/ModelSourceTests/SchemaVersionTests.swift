import Foundation
import Testing
@testable import ModelSource

/// Versioned schemas and registration lists, read across several files.
@Suite struct SchemaVersionTests {
    @Test func modelsNestedInVersionsAndAddedInExtensionsUseTheVersionTypealiasesPointAt() throws {
        let model = Fixture.read("Projects/VersionedSchemas")
        #expect(model.activeSchemaVersion == "SchemaV2")
        #expect(model.entityNames.sorted() == ["Item", "Note", "Tag"])
        let item = try model.require("Item")
        #expect(item.file.hasSuffix("VersionedSchemas/SchemaV2.swift"), "SchemaV1.Item has the same name")
        #expect(item.attributeNames == ["title", "priority"])
        // Fully qualified inverse key path: \SchemaV2.Tag.items.
        #expect(item.relationship("tags")?.inverse == "items")
        #expect(item.relationship("tags")?.destination == "Tag")
        #expect(try model.require("Tag").attributeNames == ["name", "colorHex"])
        #expect(try model.require("Tag").relationship("items")?.inverse == "tags")
        #expect(try model.require("Note").relationship("item")?.destination == "Item")
        #expect(model.registeredTypes == ["Item", "Tag", "Note"])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
    }

    @Test func theActiveVersionIsNotTheNewestFile() throws {
        let model = Fixture.read("Projects/ActiveVersionNotNewest")
        #expect(model.activeSchemaVersion == "SchemaV2")
        #expect(model.entityNames == ["Trip"])
        let trip = try model.require("Trip")
        #expect(trip.attributeNames == ["name", "startDate"], "SchemaV3's budget is not shipped yet")
        #expect(trip.file.hasSuffix("SchemaV2.swift"))
        #expect(model.registeredTypes == ["Trip"])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
    }

    @Test func versionsNestedInANamespaceChosenBySchemaVersionedSchema() throws {
        let model = Fixture.read("Projects/NestedVersions")
        #expect(model.activeSchemaVersion == "AppSchemas.V2")
        #expect(model.entityNames.sorted() == ["Check", "Habit"])
        #expect(try model.require("Habit").attributeNames == ["name", "streak"])
        #expect(try model.require("Habit").relationship("checks")?.inverse == "habit")
        #expect(model.registeredTypes == ["Habit", "Check"])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
    }

    @Test func onlyTheRootRegisteredTheRestReachedThroughRelationships() throws {
        let model = Fixture.read("Projects/RootOnlyRegistered")
        #expect(model.registeredTypes == ["Library"])
        let file = "Projects/RootOnlyRegistered/Models.swift"
        let unregistered = model.diagnostics(.unregisteredModel)
        #expect(unregistered.map(\.line) == [Fixture.line(of: "final class Shelf", in: file), Fixture.line(of: "final class Orphan", in: file)])
        #expect(model.diagnostics.count == 2, "Book and Author are reachable from Library: \(model.diagnostics)")
    }

    @Test func modelsLeftOutOfTheListAndListedButNotDeclared() throws {
        let file = "Projects/LeftOutOfModels/Schema.swift"
        let model = Fixture.read(file)
        #expect(model.registeredTypes == ["Folder", "Document", "Ghost"])
        let undeclared = model.diagnostics(.undeclaredModel)
        #expect(undeclared.count == 1 && undeclared[0].message.contains("Ghost"))
        #expect(undeclared[0].line == Fixture.line(of: "persistentModelTypes: [any", in: file))
        let unregistered = model.diagnostics(.unregisteredModel)
        #expect(unregistered.count == 1 && unregistered[0].message.contains("Draft"), "Revision is reachable: \(unregistered)")
    }
}

extension SchemaVersionTests {
    @Test func topLevelModelsWinOverAFrozenVersionNobodyNames() throws {
        let model = Fixture.read("Projects/FrozenVersion")
        let plant = try model.require("Plant")
        #expect(plant.attributeNames == ["name", "wateredAt"])
        #expect(plant.line == Fixture.line(of: "@Model final class Plant {", in: "Projects/FrozenVersion/Models.swift"))
    }
}

extension SchemaVersionTests {
    @Test func previewAndInMemoryContainersAreNotTheAppsRegistration() {
        let source = """
        @main struct App: SwiftUI.App {
            var body: some Scene { WindowGroup { Root() }.modelContainer(for: [Item.self, Bin.self]) }
        }
        #Preview("Row") { Row().modelContainer(for: Item.self, inMemory: true) }
        #Preview { Row().modelContainer(try! ModelContainer(for: Tag.self)) }
        let testContainer = try ModelContainer(for: Bin.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        """
        let model = ModelReader.read(files: [
            ModelSourceFile(path: "App.swift", contents: Array(source.utf8)),
            ModelSourceFile(path: "Models.swift", contents: Array("@Model class Item {}\n@Model class Bin {}\n@Model class Tag {}".utf8)),
        ])
        #expect(model.registeredTypes == ["Item", "Bin"])
        #expect(model.diagnostics(.unregisteredModel).map(\.line) == [3], "Tag is only in a preview")
    }

    /// A preview body ends at its closing brace: a registration after it (or between two
    /// previews) is the app's.
    @Test func aRegistrationAfterAPreviewCounts() {
        let source = """
        #Preview { Row().modelContainer(for: Item.self, inMemory: true) }
        let shared = try ModelContainer(for: Bin.self)
        #Preview("Second") { Row().modelContainer(try! ModelContainer(for: Tag.self)) }
        let schema = Schema([Tag.self])
        """
        let model = ModelReader.read(files: [
            ModelSourceFile(path: "App.swift", contents: Array(source.utf8)),
            ModelSourceFile(path: "Models.swift", contents: Array("@Model class Item {}\n@Model class Bin {}\n@Model class Tag {}".utf8)),
        ])
        #expect(model.registeredTypes == ["Bin", "Tag"])
    }
}

extension SchemaVersionTests {
    @Test func aVersionListExtendingThePreviousOne() {
        let source = """
        enum V1: VersionedSchema {
            static var models: [any PersistentModel.Type] { [Item.self] }
            @Model final class Item { var name: String = "" }
        }
        enum V2: VersionedSchema {
            static var models: [any PersistentModel.Type] { V1.models + [Tag.self] }
            @Model final class Tag { var name: String = "" }
        }
        typealias Tag = V2.Tag
        """
        let model = ModelReader.read(files: [ModelSourceFile(path: "Schema.swift", contents: Array(source.utf8))])
        #expect(model.activeSchemaVersion == "V2")
        #expect(model.registeredTypes == ["Tag", "Item"])
        #expect(model.entityNames.sorted() == ["Item", "Tag"])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
    }

    @Test func aListBuiltByACallIsNotAnEmptyRegistration() {
        let source = """
        enum AppSchema { static let models: [any PersistentModel.Type] = loadModels() }
        @Model final class Item {}
        """
        let model = ModelReader.read(files: [ModelSourceFile(path: "Schema.swift", contents: Array(source.utf8))])
        #expect(model.registeredTypes == nil)
        #expect(model.diagnostics.isEmpty)
    }
}
