import Foundation
import ModelSource
import SchemaGateBasics

/// The last layer of the configuration resolution: what the project itself says (the
/// survey `init` writes its starter file from, and the release tags). A standard Xcode app
/// needs no configuration file: its Xcode project names the team, its entitlements the
/// container, its sources the models.
///
/// Looked at only when a value is asked for that no flag, variable or file gives, and at
/// most once: a repository walk and a git call cost more than most commands that never
/// need them (`lint --models X`, `changed` with everything configured).
final class ProjectLayer: @unchecked Sendable {
    let root: String
    private let environment: [String: String]
    private let lock = NSLock()
    private var surveyed: ProjectSurvey?
    private var tags: Sourced<String>??

    init(root: String, environment: [String: String]) {
        self.root = root
        self.environment = environment
    }

    /// Whether the repository was walked (tests prove a command that needs nothing from it does not).
    var hasSurveyed: Bool { lock.withLock { surveyed != nil } }

    var survey: ProjectSurvey {
        lock.withLock {
            if let surveyed { return surveyed }
            let survey = ProjectSurvey.survey(root: root)
            surveyed = survey
            return survey
        }
    }

    /// The team when the projects name exactly one (several: nil, and `teamCandidates` lists them).
    var teamID: Sourced<String>? {
        let teams = teamCandidates
        guard teams.count == 1, let team = teams.first else { return nil }
        return Sourced(team, .survey, survey.teamFiles[team] ?? "the Xcode project")
    }

    /// The `DEVELOPMENT_TEAM`s of the application targets; of every target when no app
    /// target names one.
    var teamCandidates: [String] {
        let survey = survey
        var appTeams: [String] = []
        for target in survey.appTargets {
            if let team = target.settings["DEVELOPMENT_TEAM"], CKToolPolicy.isTeamID(team), !appTeams.contains(team) { appTeams.append(team) }
        }
        return (appTeams.isEmpty ? survey.teamIDs : appTeams).sorted()
    }

    /// Every iCloud container the entitlements name, as `init` lists them.
    var containerIDs: [Sourced<String>] {
        let survey = survey
        return survey.containerIDs.map { Sourced($0, .survey, survey.containerFiles[$0] ?? "an .entitlements file") }
    }

    /// Entitlement entries that name a container the survey cannot tell.
    var unresolvedContainers: [UnresolvedContainer] { survey.unresolvedContainers }

    /// The folders of the `@Model` sources and the Core Data bundles, absolute.
    var modelPaths: Sourced<[String]>? {
        let survey = survey
        guard !survey.modelPaths.isEmpty, let first = survey.modelFiles.first else { return nil }
        let more = survey.modelFiles.count > 1 ? " and \(survey.modelFiles.count - 1) more model file\(survey.modelFiles.count == 2 ? "" : "s")" : ""
        return Sourced(survey.modelPaths.map { UserPath.absolute($0, in: root) }, .survey, first + more)
    }

    var tagPattern: Sourced<String>? {
        lock.withLock {
            if let tags { return tags }
            let found = ProjectSurvey.tagPattern(root: root, environment: environment).map { Sourced($0.pattern, .survey, $0.origin) }
            tags = .some(found)
            return found
        }
    }

    /// The targets `--target NAME` names in the project's Xcode projects: its application
    /// targets of that name, else its other targets of that name that are not tests
    /// (frameworks, extensions: Xcode's plugin dialog lists them too).
    func targets(named name: String) -> [XcodeAppTarget] {
        let apps = survey.appTargets.filter { $0.name == name }
        return apps.isEmpty ? survey.codeTargets.filter { $0.name == name } : apps
    }

    /// What an Xcode target compiles (its synchronized folders, then its Sources phase's
    /// files), then the source folders of the local Swift packages it links
    /// (`LocalPackageSources`), absolute: `--target NAME` on the command line and from the
    /// plugins. `notes` says where a package was read whole.
    func sources(ofTarget name: String) throws(ConfigError) -> (paths: [String], notes: [String]) {
        let matches = targets(named: name)
        guard !matches.isEmpty else {
            let known = survey.appTargets.map(\.name)
            let list = known.isEmpty ? "no Xcode project here has an application target" : "Xcode app targets: \(known.joined(separator: ", "))"
            throw .invalidFlag("--target \(name)", message: "no target named '\(name)' (\(list)); name an app target of the Xcode project, or give its folder with --models")
        }
        var paths: [String] = [], notes: [String] = []
        for target in matches {
            let packages = LocalPackageSources(target, root: root)
            guard !target.sources.isEmpty || !packages.folders.isEmpty else {
                throw .invalidFlag("--target \(name)", message: "\(target.project) lists no source files or folders for \(name); give its folder with --models")
            }
            let base = UserPath.absolute(target.sourceRoot, in: root)
            for path in target.sources.map({ UserPath.absolute($0, in: base) }) + packages.folders where !paths.contains(path) {
                paths.append(path)
            }
            notes += packages.notes.map { "--target \(name): \($0)" }
        }
        return (paths, notes)
    }
}
