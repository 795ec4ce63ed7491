import Foundation
import Testing
@testable import ModelSource

/// Registrations read completely: a registering call whose list the reader cannot follow is
/// recorded (with the part it could not follow), so a subset it does follow is never taken
/// for the app's whole registration (issue 26 item 5).
@Suite struct RegistrationReadingTests {
    static let models = """
    import SwiftData
    @Model final class Item { var title: String = ""; init() {} }
    @Model final class Tag { var name: String = ""; init() {} }
    """

    static func read(_ sources: [String: String]) -> AppModel {
        ModelReader.read(files: ([("Shared/Models.swift", models)] + sources.map { ($0.key, $0.value) })
            .map { ModelSourceFile(path: $0.0, contents: Array($0.1.utf8)) })
    }

    static func unregistered(_ model: AppModel) -> [String] {
        model.diagnostics.filter { $0.kind == .unregisteredModel }.map(\.message).map { String($0.split(separator: " ")[1]) }
    }

    @Test func aHelperTheReaderCannotFollowLeavesTheRegistrationOpen() throws {
        let model = Self.read([
            "Shared/AppSchema.swift": """
            enum AppSchema { static func models() -> [any PersistentModel.Type] { [Item.self, Tag.self] } }
            let container = try! ModelContainer(for: Schema(AppSchema.models()), configurations: ModelConfiguration(cloudKitDatabase: .private("iCloud.a")))
            """,
            "Widget/WidgetStore.swift": "let widget = try! ModelContainer(for: Item.self)",
        ])
        #expect(model.registeredTypes == ["Item"], "the widget's subset is read")
        #expect(!model.registrationIsComplete)
        let unfollowed = try #require(model.unfollowedRegistrations.first)
        #expect(model.unfollowedRegistrations.count == 1, "the container and the Schema inside it are one registration")
        #expect(unfollowed.file == "Shared/AppSchema.swift" && unfollowed.line == 2)
        #expect(unfollowed.part == "AppSchema.models()")
        #expect(Self.unregistered(model).isEmpty, "no model is said not to sync when the registration is not known")
        let diagnostic = try #require(model.diagnostics.first { $0.kind == .unresolvedRegistration })
        #expect(diagnostic.message.contains("AppSchema.models()") && diagnostic.line == 2)
    }

    /// `ModelContainer(for: schema, ...)` with `schema` a `Schema([...])` the file binds is
    /// resolved; so is a list bound to a name, here or in another file.
    @Test func namesBoundToListsAreFollowed() {
        let bound = Self.read([
            "App/Store.swift": """
            let schema = Schema([Item.self, Tag.self])
            let config = ModelConfiguration(schema: schema, isStoredInMemoryOnly: false)
            let container = try! ModelContainer(for: schema, configurations: [config])
            """,
        ])
        #expect(bound.registrationIsComplete && bound.registeredTypes == ["Item", "Tag"])
        let array = Self.read(["App/Store.swift": "let all = [Item.self, Tag.self]\nlet container = try! ModelContainer(for: Schema(all))"])
        #expect(array.registrationIsComplete && array.registeredTypes == ["Item", "Tag"])
        let elsewhere = Self.read([
            "App/Store.swift": "let container = try! ModelContainer(for: Schema(AppModels.all))",
            "App/AppModels.swift": "enum AppModels { static let all: [any PersistentModel.Type] = [Item.self, Tag.self] }",
        ])
        #expect(elsewhere.registrationIsComplete && elsewhere.registeredTypes?.sorted() == ["Item", "Tag"])
    }

    /// A schema given as a parameter, or any expression the reader cannot evaluate: open.
    @Test func parametersAndExpressionsAreNotFollowed() {
        let helper = Self.read([
            "App/Store.swift": """
            enum Store {
                static func make(schema: Schema) throws -> ModelContainer {
                    try ModelContainer(for: schema, configurations: ModelConfiguration(schema: schema))
                }
            }
            let container = try! Store.make(schema: Schema([Item.self]))
            """,
        ])
        #expect(helper.registeredTypes == ["Item"])
        #expect(helper.unfollowedRegistrations.map(\.part) == ["schema"])
        let conditional = Self.read(["App/Store.swift": "let c = try! ModelContainer(for: Schema(flag ? [Item.self] : [Item.self, Tag.self]))"])
        #expect(conditional.unfollowedRegistrations.count == 1)
    }

    /// In memory through a `let`, as inline: not the app's registration (issue 27 case 1).
    @Test func anInMemoryConfigurationThroughALetIsNotARegistration() {
        let model = Self.read([
            "App/Scratch.swift": """
            let configuration = ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none)
            let scratch = try! ModelContainer(for: Tag.self, configurations: configuration)
            let app = try! ModelContainer(for: Item.self)
            """,
        ])
        #expect(model.registeredTypes == ["Item"])
        #expect(Self.unregistered(model) == ["Tag"])
    }

    /// Test code is not the app: its models and registrations are left out.
    @Test func testCodeIsNotTheApp() {
        let model = Self.read([
            "AppTests/FixtureTests.swift": """
            import Testing
            @Model final class FixtureRecord { var name: String = ""; init() {} }
            let fixture = try! ModelContainer(for: FixtureRecord.self, Tag.self)
            """,
            "App/Store.swift": "let app = try! ModelContainer(for: Item.self)",
        ])
        #expect(model.entities.map(\.name) == ["Item", "Tag"])
        #expect(model.registeredTypes == ["Item"])
    }
}
