import Foundation
import Testing
import TestSupport
@testable import SchemaGate
import ModelSource

@Suite(.waitsOnProcesses) struct StarterConfigurationTests {
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

        // The starter file is valid configuration, with what was found in comments only:
        // pinned, it would go stale the day a model folder or container is added.
        let text = StarterConfiguration.render(survey, tagPattern: "v*")
        let config = try ConfigFile.parse(text, file: "starter")
        #expect(config.teamId == nil && config.containers.isEmpty && config.modelPaths == nil && config.tagPattern == nil)
        #expect(text.contains("// \"teamId\": \"ABCDE12345\","))
        #expect(text.contains("// \"containers\": [{ \"id\": \"iCloud.com.example.pantry\" }],"))
        #expect(text.contains("// \"modelPaths\": [\"App/Models\", \"Legacy/Store.xcdatamodeld\"],"))
        #expect(text.contains("// \"tagPattern\": \"v*\","))
        #expect(text.contains("// \"create\""))
    }

    @Test func anEmptySurveyStillWritesAValidFile() throws {
        let text = StarterConfiguration.render(ProjectSurvey(), tagPattern: nil)
        let config = try ConfigFile.parse(text, file: "starter")
        #expect(config.teamId == nil && config.containers.isEmpty)
        #expect(text.contains("// \"teamId\": \"ABCDE12345\""))
    }
}

@Suite(.waitsOnProcesses) struct InitializerScaffoldTests {
    let pantry = InitializerScaffold(containerID: "iCloud.com.example.pantry", models: .types(["Item", "SchemaV2.Tag"]))

