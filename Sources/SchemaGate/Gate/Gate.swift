import CloudKitSchema
import Foundation
import ModelSource
import SchemaGateBasics

/// The release gate (README "The release gate") after the escape hatch: the last release
/// (for the evolution rules), lint, then either the recorded-Production shortcut or create
/// and check (with the snapshot staleness check). Returns the combined report; throws a
/// `StopError` for anything that stops it (exit 2). Read-only toward CloudKit.
///
/// What decides whether CloudKit is contacted is what Production must hold, never which
/// files changed: see `RecordedProductionCheck` and Docs/gate-skip-rule.md.
package struct Gate: Sendable {
    package struct Options: Sendable {
        /// `--since REF`: the release the evolution rules compare with, instead of the nearest tag.
        package var since: String?
        /// `--always`: contact CloudKit even when this repository's record of Production
        /// already holds what the release needs.
        package var always = false
        /// `--no-create` turns this off.
        package var runCreate = true
        /// `--production FILE` / `--development FILE`: use these exports, never cktool.
        package var productionFile: EnvironmentSchemas.File?
        package var developmentFile: EnvironmentSchemas.File?

        package init() {}
    }

    package var configuration: ResolvedConfiguration
    package var options: Options
    package var workingDirectory: String
    package var environment: [String: String]
    /// Progress lines (the CLI sends them to stderr).
    package var log: @Sendable (String) -> Void
    /// The create command's output lines.
    package var createOutput: @Sendable (String) -> Void
    /// Reads the models at paths (as shown) from a working directory; each set of model
    /// paths is read once per run (tests count the calls).
    package var readModels: @Sendable ([String], String) -> AppModel = { ModelReader.read(paths: $0, workingDirectory: $1) }

    package init(
        configuration: ResolvedConfiguration, options: Options, workingDirectory: String, environment: [String: String],
        log: @escaping @Sendable (String) -> Void = { _ in }, createOutput: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.options = options
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.log = log
        self.createOutput = createOutput
    }

    /// Wall time per phase, printed by `gate --verbose`.
    package let timer = PhaseTimer()

    package func run() throws(StopError) -> Report {
        do {
            return try runSteps()
        } catch {
            throw StopError(error)
        }
    }

    private func runSteps() throws -> Report {
        var notes: [String] = []
        var findings: [Finding] = []

        // 1. The last release, which the evolution rules compare with. It decides nothing
        // else: a tag is not evidence of what Production holds.
        log("gate: finding the last release…")
        let release = try timer.measure("find the last release") { try findRelease() }
        let base = release?.base.commit == nil ? nil : release?.base
        notes.append(Self.releaseNote(release?.base))

        // 2. What Production must hold, per container, read completely or not at all.
        let containers = try configuration.requireContainers()
        try timer.measure("model sources present") {
            try ModelSourcesPresence.require(
                configuration: configuration, containers: containers, environment: environment, repository: release?.repository)
        }
        let (models, expected) = try readModels(containers)
        if models.isEmpty {
            notes.append("Models: no @Model class or Core Data model was found in the project (no modelPaths configured, and the project survey found none), so what the app writes is not read: Production is measured against Development only, as 'check' does.")
        }
        // What the store membership found is the same for every container: reported once.
        findings += containers.first.flatMap { expected[$0.id.value]?.membershipFindings } ?? []

        // 3. Lint: see GateLint.swift. Offline, so it runs whatever follows.
        let lint = try timer.measure("lint") {
            try GateLint.run(
                configuration: configuration, containers: containers, models: models, base: base,
                workingDirectory: workingDirectory, environment: environment, readModels: readModels, log: log)
        }
        notes += lint.notes
        findings += lint.findings

        // 4. The shortcut: Production as this repository last exported it.
        let store = release.flatMap { try? ProductionRecord.Store(repository: $0.repository) }
        switch shortcut(containers, expected: expected, store: store, repository: release?.repository) {
        case .satisfied(let recorded, let recordedNotes)?:
            return Report(command: "gate", findings: findings + recorded, notes: notes + recordedNotes)
        case .declined(let why)?:
            notes.append("CloudKit is contacted: \(why).")
        case nil:
            break
        }

        // Everything needed to reach CloudKit is checked before the long steps run.
        if options.productionFile == nil {
            try EnvironmentSchemas.preflight(containers, configuration: configuration, environment: environment, workingDirectory: workingDirectory)
        }

        // 5. Create.
        notes.append(try timer.measure("create") { try runCreate() })

        // 6. Check every container (lint has reported the models' reading problems).
        var check = ContainerCheck(
            configuration: configuration, environment: environment, workingDirectory: workingDirectory, log: { log("gate: \($0)") })
        check.productionFile = options.productionFile
        check.developmentFile = options.developmentFile
        check.checksSnapshot = true
        check.reportsModelFindings = false
        check.timer = timer
        check.record = store
        check.repository = release?.repository
        let checked = try check.run(containers) { container, _ in expected[container.id.value] }
        var report = Report(command: "gate", findings: findings + checked.findings, notes: notes + checked.notes)
        report.basis = checked.basis
        return report
    }

    /// The recorded-Production shortcut's answer; nil when it is not asked (--always, export
    /// files given, no record store outside git).
    private func shortcut(
        _ containers: [ResolvedContainer], expected: [String: ExpectedModelSchema.Outcome], store: ProductionRecord.Store?,
        repository: GitRepository?
    ) -> RecordedProductionCheck.Outcome? {
        guard !options.always, options.productionFile == nil, let store else { return nil }
        return timer.measure("recorded Production") {
            RecordedProductionCheck(store: store, repository: repository)
                .evaluate(containers, root: configuration.root) { expected[$0.id.value] }
        }
    }

    /// Each set of model paths, read once (lint and the check use what was read), and each
    /// container's expected schema: the models that sync into it (Docs/StoreMembership.md).
    /// Both empty when the project has no models at all (nothing configured, nothing found):
    /// such an app is measured against Development only.
    private func readModels(
        _ containers: [ResolvedContainer]
    ) throws -> (models: [[String]: AppModel], expected: [String: ExpectedModelSchema.Outcome]) {
        if configuration.modelPaths.source == .defaultValue, configuration.configuredContainerModelPaths.isEmpty { return ([:], [:]) }
        var models: [[String]: AppModel] = [:]
        var expected: [String: ExpectedModelSchema.Outcome] = [:]
        for container in containers {
            let shown = ExpectedModelSchema.shownPaths(container.modelPaths, workingDirectory: workingDirectory)
            let model = models[container.modelPaths] ?? timer.measure("read models") { readModels(shown, workingDirectory) }
            if models[container.modelPaths] == nil {
                try ModelPathCompleteness.require(model, modelPaths: container.modelPaths, configuration: configuration)
            }
            models[container.modelPaths] = model
            let label = containers.count > 1 ? " (\(container.id.value))" : ""
            expected[container.id.value] = try ExpectedModelSchema.build(
                model: model, shown: shown, configuration: configuration, container: container, label: label)
        }
        return (models, expected)
    }

    /// The repository and the last release; nil only with --always (and no --since) where
    /// there is no git or no work tree: the gate then checks without a base, as asked.
    private func findRelease() throws -> (repository: GitRepository, base: ChangeReport.Base)? {
        let detector = ChangeAnalysis.detector(
            workingDirectory: workingDirectory, environment: environment, since: options.since, configuration: configuration)
        do {
            return try detector.findBase()
        } catch {
            guard options.always, options.since == nil else { throw error }
            switch error {
            case .gitNotFound, .notARepository: return nil
            default: throw error
            }
        }
    }

    static func releaseNote(_ base: ChangeReport.Base?) -> String {
        switch base {
        case .tag(let name, _)?, .revision(let name, _)?:
            return "Last release: \(name) (the evolution rules compare the models with it)."
        case .none(let reason)?:
            return "Last release: none (\(reason)); the evolution rules have nothing to compare with."
        case nil:
            return "Last release: not looked for: no git work tree here (--always)."
        }
    }

    private func runCreate() throws -> String {
        guard let create = configuration.create else {
            return "Create: not configured (add \"create\" to .cloudkit-schema.json to materialize Development first)."
        }
        guard options.runCreate else { return "Create: skipped (--no-create)." }
        log("gate: running the create command: \(create.command)")
        let step = CreateStep(create: create, environment: environment, timeout: configuration.createTimeout.value)
        let result = try step.run(onLine: createOutput)
        return "Create: '\(create.command)' materialized Development in \(String(format: "%.1f", result.duration)) s."
    }
}
