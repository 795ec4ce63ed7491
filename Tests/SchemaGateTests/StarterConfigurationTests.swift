import Foundation
import Testing
import TestSupport
@testable import SchemaGate

@Suite struct StarterConfigurationTests {
    @Test func surveysModelsContainersAndTeam() throws {
        let repo = TemporaryDirectory("survey")
        repo.write("App/Models/Item.swift", "import SwiftData\n\n@Model\nfinal class Item { var name = \"\" }\n")
        repo.write("App/Models/Sub/Tag.swift", "import SwiftData\n@Model final class Tag { }\n")
        repo.write("App/Actors/Worker.swift", "@ModelActor\nactor Worker {}\n")
        repo.write("Legacy/Store.xcdatamodeld/Store.xcdatamodel/contents", "<model/>")
        repo.write(".build/checkouts/Dep/Model.swift", "@Model final class Ignored {}\n")
        repo.write("App/App.entitlements", """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
          <key>com.apple.developer.icloud-container-identifiers</key>
          <array><string>iCloud.com.example.pantry</string></array>
        </dict></plist>
        """)
        repo.write("App.xcodeproj/project.pbxproj", "buildSettings = {\n DEVELOPMENT_TEAM = ABCDE12345;\n};\n")
        let survey = ProjectSurvey.survey(root: repo.path)
        #expect(survey.modelPaths == ["App/Models", "Legacy/Store.xcdatamodeld"])
        #expect(survey.containerIDs == ["iCloud.com.example.pantry"])
        #expect(survey.teamIDs == ["ABCDE12345"])

        // The starter file is valid configuration, with what was found filled in.
        let text = StarterConfiguration.render(survey, tagPattern: "v*")
        let config = try ConfigFile.parse(text, file: "starter")
        #expect(config.teamId == "ABCDE12345")
        #expect(config.containers.map(\.id) == ["iCloud.com.example.pantry"])
        #expect(config.modelPaths == ["App/Models", "Legacy/Store.xcdatamodeld"])
        #expect(config.tagPattern == "v*")
        #expect(text.contains("// \"create\""))
    }

    @Test func anEmptySurveyStillWritesAValidFile() throws {
        let text = StarterConfiguration.render(ProjectSurvey(), tagPattern: nil)
        let config = try ConfigFile.parse(text, file: "starter")
        #expect(config.teamId == nil && config.containers.isEmpty)
        #expect(text.contains("// \"teamId\": \"ABCDE12345\""))
    }
}

@Suite struct InitializerScaffoldTests {
    @Test func isDebugOnlyAndRegistersTheTypes() {
        let source = InitializerScaffold(containerID: "iCloud.com.example.pantry", models: .types(["Item", "SchemaV2.Tag"])).source
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let code = lines.filter { !$0.hasPrefix("//") && !$0.isEmpty }
        #expect(code.first == "#if DEBUG")
        #expect(code.last == "#endif")
        #expect(source.contains("        Item.self,\n        SchemaV2.Tag.self,\n"))
        #expect(source.contains("static let containerIdentifier = \"iCloud.com.example.pantry\""))
        #expect(source.contains("NSManagedObjectModel.makeManagedObjectModel(for: modelTypes)"))
        #expect(source.contains("try container.initializeCloudKitSchema(options: [])"))
        #expect(source.contains("FileManager.default.temporaryDirectory"))
        #expect(source.contains("defer { try? FileManager.default.removeItem(at: directory) }"))
        #expect(source.contains("static let launchArgument = \"-initializeCloudKitSchema\""))
        // Balanced braces: a generated file must at least be well-formed.
        let opening = source.filter { $0 == "{" }.count
        let closing = source.filter { $0 == "}" }.count
        #expect(opening == closing)
    }

    @Test func aVersionedAppUsesItsSchemaVersionsModels() {
        let source = InitializerScaffold(containerID: "iCloud.x", models: .versionedSchema("AppSchemas.V2")).source
        #expect(source.contains("    static let modelTypes: [any PersistentModel.Type] = AppSchemas.V2.models\n"))
    }

    @Test func typeNamesAreChecked() {
        #expect(InitializerScaffold.isTypeName("Item"))
        #expect(InitializerScaffold.isTypeName("SchemaV2.Item"))
        #expect(!InitializerScaffold.isTypeName("Item.self]"))
        #expect(!InitializerScaffold.isTypeName("2Item"))
        #expect(!InitializerScaffold.isTypeName(""))
    }
}
