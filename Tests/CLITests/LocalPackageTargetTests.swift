import Foundation
import Testing
import TestSupport

/// A modular Xcode app: `MyApp`'s models live in the local package `Packages/Core`, which
/// the target links (Docs/local-packages.md). `--target MyApp` reads the app's own folder
/// and the package's targets the linked product holds, through the real binary; never the
/// package's test target, a target the product does not hold, or a remote package.
@Suite(.waitsOnProcesses) struct LocalPackageTargetTests {
    static func model(_ name: String) -> String {
        """
        import Foundation
        import SwiftData

        @Model
        final class \(name) {
            var name: String = ""
            init(name: String = "") { self.name = name }
        }

        """
    }

    static func manifest(products: String) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Core",
            products: [
                // .library(name: "Core", targets: ["Unused"]),  a comment is no product
                \(products)
            ],
            dependencies: [.package(path: "../Shared"), .package(url: "https://example.com/remote.git", from: "1.0.0")],
            targets: [
                .target(name: "Core", dependencies: ["CoreModels", .product(name: "Remote", package: "remote")]),
                .target(name: "CoreModels", dependencies: [.product(name: "Shared", package: "Shared")], path: "Sources/Models"),
                .target(name: "Unused"),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
            ]
        )

        """
    }

    /// The repository: the app folder holds no model; `Packages/Core` holds Item (target
    /// Core), Tag (CoreModels, which Core depends on), Ghost (Unused, in no product) and
    /// TestOnly (its test target); `Packages/Shared`, a local package CoreModels uses, holds
    /// Label; `Packages/Other`, which nothing links, holds Stray.
    static func repository(products: String = #".library(name: "Core", targets: ["Core"]),"#) throws -> FixtureRepository {
        let repo = try FixtureRepository("modular-app")
        repo.write("MyApp.xcodeproj/project.pbxproj", XcodeProjectFixture.pbxproj(project: ["SDKROOT": "iphoneos"], targets: [
            XcodeProjectFixture.Target("MyApp", ["PRODUCT_NAME": "$(TARGET_NAME)"], synchronizedFolders: ["MyApp"],
                                       packageProducts: [("Core", "Packages/Core"), ("Remote", nil)]),
            XcodeProjectFixture.Target("MyAppTests", productType: "com.apple.product-type.bundle.unit-test", [:],
                                       synchronizedFolders: ["MyAppTests"]),
        ]))
        repo.write("MyApp/MyAppApp.swift", "import SwiftUI\n\n@main\nstruct MyAppApp: App {\n    var body: some Scene { WindowGroup { Text(\"Hi\") } }\n}\n")
        repo.write("Packages/Core/Package.swift", manifest(products: products))
        repo.write("Packages/Core/Sources/Core/Item.swift", model("Item"))
        repo.write("Packages/Core/Sources/Models/Tag.swift", model("Tag"))
        repo.write("Packages/Core/Sources/Unused/Ghost.swift", model("Ghost"))
        repo.write("Packages/Core/Tests/CoreTests/TestOnly.swift", model("TestOnly"))
        repo.write("Packages/Shared/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shared", products: [.library(name: "Shared", targets: ["Shared"])],
                                  targets: [.target(name: "Shared"), .testTarget(name: "SharedTests", dependencies: ["Shared"])])

            """)
        repo.write("Packages/Shared/Sources/Shared/Label.swift", model("Label"))
        repo.write("Packages/Shared/Tests/SharedTests/SharedFake.swift", model("SharedFake"))
        repo.write("Packages/Other/Package.swift", "import PackageDescription\nlet package = Package(name: \"Other\", targets: [.target(name: \"Other\")])\n")
        repo.write("Packages/Other/Sources/Other/Stray.swift", model("Stray"))
        return repo
    }

    static func entities(_ stdout: String) -> Set<String> {
        Set(stdout.split(separator: "\n").compactMap { line in
            let name = line.split(separator: " ").first.map(String.init) ?? ""
            return ["Item", "Tag", "Label", "Ghost", "TestOnly", "SharedFake", "Stray"].contains(name) ? name : nil
        })
    }

    @Test func modelsAndLintReadTheLocalPackagesTheTargetLinks() throws {
        let repo = try Self.repository()
        let models = try runProcess(cloudkitSchemaBinary, ["models", "--target", "MyApp"], in: repo.path)
        #expect(models.status == 0, "\(models.stdout)\(models.stderr)")
        #expect(Self.entities(models.stdout) == ["Item", "Tag", "Label"], "\(models.stdout)\(models.stderr)")
        #expect(!models.stderr.contains("note:"), "every product was settled: \(models.stderr)")
        let lint = try runProcess(cloudkitSchemaBinary, ["lint", "--target", "MyApp"], in: repo.path)
        #expect(lint.stdout.contains("Linted 3 model(s)"), "\(lint.stdout)\(lint.stderr)")
        let config = try runProcess(cloudkitSchemaBinary, ["config", "--get", "modelPaths", "--target", "MyApp"], in: repo.path)
        #expect(config.stdout == "MyApp\nPackages/Core/Sources/Core\nPackages/Core/Sources/Models\nPackages/Shared/Sources/Shared\n", "\(config.stdout)\(config.stderr)")
    }

    /// A product the manifest does not spell literally: every non-test target of the
    /// package (Ghost too), said on stderr; the test targets still never.
    @Test func anUnsettledProductReadsEveryNonTestTargetAndSaysSo() throws {
        let repo = try Self.repository(products: #".library(name: "Core", targets: coreTargets),"#)
        let models = try runProcess(cloudkitSchemaBinary, ["models", "--target", "MyApp"], in: repo.path)
        #expect(models.status == 0, "\(models.stdout)\(models.stderr)")
        #expect(Self.entities(models.stdout) == ["Item", "Tag", "Ghost", "Label"], "\(models.stdout)\(models.stderr)")
        #expect(models.stderr.contains("note: --target MyApp: Packages/Core: its Package.swift does not settle which targets product Core holds, so every non-test target of the package is read"), "\(models.stderr)")
    }
}
