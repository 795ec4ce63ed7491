import Foundation
import Testing
import TestSupport
@testable import SchemaGate

/// Test code is not the app: the project survey (and so `init` and zero configuration)
/// leaves the Xcode test targets' and the SwiftPM test targets' sources out of the model
/// paths, and takes the folders of the code that builds a store in.
@Suite struct SurveyTestCodeTests {
    static let model = "import SwiftData\n@Model final class Item { var title: String = \"\"; init() {} }\n"
    static let fixture = "import SwiftData\n@Model final class FixtureRecord { var name: String = \"\"; init() {} }\n"

    @Test func xcodeTestTargetsAreNotModelPaths() {
        let directory = TemporaryDirectory("survey-tests")
        directory.write("App/Item.swift", Self.model)
        // No XCTest import: only the project says this folder is a test target's.
        directory.write("AppTests/Fixtures/FixtureRecord.swift", Self.fixture)
        directory.write("AppUITests/Screens.swift", Self.fixture)
        directory.write("App.xcodeproj/project.pbxproj", XcodeProjectFixture.pbxproj(project: [:], targets: [
            .init("App", ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.app"], synchronizedFolders: ["App"]),
            .init("AppTests", productType: "com.apple.product-type.bundle.unit-test", [:], synchronizedFolders: ["AppTests"]),
            .init("AppUITests", productType: "com.apple.product-type.bundle.ui-testing", [:], synchronizedFolders: ["AppUITests"]),
        ]))
        let survey = ProjectSurvey.survey(root: directory.path)
        #expect(survey.modelPaths == ["App"])
        #expect(survey.modelFiles == ["App/Item.swift"])
        #expect(survey.testPaths.sorted() == ["AppTests", "AppUITests"])
    }

    @Test func swiftPMTestTargetsAreNotModelPaths() {
        let directory = TemporaryDirectory("survey-spm-tests")
        directory.write("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Kit", targets: [
            .target(name: "Kit"),
            .testTarget(name: "ChecksTests", dependencies: ["Kit", .product(name: "X", package: "x")], path: "Checks"),
            .executableTarget(name: "Tool", path: "Tools/Tool"),
        ])
        """)
        directory.write("Sources/Kit/Item.swift", Self.model)
        directory.write("Tests/KitTests/Fixture.swift", Self.fixture)
        directory.write("Checks/Fixture.swift", Self.fixture)
        directory.write("Tools/Tool/Store.swift", Self.fixture)
        let survey = ProjectSurvey.survey(root: directory.path)
        #expect(survey.modelPaths == ["Sources/Kit", "Tools/Tool"])
    }

    /// A file that imports XCTest or Testing is test code wherever it is.
    @Test func filesImportingATestFrameworkAreNotModelFiles() {
        let directory = TemporaryDirectory("survey-imports")
        directory.write("App/Item.swift", Self.model)
        directory.write("Checks/FixtureTests.swift", "import XCTest\n" + Self.fixture)
        #expect(ProjectSurvey.survey(root: directory.path).modelPaths == ["App"])
    }

    /// The folder of the code that builds the stores is read too: it says which models sync.
    @Test func theFolderThatBuildsTheStoresIsAModelPath() {
        let directory = TemporaryDirectory("survey-stores")
        directory.write("Model/Notes.xcdatamodeld/Notes.xcdatamodel/contents", "<model><entity name=\"Note\"/></model>")
        directory.write("App/Persistence.swift", "import CoreData\nlet container = NSPersistentCloudKitContainer(name: \"Notes\")\n")
        directory.write("App/Views.swift", "struct V {}\n")
        #expect(ProjectSurvey.survey(root: directory.path).modelPaths == ["App", "Model/Notes.xcdatamodeld"])
    }
}
