import Foundation
import ModelSource
import SchemaGateBasics

/// How lint reads models: from paths on disk, and from in-memory files (git blobs at a
/// revision). The standard one is the ModelSource reader; tests may pass their own.
package struct LintModelReader: Sendable {
    package var readPaths: @Sendable ([String]) -> AppModel
    package var readFiles: @Sendable ([(path: String, contents: [UInt8])]) -> AppModel

    package init(
        readPaths: @escaping @Sendable ([String]) -> AppModel,
        readFiles: @escaping @Sendable ([(path: String, contents: [UInt8])]) -> AppModel
    ) {
        self.readPaths = readPaths
        self.readFiles = readFiles
    }
}

/// One `lint` run as the CLI (or the gate) asks for it.
package struct LintRequest: Sendable {
    /// Files or directories, absolute or relative to `workingDirectory`.
    package var paths: [String]
    /// Directories searched for entitlements, Info.plists and Xcode projects only.
    package var projectDirectories: [String]
    /// The app's folders: the project rules (store configurations, previews, entitlements,
    /// Info.plists, build settings) read everything in them, whatever `paths` (the model
    /// rules' input) holds.
    package var appDirectories: [String]
    /// `lint --since REF`: also compare with the models at this git revision.
    package var since: String?
    /// The commit `since` names when the caller resolved it already (the gate's base):
    /// lint compares with this commit and does not resolve the name again.
    package var sinceCommit: String? = nil
    /// The models `paths` hold, when the caller read them already (the gate, for the
    /// expected schema): lint uses them instead of reading the files a second time.
    package var model: AppModel? = nil
    /// `localModels` of the configuration: models declared local where the code does not
    /// settle it (Docs/StoreMembership.md).
    package var localModels: [String] = []
    package var overrides: LintOverrides
    /// Where the findings count: `lint` and the pre-commit hook, or the gate (`SeverityPolicy`).
    package var stage: SeverityPolicy.Stage
    package var workingDirectory: String
    package var environment: [String: String]

    package init(
        paths: [String], projectDirectories: [String] = [], appDirectories: [String] = [], since: String? = nil,
        sinceCommit: String? = nil, model: AppModel? = nil, localModels: [String] = [],
        overrides: LintOverrides = LintOverrides(), stage: SeverityPolicy.Stage = .lint,
        workingDirectory: String, environment: [String: String]
    ) {
        self.paths = paths
        self.projectDirectories = projectDirectories
        self.appDirectories = appDirectories
        self.since = since
        self.sinceCommit = sinceCommit
        self.model = model
        self.localModels = localModels
        self.overrides = overrides
        self.stage = stage
        self.workingDirectory = workingDirectory
        self.environment = environment
    }
}