    /// The code a compiler sees with DEBUG set or not (comments dropped).
    func code(_ source: String, debug: Bool) -> [String] {
        var active: [Bool] = []
        var kept: [String] = []
        for line in source.split(separator: "\n").map(String.init) where !line.hasPrefix("//") {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "#if DEBUG": active.append(debug)
            case "#else": active[active.count - 1].toggle()
            case "#endif": active.removeLast()
            default: if active.allSatisfy({ $0 }) { kept.append(line) }
            }
        }
        #expect(active.isEmpty, "unbalanced #if DEBUG")
        return kept
    }

    @Test func releaseBuildsCompileOnlyAnEmptyRunIfRequested() {
        let release = code(pantry.source, debug: false).joined(separator: "\n")
        #expect(release.contains("static func runIfRequested() {}"))
        for debugOnly in ["CoreData", "SwiftData", "initializeCloudKitSchema(", "NSPersistent", "exit(", "modelTypes"] {
            #expect(!release.contains(debugOnly), "a Release build compiles \(debugOnly)")
        }
        let debug = code(pantry.source, debug: true).joined(separator: "\n")
        #expect(debug.contains("static func runIfRequested(arguments: [String] = ProcessInfo.processInfo.arguments) {"))
        #expect(!debug.contains("static func runIfRequested() {}"))
    }

    @Test func materializesTheRegisteredTypesThroughAThrowawayStore() {
        let source = pantry.source
        #expect(source.contains("            Item.self,\n            SchemaV2.Tag.self,\n"))
        #expect(source.contains("static let containerIdentifier = \"iCloud.com.example.pantry\""))
        #expect(source.contains("NSManagedObjectModel.makeManagedObjectModel(for: modelTypes)"))
        #expect(source.contains("try container.initializeCloudKitSchema(options: [])"))
        #expect(source.contains("FileManager.default.temporaryDirectory"))
        #expect(source.contains("defer { try? FileManager.default.removeItem(at: directory) }"))
        #expect(source.contains("static let launchArgument = \"-initializeCloudKitSchema\""))
        // The outcome lines create recipes and CreateStep look for, then the exit status.
        #expect(source.contains("report(\"\(InitializerScaffold.successLine) for \\(containerIdentifier)\")\n            exit(0)"))
        #expect(source.contains("report(\"\(InitializerScaffold.failureLine): \\(error)\")\n            exit(1)"))
    }

    /// Where to call it: before the template's closure-built container, and before an
    /// init-built one; in the file and in what `scaffold` prints.
    @Test func theHeaderShowsWhereToCallItBeforeTheAppsStoreOpens() {
        let header = pantry.source.split(separator: "\n").prefix { $0.hasPrefix("//") }.joined(separator: "\n")
        #expect(header.contains("""
        //     var sharedModelContainer: ModelContainer = {
        //         CloudKitSchemaInitializer.runIfRequested()
        //         let schema = Schema([Item.self])
        """))
        #expect(header.contains("""
        //     init() {
        //         CloudKitSchemaInitializer.runIfRequested()
        //         container = try! ModelContainer(for: Item.self)
        """))
        #expect(!header.contains("open -W"))
        #expect(header.contains("App.app/Contents/MacOS/App -initializeCloudKitSchema"))
        #expect(pantry.placementGuide.filter { !$0.isEmpty }.allSatisfy { header.contains("// " + $0) })
    }

    /// The mark change detection relies on, and its consequence for the model reader: the
    /// scaffold's list is not the app's registration.
    @Test func theFileIsMarkedAndItsListIsNotARegistration() {
        let bytes = Array(pantry.source.utf8)
        #expect(pantry.source.hasPrefix("// \(ScaffoldMarker.token) "))
        #expect(ScaffoldMarker.isMarked(bytes))
        let roles = SwiftModelParser.modelRoles(bytes)
        #expect(!roles.declaresModel && !roles.registersModels)
        let item = ModelSourceFile(path: "Item.swift", contents: Array("import SwiftData\n@Model final class Item { var name: String = \"\"\n init() {} }\n".utf8))
        let model = ModelReader.read(files: [item, ModelSourceFile(path: "Init.swift", contents: bytes)])
        #expect(model.registeredTypes == nil)
        #expect(model.entities.map(\.name) == ["Item"])
        #expect(model.diagnostics.isEmpty, "\(model.diagnostics)")
    }

    /// The compiler's own parser accepts the generated file, both forms of model list.
    @Test func swiftcParsesTheGeneratedFile() throws {
        let swiftc = try which("swiftc")
        let directory = TemporaryDirectory("scaffold-parse")
        for (name, scaffold) in [("Types.swift", pantry),
                                 ("Versioned.swift", InitializerScaffold(containerID: "iCloud.x", models: .versionedSchema("AppSchemas.V2")))] {
            let file = directory.write(name, scaffold.source)
            for flags in [["-parse"], ["-parse", "-D", "DEBUG"]] {
                let result = try runProcess(swiftc, flags + [file])
                #expect(result.status == 0, "swiftc \(flags) \(name): \(result.output)")
            }
        }
    }

    @Test func aVersionedAppUsesItsSchemaVersionsModels() {
        let source = InitializerScaffold(containerID: "iCloud.x", models: .versionedSchema("AppSchemas.V2")).source
        #expect(source.contains("    static var modelTypes: [any PersistentModel.Type] { AppSchemas.V2.models }\n"))
    }

    @Test func typeNamesAreChecked() {
        #expect(InitializerScaffold.isTypeName("Item"))
        #expect(InitializerScaffold.isTypeName("SchemaV2.Item"))
        #expect(!InitializerScaffold.isTypeName("Item.self]"))
        #expect(!InitializerScaffold.isTypeName("2Item"))
        #expect(!InitializerScaffold.isTypeName(""))
    }
}

/// `init`'s create recipe: the route follows the Xcode project's platform settings, and
/// the suggested command survives the JSON it is written into.
@Suite(.waitsOnProcesses) struct CreateRecipeTests {
    let directory = TemporaryDirectory("recipe")

    func recipe(_ pbxproj: String) throws -> (CreateRecipe?, String) {
        directory.write("Pantry.xcodeproj/project.pbxproj", pbxproj)
        let survey = ProjectSurvey.survey(root: directory.path)
        let starter = StarterConfiguration.render(survey, tagPattern: nil)
        _ = try ConfigFile.parse(starter, file: "starter")
        let recipe = survey.appTargets.lazy.compactMap { CreateRecipe.suggest(for: $0, launchArgument: "-initializeCloudKitSchema") }.first
        if let recipe {
            // Uncommented, the entry is exactly the recipe.
            let entry = try #require(XcodeProjectFixture.uncommentedCreate(starter))
            #expect(try ConfigFile.parse(entry, file: "entry").create?.command == .shell(recipe.command))
        }
        return (recipe, starter)
    }

    @Test func anIOSOnlyAppRunsInASimulatorAndPassesOnTheScaffoldsSuccessLine() throws {
        let (found, starter) = try recipe(XcodeProjectFixture.iOSApp("Pantry"))
        let recipe = try #require(found)
        #expect(recipe.route == .iOSSimulator)
        #expect(recipe.command.contains("-destination \"platform=iOS Simulator,name=$device\" -derivedDataPath build/CloudKitSchema"))
        #expect(recipe.command.contains("xcrun simctl install \"$device\" 'build/CloudKitSchema/Build/Products/Debug-iphonesimulator/Pantry.app'"))
        #expect(recipe.command.contains("xcrun simctl launch --console --terminate-running-process \"$device\" 'com.example.Pantry' -initializeCloudKitSchema"))
        #expect(recipe.command.hasSuffix("grep -q '\(InitializerScaffold.successLine)' \"$log\""))
        #expect(starter.contains("Designed for iPad"))
        #expect(starter.contains("not otherwise"))
        #expect(!starter.contains("open -W"))
    }

    @Test func aMacAppRunsTheExecutableInsideItsBundle() throws {
        let recipe = try #require(try recipe(XcodeProjectFixture.macApp("Pantry")).0)
        #expect(recipe.route == .macOS)
        #expect(recipe.command == "xcodebuild build -project 'Pantry.xcodeproj' -scheme 'Pantry' -configuration Debug -destination 'platform=macOS' -derivedDataPath build/CloudKitSchema -quiet && 'build/CloudKitSchema/Build/Products/Debug/Pantry.app/Contents/MacOS/Pantry' -initializeCloudKitSchema")
    }

    @Test func anIOSAppThatBuildsForMacCatalystRunsTheCatalystExecutable() throws {
        let recipe = try #require(try recipe(XcodeProjectFixture.iOSApp("Pantry", catalyst: true)).0)
        #expect(recipe.route == .macCatalyst)
        #expect(recipe.command.contains("-destination 'platform=macOS,variant=Mac Catalyst'"))
        #expect(recipe.command.hasSuffix("'build/CloudKitSchema/Build/Products/Debug-maccatalyst/Pantry.app/Contents/MacOS/Pantry' -initializeCloudKitSchema"))
    }

    /// Xcode's multiplatform template: SDKROOT = auto and the platforms listed.
    @Test func aMultiplatformAppBuildsForMacOS() throws {
        let project = XcodeProjectFixture.pbxproj(project: [:], targets: [
            .init("Pantry", ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx xros xrsimulator",
                             "PRODUCT_NAME": "$(TARGET_NAME)"]),
        ])
        #expect(try recipe(project).0?.route == .macOS)
    }

    @Test func theDebugTargetSettingsOverrideTheProjectAndOnlyAppsCount() throws {
        let project = XcodeProjectFixture.pbxproj(project: ["SDKROOT": "iphoneos"], targets: [
            .init("PantryKit", productType: "com.apple.product-type.framework", ["SDKROOT": "macosx"]),
            .init("Pantry Mac", ["SDKROOT": "macosx", "PRODUCT_NAME": "Pantry"]),
            .init("PantryTests", productType: "com.apple.product-type.bundle.unit-test", [:]),
        ])
        let (found, starter) = try recipe(project)
        let recipe = try #require(found)
        #expect(recipe.target.name == "Pantry Mac")
        #expect(recipe.command.contains("-scheme 'Pantry Mac'"))
        #expect(recipe.command.contains("'build/CloudKitSchema/Build/Products/Debug/Pantry.app/Contents/MacOS/Pantry'"))
        #expect(!starter.contains("PantryKit"))
    }

    @Test func aTargetForNeitherMacOSNorIOSGetsNoRecipe() throws {
        let project = XcodeProjectFixture.pbxproj(project: ["SDKROOT": "appletvos"], targets: [.init("PantryTV", [:])])
        let (recipe, starter) = try recipe(project)
        #expect(recipe == nil)
        #expect(starter.contains("No Xcode app target for macOS or iOS was found"))
        #expect(starter.contains("Contents/MacOS/MyApp -initializeCloudKitSchema"))
    }

    @Test func aProductNameFromOtherSettingsIsSaidToBeAnAssumption() throws {
        let project = XcodeProjectFixture.pbxproj(project: ["SDKROOT": "macosx"], targets: [
            .init("Pantry", ["PRODUCT_NAME": "$(PRODUCT_BASE)-dev"]),
        ])
        let (found, starter) = try recipe(project)
        #expect(found?.command.contains("Debug/Pantry.app/Contents/MacOS/Pantry'") == true)
        #expect(starter.contains("PRODUCT_NAME is not a literal"))
    }

    @Test func shellQuotingSurvivesQuotes() {
        #expect(CreateRecipe.shellQuoted("it's") == "'it'\\''s'")
    }
}
