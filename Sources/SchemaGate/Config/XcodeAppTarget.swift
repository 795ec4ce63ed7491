import Foundation

/// An application target of an Xcode project and the Debug build settings `init` needs to
/// suggest how to build and launch it (Docs/CreateRecipes.md): what it builds for
/// (`SDKROOT`, `SUPPORTED_PLATFORMS`, `SUPPORTS_MACCATALYST`), what the product is called,
/// and its bundle identifier.
package struct XcodeAppTarget: Sendable, Equatable {
    /// The `.xcodeproj`, relative to the surveyed root.
    package var project: String
    package var name: String
    /// Build settings of the Debug configuration: the project's, overridden by the target's.
    /// List values are joined with spaces.
    package var settings: [String: String]
    /// Every configuration's settings (`Debug`, `Release`, ...), merged the same way.
    package var configurations: [String: [String: String]]
    /// What the target compiles, relative to the folder holding the `.xcodeproj`: its
    /// synchronized folders (Xcode 16's folder references), then the files of its Sources
    /// build phase.
    package var sources: [String]
    /// The Swift package products the target links (`packageProductDependencies`).
    package var packageProducts: [PackageProduct]
    /// Every local package folder the project references (relative to the folder holding
    /// the `.xcodeproj`): where a product whose package the project does not name is looked for.
    package var projectLocalPackages: [String]

    /// A Swift package product a target links, and where its package is.
    package struct PackageProduct: Sendable, Equatable {
        package enum Package: Sendable, Equatable {
            /// `XCLocalSwiftPackageReference`: its `relativePath`, from the folder holding the `.xcodeproj`.
            case local(String)
            /// `XCRemoteSwiftPackageReference`: fetched, not the app's sources.
            case remote
            /// No `package` (a package added as a folder by an older Xcode).
            case unnamed
        }

        package var name: String
        package var package: Package

        package init(name: String, package: Package) {
            self.name = name
            self.package = package
        }
    }

    package init(project: String, name: String, settings: [String: String],
                configurations: [String: [String: String]] = [:], sources: [String] = [],
                packageProducts: [PackageProduct] = [], projectLocalPackages: [String] = []) {
        self.project = project
        self.name = name
        self.settings = settings
        self.configurations = configurations
        self.sources = sources
        self.packageProducts = packageProducts
        self.projectLocalPackages = projectLocalPackages
    }

    /// The folder holding the `.xcodeproj` (`SRCROOT`, as `project` is spelled).
    package var sourceRoot: String {
        let parent = (project as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// `PRODUCT_NAME` when it is a literal or `$(TARGET_NAME)`: the bundle's and its
    /// executable's name. Nil when unset or built from other settings.
    package var productName: String? {
        guard let value = settings["PRODUCT_NAME"] else { return nil }
        let resolved = value.replacingOccurrences(of: "$(TARGET_NAME)", with: name)
            .replacingOccurrences(of: "${TARGET_NAME}", with: name)
        return resolved.isEmpty || resolved.contains("$") ? nil : resolved
    }

    /// `PRODUCT_BUNDLE_IDENTIFIER` when it is a literal.
    package var bundleIdentifier: String? {
        settings["PRODUCT_BUNDLE_IDENTIFIER"].flatMap { $0.isEmpty || $0.contains("$") ? nil : $0 }
    }

    package var sdkRoot: String? { settings["SDKROOT"] }

    package var supportedPlatforms: [String] {
        (settings["SUPPORTED_PLATFORMS"] ?? "").split(separator: " ").map(String.init)
    }

    /// A `YES`/`NO` setting; nil when unset (Xcode's default then applies).
    package func flag(_ key: String) -> Bool? {
        switch settings[key]?.uppercased() {
        case "YES"?: return true
        case "NO"?: return false
        default: return nil
        }
    }
}

/// Reads the application targets from a `project.pbxproj` (an old-style property list,
/// which `PropertyListSerialization` reads on macOS and Linux).
enum XcodeProjectReader {
    static let applicationProductType = "com.apple.product-type.application"
    /// Unit and UI test bundles: their sources are test code, never the app's models.
    static let testProductTypes: Set<String> = ["com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing"]

    static func appTargets(_ data: Data, project: String) -> [XcodeAppTarget] {
        nativeTargets(data, project: project).filter { $0.productType == applicationProductType }.map(\.target)
    }

    /// What the unit and UI test targets compile, relative to the folder holding the project.
    static func testTargetSources(_ data: Data, project: String) -> [String] {
        nativeTargets(data, project: project).filter { testProductTypes.contains($0.productType) }.flatMap(\.target.sources)
    }

    /// Every native target (apps, extensions, frameworks, tests) with its product type: the
    /// entitlements a target signs with, and its bundle identifier, are build settings of any of them.
    static func nativeTargets(_ data: Data, project: String) -> [(productType: String, target: XcodeAppTarget)] {
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let objects = plist["objects"] as? [String: Any],
              let rootID = plist["rootObject"] as? String,
              let root = objects[rootID] as? [String: Any] else { return [] }
        let projectSettings = settings(list: root["buildConfigurationList"], objects: objects)
        let paths = ElementPaths(objects: objects, mainGroup: root["mainGroup"] as? String,
                                 projectDirPath: root["projectDirPath"] as? String ?? "")
        let targetIDs = root["targets"] as? [String] ?? []
        let localPackages = localPackageFolders(root: root, objects: objects, paths: paths)
        return targetIDs.compactMap { id -> (productType: String, target: XcodeAppTarget)? in
            guard let target = objects[id] as? [String: Any], target["isa"] as? String == "PBXNativeTarget",
                  let productType = target["productType"] as? String,
                  let name = target["name"] as? String else { return nil }
            let own = settings(list: target["buildConfigurationList"], objects: objects)
            var merged: [String: [String: String]] = [:]
            for (configuration, values) in own.all {
                merged[configuration] = (projectSettings.all[configuration] ?? projectSettings.debug).merging(values) { _, target in target }
            }
            return (productType, XcodeAppTarget(
                project: project, name: name, settings: projectSettings.debug.merging(own.debug) { _, target in target },
                configurations: merged, sources: sources(of: target, objects: objects, paths: paths),
                packageProducts: packageProducts(of: target, objects: objects), projectLocalPackages: localPackages))
        }
    }

    /// `packageProductDependencies`: each `XCSwiftPackageProductDependency`'s `productName`
    /// and its `package` reference (Docs/local-packages.md).
    private static func packageProducts(of target: [String: Any], objects: [String: Any]) -> [XcodeAppTarget.PackageProduct] {
        (target["packageProductDependencies"] as? [String] ?? []).compactMap { id in
            guard let dependency = objects[id] as? [String: Any], let name = dependency["productName"] as? String else { return nil }
            guard let packageID = dependency["package"] as? String else { return .init(name: name, package: .unnamed) }
            let reference = objects[packageID] as? [String: Any]
            if reference?["isa"] as? String == "XCLocalSwiftPackageReference", let path = reference?["relativePath"] as? String {
                return .init(name: name, package: .local(path))
            }
            return .init(name: name, package: .remote)
        }
    }

    /// The project's local packages: its `XCLocalSwiftPackageReference`s (`packageReferences`
    /// of the project), then folder references, which is how an older Xcode adds one.
    private static func localPackageFolders(root: [String: Any], objects: [String: Any], paths: ElementPaths) -> [String] {
        var found: [String] = []
        for id in root["packageReferences"] as? [String] ?? [] {
            guard let reference = objects[id] as? [String: Any], reference["isa"] as? String == "XCLocalSwiftPackageReference",
                  let path = reference["relativePath"] as? String, !found.contains(path) else { continue }
            found.append(path)
        }
        let folders = objects.compactMap { id, value -> String? in
            guard let element = value as? [String: Any], element["isa"] as? String == "PBXFileReference",
                  ["folder", "wrapper"].contains(element["lastKnownFileType"] as? String ?? "") else { return nil }
            return paths.path(of: id)
        }
        return found + Set(folders).subtracting(found).sorted()
    }

    /// The synchronized folders, then the Sources phase's files, in the order listed.
    private static func sources(of target: [String: Any], objects: [String: Any], paths: ElementPaths) -> [String] {
        var found: [String] = []
        for id in target["fileSystemSynchronizedGroups"] as? [String] ?? [] {
            if let path = paths.path(of: id), !found.contains(path) { found.append(path) }
        }
        for phaseID in target["buildPhases"] as? [String] ?? [] {
            guard let phase = objects[phaseID] as? [String: Any], phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
            for buildFileID in phase["files"] as? [String] ?? [] {
                guard let buildFile = objects[buildFileID] as? [String: Any], let reference = buildFile["fileRef"] as? String,
                      let path = paths.path(of: reference), !found.contains(path) else { continue }
                found.append(path)
            }
        }
        return found
    }

    /// The settings of every configuration of a list, and of its Debug one (else its default one).
    private static func settings(list id: Any?, objects: [String: Any]) -> (debug: [String: String], all: [String: [String: String]]) {
        guard let id = id as? String, let list = objects[id] as? [String: Any] else { return ([:], [:]) }
        let configurations = (list["buildConfigurations"] as? [String] ?? []).compactMap { objects[$0] as? [String: Any] }
        var all: [String: [String: String]] = [:]
        for configuration in configurations {
            guard let name = configuration["name"] as? String else { continue }
            all[name] = strings(configuration["buildSettings"] as? [String: Any] ?? [:])
        }
        let preferred = ["Debug", list["defaultConfigurationName"] as? String].compactMap { $0 }
        let chosen = preferred.lazy.compactMap { all[$0] }.first
            ?? configurations.first.map { strings($0["buildSettings"] as? [String: Any] ?? [:]) }
        return (chosen ?? [:], all)
    }

    private static func strings(_ settings: [String: Any]) -> [String: String] {
        settings.compactMapValues { value in
            if let text = value as? String { return text }
            return (value as? [String])?.joined(separator: " ")
        }
    }
}

/// Where each file and folder of a project lies, relative to the folder holding the
/// `.xcodeproj`: a `<group>` path continues its parent group's, `SOURCE_ROOT` starts at the
/// project's folder, `<absolute>` is absolute; other trees (built products, the SDK) are not
/// sources. Walked once from the main group.
struct ElementPaths {
    private var paths: [String: String] = [:]

    init(objects: [String: Any], mainGroup: String?, projectDirPath: String) {
        let base = projectDirPath.isEmpty ? "" : projectDirPath
        guard let mainGroup else { return }
        var pending: [(id: String, parent: String?)] = [(mainGroup, base)]
        var seen = Set<String>()
        while let (id, parent) = pending.popLast() {
            guard seen.insert(id).inserted, let element = objects[id] as? [String: Any] else { continue }
            let own = element["path"] as? String
            let path: String?
            switch element["sourceTree"] as? String ?? "<group>" {
            case "<group>": path = parent.map { Self.join($0, own) }
            case "SOURCE_ROOT": path = Self.join(base, own)
            case "<absolute>": path = own
            default: path = nil
            }
            if let path { paths[id] = path.isEmpty ? "." : path }
            for child in element["children"] as? [String] ?? [] { pending.append((child, path)) }
        }
    }

    func path(of id: String) -> String? { paths[id] }

    private static func join(_ parent: String, _ child: String?) -> String {
        guard let child, !child.isEmpty else { return parent }
        if child.hasPrefix("/") || parent.isEmpty || parent == "." { return child }
        return parent + "/" + child
    }
}
