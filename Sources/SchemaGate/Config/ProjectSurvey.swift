import Foundation
import ModelSource
import SchemaGateBasics

/// What a repository says about itself: where the models are, which CloudKit containers
/// the entitlements name, which team the Xcode project builds for. `init` writes it into
/// the starter file; without a file (or for what the file leaves out) the configuration
/// resolution takes it as its last layer (`ProjectLayer`).
package struct ProjectSurvey: Sendable, Equatable {
    /// Directories holding `@Model` sources and the files that register them (a `Schema`,
    /// `ModelContainer(for:)`, a `VersionedSchema`: which models are expected depends on
    /// it), and `.xcdatamodeld` bundles (relative to the root).
    package var modelPaths: [String] = []
    /// The files that made `modelPaths`: Swift files declaring or registering `@Model`
    /// classes, Core Data bundles.
    package var modelFiles: [String] = []
    /// Container ids from `com.apple.developer.icloud-container-identifiers`, in order found.
    package var containerIDs: [String] = []
    /// The entitlements file each container id was first found in.
    package var containerFiles: [String: String] = [:]
    /// `DEVELOPMENT_TEAM` values of Xcode projects.
    package var teamIDs: [String] = []
    /// The `project.pbxproj` each team was first found in.
    package var teamFiles: [String: String] = [:]
    /// Application targets of Xcode projects, in the order found: what `init`'s create
    /// recipe builds and launches.
    package var appTargets: [XcodeAppTarget] = []
    /// Every native target (apps, extensions...): whose entitlements use build settings.
    var signingTargets: [XcodeAppTarget] = []
    /// The native targets that are not unit or UI tests (apps, extensions, frameworks):
    /// what `--target NAME` may name.
    var codeTargets: [XcodeAppTarget] = []
    /// Container entries of the entitlements that name no container the survey can tell
    /// (build settings it cannot expand): the gate refuses to guess them.
    package var unresolvedContainers: [UnresolvedContainer] = []
    /// Each entitlements file's container entries as written, in the order found.
    private var containerEntries: [ContainerEntries] = []

    private struct ContainerEntries: Sendable, Equatable {
        var file: String
        var entries: [String]
    }
    /// Where each finding came from, for the comments of the starter file.
    package var sources: [String] = []
    /// Test code the survey leaves out of `modelPaths` (relative to the root): the sources
    /// of Xcode unit and UI test targets, and SwiftPM test targets (`Tests/`, `.testTarget`
    /// paths). Test code is never the app's models or stores.
    package var testPaths: [String] = []

    package init() {}

    static let entryLimit = 100_000
    static let containerKey = "com.apple.developer.icloud-container-identifiers"

    package static func survey(root: String) -> ProjectSurvey {
        var survey = ProjectSurvey()
        var modelDirectories: [String] = []
        // The model reader's own directory listing (readdir, no attribute dictionaries):
        // Foundation's enumerator costs more than reading the files. Each real folder once.
        var pending: [String] = [""]
        var visited = Set<String>()
        var seen = 0
        walk: while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard visited.insert(CanonicalPath(folder).path).inserted, let entries = FileSystem.entries(of: folder) else { continue }
            var subfolders: [String] = []
            defer { pending += subfolders.reversed() }  // walked in name order, depth first
            for entry in entries {
                seen += 1
                if seen > entryLimit { break walk }
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                if entry.isDirectory {
                    if entry.name.hasSuffix(".xcdatamodeld") {
                        survey.modelPaths.append(path)
                        survey.modelFiles.append(path)
                    } else if entry.name.hasSuffix(".xcodeproj") {
                        let pbxproj = URL(fileURLWithPath: root + "/" + path + "/project.pbxproj")
                        survey.readProject(pbxproj, relative: "\(path)/project.pbxproj")
                        survey.readAppTargets(pbxproj, project: path)
                        survey.readTestTargets(pbxproj, project: path)
                    } else if !SkippedFolders.skips(entry.name) {
                        subfolders.append(path)
                    }
                } else if entry.name.hasSuffix(".swift"), touchesModels(root + "/" + path) {
                    modelDirectories.append((path as NSString).deletingLastPathComponent)
                    survey.modelFiles.append(path)
                } else if entry.name.hasSuffix(".entitlements") {
                    survey.readEntitlements(URL(fileURLWithPath: root + "/" + path), relative: path)
                } else if entry.name == "Package.swift" {
                    survey.readPackageTestTargets(root + "/" + path, folder: relative)
                }
            }
        }
        survey.resolveContainers()
        modelDirectories = survey.leaveOutTestCode()
        let directories = outermost(Set(modelDirectories.map { $0.isEmpty ? "." : $0 }))
        if !directories.isEmpty { survey.sources.append("@Model sources and their registration in \(directories.joined(separator: ", "))") }
        survey.modelPaths = outermost(Set(survey.modelPaths + directories))
        survey.modelFiles.sort()
        return survey
    }

    /// An `@Model` class declared, model types registered, or a store built (which says
    /// where the models sync), in code that is the app's: not the scaffold, whose model
    /// list is not the app's registration, and not test code (the reader leaves it out).
    static func touchesModels(_ path: String) -> Bool {
        guard case .success(let bytes) = FileSystem.readRegularFile(path) else { return false }
        let roles = SwiftModelParser.modelRoles(bytes)
        return roles.declaresModel || ((roles.registersModels || roles.buildsStore) && !ScaffoldMarker.isMarked(bytes))
    }

    /// Drops the model files (and bundles) that lie in test code; the folders of the Swift
    /// ones that remain.
    mutating func leaveOutTestCode() -> [String] {
        let tests = testPaths.filter { !$0.isEmpty && $0 != "." }
        func isTest(_ path: String) -> Bool { tests.contains { $0 == path || CanonicalPath.isPrefix($0, of: path) } }
        modelFiles.removeAll(where: isTest)
        modelPaths.removeAll(where: isTest)
        return modelFiles.filter { $0.hasSuffix(".swift") }.map { ($0 as NSString).deletingLastPathComponent }
    }

    /// The sources of the Xcode project's unit and UI test targets, relative to the root.
    private mutating func readTestTargets(_ url: URL, project: String) {
        guard let data = try? Data(contentsOf: url) else { return }
        let folder = (project as NSString).deletingLastPathComponent
        for source in XcodeProjectReader.testTargetSources(data, project: project) where !source.hasPrefix("/") {
            testPaths.append(Self.joined(folder, source))
        }
    }

    /// A SwiftPM package's test targets: `Tests/` (their default home) and each
    /// `.testTarget(..., path: "...")`, relative to the root.
    private mutating func readPackageTestTargets(_ manifest: String, folder: String) {
        testPaths.append(Self.joined(folder, "Tests"))
        guard case .success(let bytes) = FileSystem.readRegularFile(manifest) else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        for target in text.components(separatedBy: ".testTarget(").dropFirst() {
            guard let path = Self.arguments(closing: target).components(separatedBy: "path:").dropFirst().first?
                .split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first else { continue }
            testPaths.append(Self.joined(folder, String(path)))
        }
    }

    /// The text up to the `)` that closes an argument list opened just before it.
    private static func arguments(closing text: String) -> Substring {
        var depth = 1
        var inString = false
        for index in text.indices {
            switch text[index] {
            case "\"": inString.toggle()
            case "(" where !inString: depth += 1
            case ")" where !inString:
                depth -= 1
                if depth == 0 { return text[..<index] }
            default: break
            }
        }
        return text[...]
    }

    private static func joined(_ folder: String, _ path: String) -> String {
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return folder.isEmpty || folder == "." ? trimmed : folder + "/" + trimmed
    }

    /// Drops paths inside other paths of the set.
    static func outermost(_ paths: Set<String>) -> [String] {
        let sorted = paths.sorted()
        if sorted.contains(".") { return ["."] }
        return sorted.filter { path in !sorted.contains { $0 != path && CanonicalPath.isPrefix($0, of: path) } }
    }

    private mutating func readEntitlements(_ url: URL, relative: String) {
        guard let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let ids = plist[Self.containerKey] as? [String] else { return }
        containerEntries.append(ContainerEntries(file: relative, entries: ids))
    }

    /// Every entry of every entitlements file, in order: a literal id as it is, one made of
    /// build settings (Xcode's default `iCloud.$(CFBundleIdentifier)`) expanded with the
    /// settings of the targets that sign with the file; what cannot be expanded is listed
    /// in `unresolvedContainers`, never dropped in silence.
    private mutating func resolveContainers() {
        for (file, entries) in containerEntries.map({ ($0.file, $0.entries) }) {
            var found: [String] = []
            for entry in entries {
                switch EntitlementContainers.resolve(entry, file: file, targets: signingTargets) {
                case .ids(let ids): found += ids.filter { !containerIDs.contains($0) && !found.contains($0) }
                case .unresolved(let reason): unresolvedContainers.append(UnresolvedContainer(entry: entry, file: file, reason: reason))
                }
            }
            containerIDs += found
            for id in found { containerFiles[id] = file }
            if !found.isEmpty { sources.append("containers from \(file)") }
        }
    }

    private mutating func readAppTargets(_ url: URL, project: String) {
        guard let data = try? Data(contentsOf: url) else { return }
        let targets = XcodeProjectReader.nativeTargets(data, project: project)
        signingTargets += targets.map(\.target)
        codeTargets += targets.filter { !XcodeProjectReader.testProductTypes.contains($0.productType) }.map(\.target)
        appTargets += targets.filter { $0.productType == XcodeProjectReader.applicationProductType }.map(\.target)
    }

    private mutating func readProject(_ url: URL, relative: String) {
        guard let data = try? Data(contentsOf: url) else { return }
        let text = String(decoding: data, as: UTF8.self)
        var found: [String] = []
        for line in text.split(whereSeparator: \.isNewline) where line.contains("DEVELOPMENT_TEAM") {
            let value = line.split(separator: "=").dropFirst().first?
                .trimmingCharacters(in: CharacterSet(charactersIn: " \t;\"")) ?? ""
            if CKToolPolicy.isTeamID(value), !teamIDs.contains(value), !found.contains(value) { found.append(value) }
        }
        teamIDs += found
        for team in found { teamFiles[team] = relative }
        if !found.isEmpty { sources.append("team from \(relative)") }
    }
}

