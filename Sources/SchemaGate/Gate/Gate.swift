import CloudKitSchema
import Foundation
import ModelSource
import SchemaGateBasics

/// The release gate (README "The release gate") after the escape hatch: change detection, lint,
/// create, check (with the snapshot staleness check). Returns the combined report;
/// throws a `StopError` for anything that stops it (exit 2). Read-only.
package struct Gate: Sendable {
    package struct Options: Sendable {
        /// `--since REF`: measure changes from REF instead of the nearest tag.
        package var since: String?
        /// `--always`: check even without a model change (skips change detection's "no model
        /// change" shortcut; the comparisons with the base release still run).
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
        var base: ChangeReport.Base?

        // 1. Change detection: no model change, no CloudKit. With --always the shortcut
        // is skipped, not the base: the comparisons with the last release still run.
        log("gate: detecting model changes…")
        if let changes = try detectChanges() {
            base = changes.base.commit == nil ? nil : changes.base
            if options.always {
                notes.append("Changes: \(changes.summary); checked anyway (--always).")
            } else {
                notes.append("Changes: \(changes.summary).")
                if !changes.isModelTouching || changes.modelChange == .unchanged {
                    notes.append("CloudKit was not contacted: nothing in this release can need a schema deploy. Run with --always to check anyway.")
                    return Report(command: "gate", status: .pass, notes: notes)
                }
            }
        } else {
            notes.append("Changes: not examined: no git work tree here, so there is no release to compare with (--always).")
        }

        // Everything needed to reach CloudKit is checked before the long steps run.
        let containers = try configuration.requireContainers()
        if options.productionFile == nil {
            try EnvironmentSchemas.preflight(containers, configuration: configuration, environment: environment, workingDirectory: workingDirectory)
        }

        // The models are read before anything slow runs: unreadable models stop the gate.
        // Each set of model paths is read once; lint and the check use what was read, each
        // container measured against the models that sync into it.
        var models: [[String]: AppModel] = [:]
        var expected: [String: ExpectedModelSchema.Outcome] = [:]
        for container in containers {
            let shown = ExpectedModelSchema.shownPaths(container.modelPaths, workingDirectory: workingDirectory)
            let model = models[container.modelPaths] ?? timer.measure("read models") { readModels(shown, workingDirectory) }
            models[container.modelPaths] = model
            let label = containers.count > 1 ? " (\(container.id.value))" : ""
            expected[container.id.value] = try ExpectedModelSchema.build(
                model: model, shown: shown, configuration: configuration, container: container, label: label)
        }
        // What the membership found is the same for every container: reported once.
        findings += containers.first.flatMap { expected[$0.id.value]?.membershipFindings } ?? []

        // 2. Lint: see GateLint.swift.
        let lint = try timer.measure("lint") {
            try GateLint.run(
                configuration: configuration, containers: containers, models: models, base: base,
                workingDirectory: workingDirectory, environment: environment, readModels: readModels, log: log)
        }
        notes += lint.notes
        findings += lint.findings

        // 3. Create.
        notes.append(try timer.measure("create") { try runCreate() })

        // 4. Check every container (lint has reported the models' reading problems).
        var check = ContainerCheck(
            configuration: configuration, environment: environment, workingDirectory: workingDirectory, log: { log("gate: \($0)") })
        check.productionFile = options.productionFile
        check.developmentFile = options.developmentFile
        check.checksSnapshot = true
        check.reportsModelFindings = false
        check.timer = timer
        let checked = try check.run(containers) { container, _ in expected[container.id.value] }
        var report = Report(command: "gate", findings: findings + checked.findings, notes: notes + checked.notes)
        report.basis = checked.basis
        return report
    }

    /// Nil only with --always (and no --since) where there is no git or no work tree: the
    /// gate then checks without a base, as asked. Every other failure stops it.
    private func detectChanges() throws -> ChangeReport? {
        do {
            return try ChangeAnalysis.run(
                workingDirectory: workingDirectory, environment: environment, since: options.since,
                configuration: configuration, timer: timer)
        } catch {
            guard options.always, options.since == nil else { throw error }
            switch error {
            case .gitNotFound, .notARepository: return nil
            default: throw error
            }
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
