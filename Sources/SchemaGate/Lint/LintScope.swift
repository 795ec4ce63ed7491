import Foundation
import ModelSource
import SchemaGateBasics

/// The files one `lint` run looks at, from the paths the user gave: model sources for the
/// model reader, Swift files for configuration traps, entitlements and Info.plists.
/// Directories are walked (skipping `SkippedFolders`: build output, dependencies, hidden folders); files
/// are taken as given, so a pre-commit hook can lint exactly the staged files.
struct LintScope: Equatable {
    /// Paths handed to the model reader (directories, Swift files, Core Data models).
    var modelPaths: [String] = []
    var swiftFiles: [String] = []
    /// Each Swift file's path as seen from the folder given to lint (its name included):
    /// `CubbyTests/ItemTests.swift`. Folders above that say nothing about the file.
    var projectPaths: [String: String] = [:]
    var propertyLists: [String] = []
    /// `project.pbxproj` files: the build settings project rules read (the Info.plist a
    /// target generates, its entitlements file).
    var projectFiles: [String] = []
    /// Files given explicitly that lint does not read (README.md...), for a note.
    var skipped: [String] = []

    static let modelBundleSuffixes = [".xcdatamodeld", ".xcdatamodel"]

    /// - Parameters:
    ///   - paths: absolute files or directories to lint.
    ///   - projectDirectories: absolute directories searched only for entitlements,
    ///     Info.plists and Xcode projects (the app's configuration, when linting a subset of files).
    ///   - appDirectories: the app's folders: every Swift file in them is read by the project
    ///     rules (store configurations, previews, tests), with their entitlements, Info.plists
    ///     and Xcode projects, whatever `paths` (the model rules' input) holds.
    ///   - shown: how a path is named in an error (as the user typed it).
    static func collect(
        paths: [String], projectDirectories: [String] = [], appDirectories: [String] = [],
        shown: (String) -> String = { $0 }
    ) throws(LintError) -> LintScope {
        var scope = LintScope()
        for path in paths {
            switch kind(of: path) {
            case .missing:
                throw .input("\(shown(path)): no such file or directory; give model directories or files to lint")
            case .directory where modelBundleSuffixes.contains(where: path.hasSuffix):
                scope.modelPaths.append(path)
            case .directory:
                scope.modelPaths.append(path)
                let base = (path as NSString).deletingLastPathComponent
                for file in walk(path) {
                    if file.hasSuffix(".swift") {
                        scope.swiftFiles.append(file)
                        scope.projectPaths[file] = UserPath.relative(file, to: base) ?? file
                    }
                    else if isPropertyList(file) { scope.propertyLists.append(file) }
                    else if isProjectFile(file) { scope.projectFiles.append(file) }
                }
            case .file:
                if path.hasSuffix(".swift") {
                    scope.modelPaths.append(path)
                    scope.swiftFiles.append(path)
                    if scope.projectPaths[path] == nil {
                        scope.projectPaths[path] = path.split(separator: "/").suffix(2).joined(separator: "/")
                    }
                } else if isPropertyList(path) || path.hasSuffix(".plist") {
                    scope.propertyLists.append(path)
                } else if isCoreDataModelFile(path) {
                    scope.modelPaths.append(path)
                } else {
                    scope.skipped.append(path)
                }
            }
        }
        for directory in projectDirectories {
            guard kind(of: directory) == .directory else {
                throw .input("\(shown(directory)): --project needs an existing directory (the app's project folder)")
            }
            for file in walk(directory) {
                if isPropertyList(file) { scope.propertyLists.append(file) } else if isProjectFile(file) { scope.projectFiles.append(file) }
            }
        }
        for directory in appDirectories where kind(of: directory) == .directory {
            for file in walk(directory) {
                if file.hasSuffix(".swift") {
                    scope.swiftFiles.append(file)
                    // Inside the app: the app folder's own name says nothing about a file.
                    if scope.projectPaths[file] == nil { scope.projectPaths[file] = UserPath.relative(file, to: directory) ?? file }
                } else if isPropertyList(file) {
                    scope.propertyLists.append(file)
                } else if isProjectFile(file) {
                    scope.projectFiles.append(file)
                }
            }
        }
        // An entitlements file brings the Info.plist beside it, so the background-mode rule
        // sees the pair even when only the entitlements file is staged.
        for entitlements in scope.propertyLists where entitlements.hasSuffix(".entitlements") {
            let sibling = (entitlements as NSString).deletingLastPathComponent + "/Info.plist"
            if kind(of: sibling) == .file { scope.propertyLists.append(sibling) }
        }
        scope.modelPaths = unique(scope.modelPaths)
        scope.swiftFiles = unique(scope.swiftFiles)
        scope.propertyLists = unique(scope.propertyLists)
        scope.projectFiles = unique(scope.projectFiles)
        return scope
    }