/// Reads everything a request names, runs the rules and builds the report. Findings are
/// errors (exit 1), warnings and info (exit 0); input that could not be read makes the
/// report's status `error` (exit 2) and is listed as `parse-error` / `unreadable-file`.
package struct LintRunner: Sendable {
    package var reader: LintModelReader
    package var rules: [any LintRule]

    package init(reader: LintModelReader, rules: [any LintRule] = LintRuleCatalog.all) {
        self.reader = reader
        self.rules = rules
    }

    package func run(_ request: LintRequest) throws(LintError) -> Report {
        do {
            try request.overrides.validate(against: rules.map { type(of: $0).info })
        } catch {
            throw .input(error.description)
        }
        let absolute = request.paths.map { UserPath.absolute($0, in: request.workingDirectory) }
        let projects = request.projectDirectories.map { UserPath.absolute($0, in: request.workingDirectory) }
        let apps = request.appDirectories.map { UserPath.absolute($0, in: request.workingDirectory) }
        let scope = try LintScope.collect(
            paths: absolute, projectDirectories: projects, appDirectories: apps,
            shown: { UserPath.display($0, from: request.workingDirectory) })
        var model = request.model ?? (scope.modelPaths.isEmpty ? AppModel() : reader.readPaths(scope.modelPaths))
        let (swiftSources, plists, problems) = Self.readProjectFiles(scope)
        model.diagnostics += problems
        // CloudKit's model rules concern the models that sync: local ones are left out.
        let (synced, local) = Self.syncedModels(model, localModels: request.localModels)
        var notes = [Self.summary(synced, scope: scope, sources: swiftSources)]
        if !local.isEmpty {
            notes.append("Not linted against CloudKit's model rules (local: no store that holds them syncs): \(StoreMembership.list(local)).")
        }
        var previous: PreviousModel?
        if let revision = request.since {
            let (old, note) = try readPrevious(revision, modelPaths: scope.modelPaths, request: request)
            previous = old
            notes.append(note)
        }
        if !scope.skipped.isEmpty {
            notes.append("Not linted (not a model, Swift, entitlements or Info.plist file): \(scope.skipped.map { UserPath.display($0, from: request.workingDirectory) }.joined(separator: ", ")).")
        }
        if var old = previous { old.model = Self.syncedModels(old.model, localModels: request.localModels).synced; previous = old }
        let input = LintInput(
            model: synced, swiftSources: swiftSources, propertyLists: plists, appTargets: Self.readXcodeProjects(scope),
            previous: previous)
        // Model files may be named relative to the working directory (a model the caller
        // read): suppression comments are read from there, not from the process's directory.
        let directory = request.workingDirectory
        let engine = LintEngine(
            rules: rules, overrides: request.overrides, stage: request.stage,
            readText: { LintEngine.readFile(UserPath.absolute($0, in: directory)) })
        let findings = engine.findings(for: input).map { finding -> Finding in
            var shown = finding
            shown.file = finding.file.map { UserPath.display($0, from: request.workingDirectory) }
            shown.message = Self.displayPaths(in: finding.message, roots: absolute + projects + apps, request.workingDirectory)
            return shown
        }
        let unreadable = findings.contains { LintEngine.inputErrorCodes.contains($0.code) }
        if unreadable {
            notes.append("Some input could not be read (parse-error / unreadable-file): lint checked only what it could read.")
            return Report(command: "lint", status: .error, findings: findings, notes: notes)
        }
        return Report(command: "lint", findings: findings, notes: notes)
    }

    /// The model without its local entities (Docs/StoreMembership.md), and their names.
    static func syncedModels(_ model: AppModel, localModels: [String]) -> (synced: AppModel, local: [String]) {
        let membership = StoreMembership(model: model, localModels: localModels)
        var synced = model
        synced.entities = model.entities.filter { membership.placement(of: $0.name).isSynced }
        return (synced, model.entities.filter { !membership.placement(of: $0.name).isSynced }.map(\.name))
    }

    /// Whether lint reads anything of this Swift file: the model reader's test and the
    /// store-configuration scan's (files failing both are skipped by each, unread).
    package static func mayMatter(swift bytes: [UInt8]) -> Bool {
        ModelReader.isWorthReading(swift: bytes) || SwiftSourceFile.mayConfigureStore(bytes)
    }

    /// Swift files that may configure a store, and every property list; what cannot be
    /// read or parsed becomes a diagnostic.
    static func readProjectFiles(_ scope: LintScope) -> ([SwiftSourceFile], [PropertyListFile], [ModelDiagnostic]) {
        var sources: [SwiftSourceFile] = []
        var plists: [PropertyListFile] = []
        var problems: [ModelDiagnostic] = []
        for path in scope.swiftFiles {
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append(ModelDiagnostic(kind: .unreadableFile, message: "cannot read \(path)", file: path))
                continue
            }
            let bytes = [UInt8](data)
            guard SwiftSourceFile.mayConfigureStore(bytes) else { continue }
            sources.append(SwiftSourceFile(path: path, contents: bytes, projectPath: scope.projectPaths[path]))
        }
        for path in scope.propertyLists {
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append(ModelDiagnostic(kind: .unreadableFile, message: "cannot read \(path)", file: path))
                continue
            }
            do {
                plists.append(try PropertyListFile.parse(path: path, contents: [UInt8](data)))
            } catch {
                problems.append(ModelDiagnostic(kind: .parseError, message: "\(path) is not a readable property list: \(error.reason)", file: path, line: error.line))
            }
        }
        return (sources, plists, problems)
    }

    /// The application targets of the Xcode projects in scope, for the build settings the
    /// project rules read. A project that cannot be read adds none: it only narrows what a
    /// warning can tell (the build would fail on it anyway).
    static func readXcodeProjects(_ scope: LintScope) -> [XcodeAppTarget] {
        scope.projectFiles.flatMap { path -> [XcodeAppTarget] in
            guard let data = FileManager.default.contents(atPath: path) else { return [] }
            return XcodeProjectReader.appTargets(data, project: (path as NSString).deletingLastPathComponent)
        }
    }

    /// The models at `revision`, read from git objects under the same model paths.
    func readPrevious(_ revision: String, modelPaths: [String], request: LintRequest) throws(LintError) -> (PreviousModel, String) {
        let git = try GitRevisionReader(workingDirectory: request.workingDirectory, environment: request.environment)
        let commit: String
        if let resolved = request.sinceCommit { commit = resolved } else { commit = try git.commit(revision) }
        let root = CanonicalPath(git.root)
        var prefixes: [String] = []
        for path in modelPaths {
            guard let relative = root.relativePath(of: CanonicalPath(path)) else {
                throw .input("\(path) is outside the git repository at \(root); lint --since compares files inside it")
            }
            prefixes.append(relative)
        }
        let blobs = try git.blobs(at: commit) { path in
            let wanted = prefixes.contains { CanonicalPath.isPrefix($0, of: path) }
            let modelFile = path.hasSuffix(".swift") || LintScope.isCoreDataModelFile(path)
            return wanted && modelFile && !LintScope.isInSkippedFolder(path)
        }
        let model = blobs.isEmpty ? AppModel() : reader.readFiles(blobs.map {
            (UserPath.display(root.path + "/" + $0.path, from: request.workingDirectory), $0.contents)
        })
        let note = "Compared with \(revision) (\(commit.prefix(10))): \(model.entities.count) model(s) then, read from \(blobs.count) file(s) in git."
        return (PreviousModel(revision: revision, model: model), note)
    }

    static func summary(_ model: AppModel, scope: LintScope, sources: [SwiftSourceFile]) -> String {
        let properties = model.entities.reduce(0) { $0 + $1.attributes.count + $1.relationships.count }
        return "Linted \(model.entities.count) model(s) with \(properties) stored properties; "
            + "scanned \(scope.swiftFiles.count) Swift file(s) (\(sources.count) configure a store) "
            + "and \(scope.propertyLists.count) entitlements/Info.plist file(s)."
    }

    /// Messages that name other files (the entitlements behind a finding) name them as the
    /// user sees them too: the files lie under the paths lint was given (or the working
    /// directory), spelled as given, and each of those is shown as `UserPath.display` shows it.
    static func displayPaths(in text: String, roots: [String], _ directory: String) -> String {
        var result = text
        for root in Set(roots + [directory]).sorted(by: { $0.count > $1.count }) where root.count > 1 {
            let shown = UserPath.display(root, from: directory)
            guard shown != root else { continue }
            result = result.replacingOccurrences(of: root.hasSuffix("/") ? root : root + "/", with: shown == "." ? "" : shown + "/")
        }
        return result
    }

}
