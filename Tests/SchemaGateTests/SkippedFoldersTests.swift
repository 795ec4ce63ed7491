import Foundation
import ModelSource
@testable import SchemaGate
@testable import SchemaGateBasics
import TestSupport
import Testing

/// The model reader, lint, the project survey and change detection walk an app's folders
/// with one skip list: on a tree with vendored folders they see the same model file.
@Suite struct SkippedFoldersTests {
    static let vendored = [
        "Carthage/Checkouts/Kit/Sources/CarthageModel.swift", "node_modules/pkg/ios/NodeModel.swift",
        ".swiftpm/xcode/SwiftPMModel.swift", "Pods/Pod/PodModel.swift", "vendor/Lib/VendorModel.swift",
        ".build/checkouts/Dep/BuildModel.swift", "build/Generated/LegacyBuildModel.swift",
        "DerivedData/App/DerivedModel.swift", "App.xcodeproj/xcuserdata/UserModel.swift",
    ]

    static func tree() -> TemporaryDirectory {
        let root = TemporaryDirectory("skipped-folders")
        root.write("App/Models/Item.swift", "import SwiftData\n@Model final class Item { var title: String = \"\" }\n")
        for path in vendored {
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            root.write(path, "import SwiftData\n@Model final class \(name) { var title: String = \"\" }\n")
        }
        return root
    }

    @Test func theModelReaderLintAndTheSurveyAgreeOnVendoredFolders() throws {
        let root = Self.tree()
        let canonical = CanonicalPath(root.path).path
        #expect(ModelReader.read(paths: [canonical]).entities.map(\.name) == ["Item"])
        #expect(ModelReader.files(paths: [canonical], workingDirectory: nil) == [canonical + "/App/Models/Item.swift"])
        #expect(try LintScope.collect(paths: [canonical]).swiftFiles == [canonical + "/App/Models/Item.swift"])
        #expect(ProjectSurvey.survey(root: canonical).modelFiles == ["App/Models/Item.swift"])
    }

    /// Change detection and `lint --staged` judge repository-relative paths by the same list.
    @Test func pathsInVendoredFoldersAreSkippedByName() {
        for path in Self.vendored {
            #expect(SkippedFolders.containsFolder(of: path), "\(path)")
            #expect(LintScope.isInSkippedFolder(path), "\(path)")
        }
        #expect(!SkippedFolders.containsFolder(of: "App/Models/Item.swift"))
        #expect(!SkippedFolders.containsFolder(of: "./App/.hidden.swift"))
        #expect(!SkippedFolders.containsFolder(of: "App/Model.xcdatamodeld/Model.xcdatamodel/contents"))
    }

    /// A vendored folder named explicitly is read: the list applies below the paths given.
    @Test func aSkippedFolderGivenExplicitlyIsRead() {
        let root = Self.tree()
        let pods = CanonicalPath(root.file("Pods")).path
        #expect(ModelReader.read(paths: [pods]).entities.map(\.name) == ["PodModel"])
    }
}
