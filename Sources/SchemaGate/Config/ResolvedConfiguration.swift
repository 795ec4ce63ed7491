import Foundation
import ModelSource
import SchemaGateBasics

/// Where a resolved value came from, for `cloudkit-schema config` and for messages.
package enum ValueSource: String, Sendable, Codable {
    case flag, environment, file
    /// What the project says (`ProjectLayer`): its Xcode project, entitlements, sources, tags.
    case survey = "project survey"
    case defaultValue = "default"
}

package struct Sourced<Value: Sendable>: Sendable {
    package var value: Value
    package var source: ValueSource
    /// The flag, variable or key that supplied it (`--team-id`, `TEAM_ID`, `teamId`), or
    /// the project's file it was read from (`App.xcodeproj/project.pbxproj`).
    package var origin: String

    package init(_ value: Value, _ source: ValueSource, _ origin: String) {
        self.value = value
        self.source = source
        self.origin = origin
    }
}

extension Sourced: Equatable where Value: Equatable {}

/// Values given on the command line; they win over the environment and the file.
package struct ConfigOverrides: Sendable, Equatable {
    package var configPath: String?
    package var teamID: String?
    package var containerIDs: [String] = []
    /// Model directories or files, relative to the working directory.
    package var modelPaths: [String] = []
    /// Xcode app targets whose sources are the model paths (`--target NAME`).
    package var targets: [String] = []
    package var tagPattern: String?

    package init(configPath: String? = nil, teamID: String? = nil, containerIDs: [String] = [],
                modelPaths: [String] = [], targets: [String] = [], tagPattern: String? = nil) {
        self.configPath = configPath
        self.teamID = teamID
        self.containerIDs = containerIDs
        self.modelPaths = modelPaths
        self.targets = targets
        self.tagPattern = tagPattern
    }
}

package struct ResolvedContainer: Sendable, Equatable {
    package var id: Sourced<String>
    /// Absolute model paths for this container.
    package var modelPaths: [String]
    package var productionSnapshot: Snapshot?

    /// A committed Production export. `explicit` when configured; otherwise the
    /// conventional `cloudkit/production.ckdb` that exists next to the configuration.
    package struct Snapshot: Sendable, Equatable {
        package var path: String
        package var explicit: Bool
    }
}