    /// `App.xcodeproj/project.pbxproj`.
    static func isProjectFile(_ path: String) -> Bool {
        path.hasSuffix(".xcodeproj/project.pbxproj")
    }

    /// `.entitlements`, `Info.plist`, `App-Info.plist`.
    static func isPropertyList(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasSuffix(".entitlements") || name.hasSuffix("Info.plist")
    }

    /// Whether a walk of a folder holding this file (repository-relative) would hand it to
    /// lint: a Swift file, an entitlements file or Info.plist, or a Core Data model file.
    /// Skipped folders are left to the walk.
    static func readsByName(_ path: String) -> Bool {
        path.hasSuffix(".swift") || isPropertyList(path) || isCoreDataModelFile(path)
    }

    /// The Core Data bundle a path lies in (`App/Model.xcdatamodeld`), the outermost one.
    static func modelBundle(of path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = components.dropLast().firstIndex(where: { component in
            modelBundleSuffixes.contains(where: component.hasSuffix)
        }) else { return nil }
        return components[...index].joined(separator: "/")
    }

    /// A file inside a Core Data model bundle (`contents`, `.xccurrentversion`).
    static func isCoreDataModelFile(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { component in modelBundleSuffixes.contains(where: component.hasSuffix) }
    }

    /// Whether a repository-relative path lies in a folder `collect` would not walk.
    static func isInSkippedFolder(_ path: String) -> Bool {
        SkippedFolders.containsFolder(of: path)
    }

    private enum Kind { case missing, file, directory }

    private static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .file
    }

    /// Regular files under `directory`, sorted, without descending into skipped folders or
    /// model bundles (the model reader reads those); an Xcode project's `project.pbxproj`.
    static func walk(_ directory: String) -> [String] {
        var files: [String] = []
        var pending = [directory]
        var visited = Set<String>()
        while let folder = pending.popLast() {
            // Symlink loops: visit each real folder once.
            guard visited.insert(CanonicalPath(folder).path).inserted else { continue }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() {
                let path = folder + "/" + name
                switch kind(of: path) {
                case .directory:
                    let skip = SkippedFolders.skips(name) || modelBundleSuffixes.contains(where: name.hasSuffix)
                    if !skip { pending.append(path) }
                    // An Xcode project is not walked, but its build settings are read.
                    if name.hasSuffix(".xcodeproj"), kind(of: path + "/project.pbxproj") == .file { files.append(path + "/project.pbxproj") }
                case .file:
                    files.append(path)
                case .missing:
                    break
                }
            }
        }
        return files.sorted()
    }

    /// The first of each file, however it was spelled: `--project` may name the folder
    /// through a symbolic link the model paths do not take. One canonical folder per file's
    /// folder (realpath(3) of every file would cost more than linting it).
    private static func unique(_ paths: [String]) -> [String] {
        var folders: [Substring: CanonicalPath] = [:]
        var seen = Set<String>()
        return paths.filter { path in
            // Split at the last slash by bytes: NSString's path methods cost more than this.
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return seen.insert(path).inserted }
            let folder = path[..<slash]
            let canonical = folders[folder] ?? CanonicalPath(folder.isEmpty ? "/" : String(folder))
            folders[folder] = canonical
            return seen.insert(canonical.path + path[slash...]).inserted
        }
    }
}
