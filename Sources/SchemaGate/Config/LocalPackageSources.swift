import Foundation
import SchemaGateBasics

/// The source folders a target's local Swift packages add to its models
/// (Docs/local-packages.md): for each product the target links from a local package, the
/// folders of the package's targets the product lists and of the targets those depend on,
/// through the local packages they depend on in turn. Test targets never. Where a manifest
/// does not settle which targets a product holds, every non-test target of the package is
/// taken and a note says so: more models, never fewer.
struct LocalPackageSources {
    /// Absolute source folders, in the order found, without duplicates.
    private(set) var folders: [String] = []
    /// What could not be settled and was taken whole, one sentence each.
    private(set) var notes: [String] = []
    private var visited = Set<String>()
    private let root: String

    /// SwiftPM's default homes of a target's sources, in the order it looks.
    static let defaultSourceFolders = ["Sources", "Source", "src", "srcs"]

    /// The local packages' folders for an Xcode target; `root` is the surveyed root the
    /// target's project path is relative to.
    init(_ target: XcodeAppTarget, root: String) {
        self.root = root
        let projectFolder = UserPath.absolute(target.sourceRoot, in: root)
        for product in target.packageProducts {
            switch product.package {
            case .local(let path):
                add(product: product.name, package: UserPath.absolute(path, in: projectFolder))
            case .remote:
                continue
            case .unnamed:
                let candidates = target.projectLocalPackages.map { UserPath.absolute($0, in: projectFolder) }
                    .filter { Self.manifest(in: $0).map { $0.products[product.name] != nil || !$0.settled } ?? false }
                for folder in candidates { add(product: product.name, package: folder) }
            }
        }
    }

    private mutating func add(product: String, package folder: String) {
        guard visited.insert(CanonicalPath(folder).path + "\n" + product).inserted else { return }
        guard let manifest = Self.manifest(in: folder) else {
            notes.append("\(shown(folder)) has no readable Package.swift, so all of it is read for product \(product)")
            append(folder)
            return
        }
        guard manifest.settled, let targets = manifest.products[product] else {
            addAll(manifest, folder: folder, because: "its Package.swift does not settle which targets product \(product) holds")
            return
        }
        addTargets(targets, manifest, folder: folder)
    }

    /// The named targets and what they depend on, in this package and in its local packages.
    private mutating func addTargets(_ names: [String], _ manifest: PackageManifestText, folder: String) {
        var pending = names
        var seen = Set<String>()
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            guard let target = manifest.target(named: name) else {
                addAll(manifest, folder: folder, because: "its Package.swift declares no target \(name) it could read")
                return
            }
            guard !target.isTest else { continue }
            append(Self.sourceFolder(of: target, in: folder))
            for dependency in target.dependencies {
                switch dependency {
                case .target(let other): pending.append(other)
                case .byName(let other) where manifest.target(named: other) != nil: pending.append(other)
                case .byName(let product): addProduct(product, package: nil, from: manifest, folder: folder)
                case .product(let product, let package): addProduct(product, package: package, from: manifest, folder: folder)
                }
            }
        }
    }

    /// A product of a package this one depends on: followed when that package is local
    /// (`.package(path:)`); a remote one is fetched code, not the app's.
    private mutating func addProduct(_ product: String, package: String?, from manifest: PackageManifestText, folder: String) {
        let local = manifest.localPackages.filter { dependency in
            package.map { dependency.identity.lowercased() == $0.lowercased() } ?? true
        }
        for dependency in local {
            let dependencyFolder = UserPath.absolute(dependency.path, in: folder)
            if package != nil || Self.manifest(in: dependencyFolder)?.products[product] != nil {
                add(product: product, package: dependencyFolder)
            }
        }
    }

    /// Every non-test target of the package, and every local package it depends on, whole.
    private mutating func addAll(_ manifest: PackageManifestText, folder: String, because reason: String) {
        guard visited.insert(CanonicalPath(folder).path + "\n*").inserted else { return }
        notes.append("\(shown(folder)): \(reason), so every non-test target of the package is read")
        for target in manifest.targets where !target.isTest { append(Self.sourceFolder(of: target, in: folder)) }
        if !manifest.settled && manifest.targets.isEmpty { append(folder) }
        for dependency in manifest.localPackages {
            let dependencyFolder = UserPath.absolute(dependency.path, in: folder)
            guard let other = Self.manifest(in: dependencyFolder) else { continue }
            addAll(other, folder: dependencyFolder, because: "a local package of \(shown(folder)) read whole")
        }
    }

    /// `path:` when given, else the first of SwiftPM's default homes that exists.
    static func sourceFolder(of target: PackageManifestText.Target, in folder: String) -> String {
        if let path = target.path { return UserPath.absolute(path, in: folder) }
        let candidates = defaultSourceFolders.map { folder + "/" + $0 + "/" + target.name }
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }

    static func manifest(in folder: String) -> PackageManifestText? {
        guard case .success(let bytes) = FileSystem.readRegularFile(folder + "/Package.swift") else { return nil }
        return PackageManifestText(String(decoding: bytes, as: UTF8.self))
    }

    private mutating func append(_ folder: String) {
        if !folders.contains(folder) { folders.append(folder) }
    }

    private func shown(_ folder: String) -> String {
        UserPath.display(folder, from: root)
    }
}