/// The configuration a command runs with, resolved in one place for every command,
/// plugin verb and hook (they ask `config --get`): flags, then environment variables
/// (`TEAM_ID`, `CONTAINER_ID`), then the file, then what the project itself says
/// (`ProjectLayer`: the Xcode project's team, the entitlements' containers, the model
/// sources, the release tags). Paths are absolute.
package struct ResolvedConfiguration: Sendable {
    package static let teamVariable = "TEAM_ID"
    package static let containerVariable = "CONTAINER_ID"
    package static let defaultSnapshot = "cloudkit/production.ckdb"
    package static let defaultCreateTimeout: TimeInterval = 1800

    /// The configuration file used, if any.
    package var file: String?
    /// The directory relative paths of the file are resolved against (the file's
    /// directory; without a file, the project's root: `ProjectSurvey.root`).
    package var root: String
    package var create: ResolvedCreate?
    package var cktoolTimeout: Sourced<TimeInterval>
    package var createTimeout: Sourced<TimeInterval>
    package var sharesRecords: Bool
    package var includeUnregisteredModels: Bool
    /// `localModels` of the file: models declared local where the code does not settle it.
    package var localModels: [String]
    package var severities: ConfigFile.SeverityConfig
    /// `lintBaseline` of the file, absolute.
    package var lintBaseline: String?

    /// What flags, the environment and the file say; the project fills in the rest.
    struct Given: Sendable {
        var targets: [String] = []
        var targetNotes: [String] = []
        var teamID: Sourced<String>?
        var containerIDs: [Sourced<String>]
        var modelPaths: Sourced<[String]>?
        var tagPattern: Sourced<String>?
    }

    let given: Given
    let fileContainers: [ConfigFile.ContainerConfig]
    let project: ProjectLayer

    package var teamID: Sourced<String>? { given.teamID ?? project.teamID }

    /// Absolute model paths; source `default` means "none configured, none found" (the root).
    package var modelPaths: Sourced<[String]> {
        given.modelPaths ?? project.modelPaths ?? Sourced([root], .defaultValue, "the project's root")
    }

    package var containers: [ResolvedContainer] {
        (given.containerIDs.isEmpty ? project.containerIDs : given.containerIDs).map(resolved)
    }

    package var tagPattern: Sourced<String>? { given.tagPattern ?? project.tagPattern }

    /// The model paths flags or the file give, without asking the project; nil when none
    /// do. Change detection takes these: without them it classifies files by what they
    /// declare and reads the whole root, a superset of the folders the survey would name,
    /// so a release that touches no model passes without a repository walk.
    package var configuredModelPaths: [String]? { given.modelPaths?.value }

    /// The file's per-container model paths (absolute), unless `--models` replaces them.
    package var configuredContainerModelPaths: [String] {
        guard given.modelPaths?.source != .flag else { return [] }
        return fileContainers.flatMap { $0.modelPaths ?? [] }.map { UserPath.absolute($0, in: root) }
    }

    package struct ResolvedCreate: Sendable, Equatable {
        package var command: ConfigFile.CommandSpec
        package var workingDirectory: String
    }

    package static func load(
        workingDirectory: String, environment: [String: String], overrides: ConfigOverrides = ConfigOverrides()
    ) throws(ConfigError) -> ResolvedConfiguration {
        let path = try ConfigDiscovery.locate(explicitPath: overrides.configPath, workingDirectory: workingDirectory)
        let file = try path.map { (path: String) throws(ConfigError) in try ConfigDiscovery.load(path) } ?? ConfigFile()
        let root = path.map { ($0 as NSString).deletingLastPathComponent } ?? ProjectSurvey.root(workingDirectory: workingDirectory)
        return try resolve(file, path: path, root: root, workingDirectory: workingDirectory,
                           environment: environment, overrides: overrides)
    }

    static func resolve(
        _ file: ConfigFile, path: String?, root: String, workingDirectory: String,
        environment: [String: String], overrides: ConfigOverrides
    ) throws(ConfigError) -> ResolvedConfiguration {
        let fromFile = { (relative: String) in UserPath.absolute(relative, in: root) }
        let fromCwd = { (relative: String) in UserPath.absolute(relative, in: workingDirectory) }
        let project = ProjectLayer(root: root, environment: environment)
        let (flagPaths, targetNotes) = try modelPathFlags(overrides, project: project, fromCwd: fromCwd)
        let given = Given(
            targets: overrides.targets, targetNotes: targetNotes,
            teamID: try resolveTeam(file, path: path, environment: environment, overrides: overrides),
            containerIDs: try resolveContainerIDs(file, environment: environment, overrides: overrides),
            modelPaths: flagPaths ?? file.modelPaths.map { Sourced($0.map(fromFile), .file, "modelPaths") },
            tagPattern: try overrides.tagPattern.map { (flag: String) throws(ConfigError) in try checkedTagPattern(flag) }
                ?? file.tagPattern.map { Sourced($0, .file, "tagPattern") })
        let create = file.create.map {
            ResolvedCreate(command: $0.command, workingDirectory: fromFile($0.workingDirectory ?? "."))
        }
        return ResolvedConfiguration(
            file: path, root: root, create: create,
            cktoolTimeout: file.timeouts.cktoolSeconds.map { Sourced($0, .file, "timeouts.cktoolSeconds") }
                ?? Sourced(CKToolRunner.defaultTimeout, .defaultValue, "built in"),
            createTimeout: file.timeouts.createSeconds.map { Sourced($0, .file, "timeouts.createSeconds") }
                ?? Sourced(defaultCreateTimeout, .defaultValue, "built in"),
            sharesRecords: file.sharesRecords ?? false, includeUnregisteredModels: file.includeUnregisteredModels ?? false,
            localModels: file.localModels ?? [],
            severities: file.severities, lintBaseline: file.lintBaseline.map(fromFile),
            given: given, fileContainers: file.containers, project: project)
    }

    /// What `--target NAME` could not settle and so read whole (a local package whose
    /// manifest does not say which targets a product holds): commands print it.
    package var targetNotes: [String] { given.targetNotes }

    /// `--models PATH...` (relative to the working directory) and the sources of the Xcode
    /// targets `--target NAME` names, with the local packages they link.
    private static func modelPathFlags(
        _ overrides: ConfigOverrides, project: ProjectLayer, fromCwd: (String) -> String
    ) throws(ConfigError) -> (Sourced<[String]>?, [String]) {
        guard !overrides.modelPaths.isEmpty || !overrides.targets.isEmpty else { return (nil, []) }
        var paths = overrides.modelPaths.map(fromCwd)
        var notes: [String] = []
        for name in overrides.targets {
            let sources = try project.sources(ofTarget: name)
            for path in sources.paths where !paths.contains(path) { paths.append(path) }
            notes += sources.notes
        }
        let origins = (overrides.modelPaths.isEmpty ? [] : ["--models"]) + overrides.targets.map { "--target \($0)" }
        return (Sourced(paths, .flag, origins.joined(separator: ", ")), notes)
    }

    /// The `.xcodeproj` folders of the Xcode targets `--target` named (absolute), for
    /// the build settings the project rules read.
    package var targetProjects: [String] {
        given.targets.flatMap { name in project.targets(named: name).map { UserPath.absolute($0.project, in: root) } }
    }

    /// A container's model paths and Production snapshot: `--models` wins; else the file's
    /// entry for it; else the resolved model paths.
    private func resolved(_ id: Sourced<String>) -> ResolvedContainer {
        let fromFile = { (relative: String) in UserPath.absolute(relative, in: root) }
        let entry = fileContainers.first { $0.id == id.value }
        let paths = given.modelPaths?.source == .flag ? modelPaths.value : entry?.modelPaths?.map(fromFile) ?? modelPaths.value
        var snapshot = entry?.productionSnapshot.map { ResolvedContainer.Snapshot(path: fromFile($0), explicit: true) }
        let conventional = fromFile(Self.defaultSnapshot)
        if snapshot == nil, fileContainers.count <= 1, FileManager.default.fileExists(atPath: conventional) {
            snapshot = ResolvedContainer.Snapshot(path: conventional, explicit: false)
        }
        return ResolvedContainer(id: id, modelPaths: paths, productionSnapshot: snapshot)
    }

    private static func resolveTeam(
        _ file: ConfigFile, path: String?, environment: [String: String], overrides: ConfigOverrides
    ) throws(ConfigError) -> Sourced<String>? {
        let candidate: Sourced<String>?
        if let flag = overrides.teamID {
            candidate = Sourced(flag, .flag, "--team-id")
        } else if let variable = environment[teamVariable], !variable.isEmpty {
            candidate = Sourced(variable, .environment, teamVariable)
        } else {
            candidate = file.teamId.map { Sourced($0, .file, "teamId") }
        }
        guard let candidate else { return nil }
        // The file's value was checked when it was parsed, with its line.
        guard candidate.source == .file || CKToolPolicy.isTeamID(candidate.value) else {
            throw invalid(candidate, CKToolPolicy.notATeamID(candidate.value))
        }
        return candidate
    }

    /// `--tag-pattern`, checked as the file's value is.
    private static func checkedTagPattern(_ flag: String) throws(ConfigError) -> Sourced<String> {
        do {
            return Sourced(try ReleaseTagPattern(flag).text, .flag, "--tag-pattern")
        } catch {
            throw .invalidFlag("--tag-pattern", message: error.message)
        }
    }

    /// A flag's or environment variable's value that cannot go on cktool's command line
    /// (the file's values are checked when it is parsed, with their line).
    private static func invalid(_ value: Sourced<String>, _ problem: String) -> ConfigError {
        if value.source == .environment {
            return .invalidEnvironment(variable: value.origin, message: problem + "; fix or unset it")
        }
        return .invalidFlag(value.origin, message: problem + "; fix the value")
    }

    /// Flags or the environment choose the containers, else the file lists them (the
    /// file's entries still supply per-container settings for the ids they name).
    private static func resolveContainerIDs(
        _ file: ConfigFile, environment: [String: String], overrides: ConfigOverrides
    ) throws(ConfigError) -> [Sourced<String>] {
        func checked(_ id: Sourced<String>) throws(ConfigError) -> Sourced<String> {
            guard CKToolPolicy.isContainerID(id.value) else { throw invalid(id, CKToolPolicy.notAContainerID(id.value)) }
            return id
        }
        if !overrides.containerIDs.isEmpty {
            return try overrides.containerIDs.map { (id: String) throws(ConfigError) in try checked(Sourced(id, .flag, "--container-id")) }
        }
        if let variable = environment[containerVariable], !variable.isEmpty {
            let ids = variable.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            guard !ids.isEmpty else {
                throw .invalidEnvironment(variable: containerVariable, message: "'\(variable)' names no container; give an id like iCloud.com.example.app or unset it")
            }
            return try ids.map { (id: String) throws(ConfigError) in try checked(Sourced(id, .environment, containerVariable)) }
        }
        return file.containers.map { Sourced($0.id, .file, "containers") }
    }

    /// The team id, or an error saying the three ways to give it.
    package func requireTeamID() throws(ConfigError) -> String {
        guard let teamID else {
            let teams = project.teamCandidates
            let found = teams.count > 1
                ? "the Xcode projects name \(teams.count) teams (\(teams.joined(separator: ", "))), so none is taken: "
                : "no Xcode project here names a DEVELOPMENT_TEAM: "
            throw .missing("no CloudKit team id: \(found)add \"teamId\" to \(file ?? ConfigFile.fileName) (run 'cloudkit-schema init'), set TEAM_ID, or pass --team-id")
        }
        return teamID.value
    }

    /// The containers, or an error saying the three ways to give one.
    package func requireContainers() throws(ConfigError) -> [ResolvedContainer] {
        if given.containerIDs.isEmpty, let unresolved = project.unresolvedContainers.first {
            // Checking the containers the survey could name while the app also uses one it
            // could not would pass a release whose real container lacks what it needs.
            let found = containers.isEmpty ? "" : " (it could name \(containers.map(\.id.value).joined(separator: ", ")), but checking only those could miss the container the app uses)"
            throw .missing("\(unresolved.file) names the iCloud container \(unresolved.entry), which cannot be told here: \(unresolved.reason)\(found); list every container the app uses in \"containers\" of \(file ?? ConfigFile.fileName) (e.g. \"containers\": [{\"id\": \"iCloud.com.example.app\"}]), or set CONTAINER_ID")
        }
        guard !containers.isEmpty else {
            throw .missing("no CloudKit container: no .entitlements file here names an iCloud container; add \"containers\": [{\"id\": \"iCloud.…\"}] to \(file ?? ConfigFile.fileName) (run 'cloudkit-schema init'), set CONTAINER_ID, or pass --container-id")
        }
        return containers
    }

    /// Exactly one container, for commands that work on one (`export`).
    package func requireSingleContainer() throws(ConfigError) -> ResolvedContainer {
        let all = try requireContainers()
        guard all.count == 1 else {
            throw .missing("\(all.count) containers are configured (\(all.map(\.id.value).joined(separator: ", "))): choose one with --container-id")
        }
        return all[0]
    }
}