extension ProjectSurvey {
    /// The directory a project's relative paths start from when no configuration file
    /// says otherwise: the work tree's root (`ProjectRoot`); else `workingDirectory` itself.
    package static func root(workingDirectory: String) -> String {
        ProjectRoot.find(from: workingDirectory) ?? workingDirectory
    }

    /// The release tag families of the repository's tags (ReleaseTagFamily); empty without git or tags.
    package static func tagFamilies(root: String, environment: [String: String]) -> [ReleaseTagFamily] {
        guard let repository = try? GitRepository(containing: root, environment: environment),
              let tags = try? repository.tagNames() else { return [] }
        return ReleaseTagFamily.families(tags)
    }

    /// `v*` when most of the repository's tags look like v1.2.3 (nil without git, tags,
    /// or such a majority), with what it was read from.
    package static func tagPattern(root: String, environment: [String: String]) -> (pattern: String, origin: String)? {
        guard let repository = try? GitRepository(containing: root, environment: environment),
              let tags = try? repository.run(["tag", "--list"]).split(whereSeparator: \.isNewline), !tags.isEmpty else { return nil }
        let versioned = tags.filter { $0.hasPrefix("v") && $0.dropFirst().first?.isNumber == true }
        guard versioned.count * 2 >= tags.count, !versioned.isEmpty else { return nil }
        return ("v*", "git tags: \(versioned.count) of \(tags.count) look like v1.2")
    }
}
