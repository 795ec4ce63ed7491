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
    /// Where each finding came from, for the comments of the starter file.
    package var sources: [String] = []

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
                    } else if !SkippedFolders.skips(entry.name) {
                        subfolders.append(path)
                    }
                } else if entry.name.hasSuffix(".swift"), touchesModels(root + "/" + path) {
                    modelDirectories.append((path as NSString).deletingLastPathComponent)
                    survey.modelFiles.append(path)
                } else if entry.name.hasSuffix(".entitlements") {
                    survey.readEntitlements(URL(fileURLWithPath: root + "/" + path), relative: path)
                }
            }
        }
        let directories = outermost(Set(modelDirectories.map { $0.isEmpty ? "." : $0 }))
        if !directories.isEmpty { survey.sources.append("@Model sources and their registration in \(directories.joined(separator: ", "))") }
        survey.modelPaths = outermost(Set(survey.modelPaths + directories))
        survey.modelFiles.sort()
        return survey
    }

    /// An `@Model` class declared, or model types registered, in code (not the scaffold,
    /// whose model list is not the app's registration).
    static func touchesModels(_ path: String) -> Bool {
        guard case .success(let bytes) = FileSystem.readRegularFile(path) else { return false }
        let roles = SwiftModelParser.modelRoles(bytes)
        return roles.declaresModel || (roles.registersModels && !ScaffoldMarker.isMarked(bytes))
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
        // Build-setting references (iCloud.$(CFBundleIdentifier)) and anything else cktool
        // would refuse are left for the user to fill in.
        let new = ids.filter { CKToolPolicy.isContainerID($0) && !containerIDs.contains($0) }
        containerIDs += new
        for id in new { containerFiles[id] = relative }
        if !new.isEmpty { sources.append("containers from \(relative)") }
    }

    private mutating func readAppTargets(_ url: URL, project: String) {
        guard let data = try? Data(contentsOf: url) else { return }
        appTargets += XcodeProjectReader.appTargets(data, project: project)
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
