/// A minimal `project.pbxproj` in the shape Xcode writes (old-style property list, object
/// ids, comments, configuration lists): one project with Debug and Release, and the given
/// targets. Settings are given per level, as Xcode's templates split them (SDKROOT on the
/// project, PRODUCT_NAME and platform settings on the target).
public enum XcodeProjectFixture {
    public struct Target {
        public var name: String
        public var productType: String
        public var settings: [String: String]
        /// Xcode 16 folder references (PBXFileSystemSynchronizedRootGroup) the target compiles.
        public var synchronizedFolders: [String]
        /// Release settings over `settings` (nil: a Debug configuration only).
        public var release: [String: String]?
        /// Package products the target links (`packageProductDependencies`): the product and
        /// its local package's `relativePath` (nil: a remote package).
        public var packageProducts: [(product: String, localPackage: String?)]

        public init(_ name: String, productType: String = "com.apple.product-type.application", _ settings: [String: String],
                    synchronizedFolders: [String] = [], release: [String: String]? = nil,
                    packageProducts: [(product: String, localPackage: String?)] = []) {
            self.name = name
            self.productType = productType
            self.settings = settings
            self.synchronizedFolders = synchronizedFolders
            self.release = release
            self.packageProducts = packageProducts
        }
    }

    public static func pbxproj(project settings: [String: String], targets: [Target]) -> String {
        var objects = [
            configuration("PD", "Debug", settings),
            configuration("PR", "Release", settings.merging(["SWIFT_COMPILATION_MODE": "wholemodule"]) { $1 }),
            "\t\tPL /* Build configuration list for PBXProject */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\tPD /* Debug */,\n\t\t\t\tPR /* Release */,\n\t\t\t);\n\t\t\tdefaultConfigurationName = Release;\n\t\t};",
        ]
        var groups: [String] = []
        var packages: [String: String] = [:]  // package reference id by relativePath or URL
        for (index, target) in targets.enumerated() {
            let id = "T\(index)"
            let folders = target.synchronizedFolders.indices.map { "\(id)G\($0)" }
            let synchronized = folders.isEmpty ? "" : "\t\t\tfileSystemSynchronizedGroups = (\n" + folders.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n"
            var products: [String] = []
            for (number, product) in target.packageProducts.enumerated() {
                let key = product.localPackage ?? "https://example.com/\(product.product).git"
                let reference = packages[key] ?? "PK\(packages.count)"
                if packages[key] == nil {
                    packages[key] = reference
                    objects.append(product.localPackage.map {
                        "\t\t\(reference) /* XCLocalSwiftPackageReference \"\($0)\" */ = {\n\t\t\tisa = XCLocalSwiftPackageReference;\n\t\t\trelativePath = \(quoted($0));\n\t\t};"
                    } ?? "\t\t\(reference) /* XCRemoteSwiftPackageReference */ = {\n\t\t\tisa = XCRemoteSwiftPackageReference;\n\t\t\trepositoryURL = \(quoted(key));\n\t\t\trequirement = {\n\t\t\t\tkind = upToNextMajorVersion;\n\t\t\t\tminimumVersion = 1.0.0;\n\t\t\t};\n\t\t};")
                }
                objects.append("\t\t\(id)P\(number) /* \(product.product) */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tpackage = \(reference);\n\t\t\tproductName = \(quoted(product.product));\n\t\t};")
                products.append("\(id)P\(number)")
            }
            let productList = products.isEmpty ? "" : "\t\t\tpackageProductDependencies = (\n" + products.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n"
            objects.append("\t\t\(id) /* \(target.name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = \(id)L;\n\(synchronized)\(productList)\t\t\tname = \(quoted(target.name));\n\t\t\tproductName = \(quoted(target.name));\n\t\t\tproductType = \(quoted(target.productType));\n\t\t};")
            for (folder, path) in zip(folders, target.synchronizedFolders) {
                objects.append("\t\t\(folder) /* \(path) */ = {\n\t\t\tisa = PBXFileSystemSynchronizedRootGroup;\n\t\t\tpath = \(quoted(path));\n\t\t\tsourceTree = \"<group>\";\n\t\t};")
                groups.append(folder)
            }
            let release = target.release.map { _ in "\t\t\t\t\(id)R /* Release */,\n" } ?? ""
            objects.append("\t\t\(id)L = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t\(id)D /* Debug */,\n\(release)\t\t\t);\n\t\t\tdefaultConfigurationName = Release;\n\t\t};")
            objects.append(configuration("\(id)D", "Debug", target.settings))
            if let overrides = target.release { objects.append(configuration("\(id)R", "Release", target.settings.merging(overrides) { $1 })) }
        }
        objects.append("\t\tMG = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n" + groups.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};")
        let targetList = targets.indices.map { "\t\t\t\tT\($0),\n" }.joined()
        let references = packages.isEmpty ? "" : "\t\t\tpackageReferences = (\n" + packages.values.sorted().map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n"
        objects.append("\t\tP /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = PL;\n\t\t\tmainGroup = MG;\n\(references)\t\t\ttargets = (\n\(targetList)\t\t\t);\n\t\t};")
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 56;\n\tobjects = {\n\n"
            + objects.joined(separator: "\n") + "\n\t};\n\trootObject = P /* Project object */;\n}\n"
    }

    private static func configuration(_ id: String, _ name: String, _ settings: [String: String]) -> String {
        let lines = settings.sorted { $0.key < $1.key }.map { "\t\t\t\t\($0.key) = \(quoted($0.value));\n" }.joined()
        return "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\(lines)\t\t\t};\n\t\t\tname = \(name);\n\t\t};"
    }

    private static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The settings of Xcode's iOS app template: SDKROOT on the project, the rest on the target.
    public static func iOSApp(_ name: String, catalyst: Bool = false) -> String {
        pbxproj(project: ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "17.5"], targets: [
            Target(name, [
                "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.\(name)",
                "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator", "SUPPORTS_MACCATALYST": catalyst ? "YES" : "NO",
                "SUPPORTS_MAC_DESIGNED_FOR_IPHONE_IPAD": "YES",
            ]),
        ])
    }

    public static func macApp(_ name: String) -> String {
        pbxproj(project: ["SDKROOT": "macosx", "MACOSX_DEPLOYMENT_TARGET": "14.0"], targets: [
            Target(name, ["PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.\(name)"]),
        ])
    }
}

extension XcodeProjectFixture {
    /// The starter file's commented-out `"create": ...` entry as a configuration of its own
    /// (`{ "create": ... }`), as a user uncommenting it would get.
    public static func uncommentedCreate(_ starter: String) -> String? {
        guard let line = starter.split(separator: "\n").first(where: { $0.hasPrefix("  // \"create\":") }) else { return nil }
        var entry = line.dropFirst("  // ".count)
        if entry.hasSuffix(",") { entry = entry.dropLast() }
        return "{ \(entry) }"
    }
}
