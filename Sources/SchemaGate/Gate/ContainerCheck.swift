import Foundation
import ModelSource
import SchemaGateBasics

/// Production measured against Development and the models, container by container: the one
/// loop `check` (without export files) and the gate's check step run. Exports come from
/// cktool (every container's at once) or the files given; the gate also compares a live
/// Production with the committed snapshot.
package struct ContainerCheck {
    package var configuration: ResolvedConfiguration
    /// `--production FILE` / `--development FILE`: these exports, never cktool.
    package var productionFile: EnvironmentSchemas.File?
    package var developmentFile: EnvironmentSchemas.File?
    package var environment: [String: String]
    package var workingDirectory: String
    /// Progress lines, already prefixed with the command's name.
    package var log: @Sendable (String) -> Void
    /// The gate's: a stale committed Production snapshot is a finding.
    package var checksSnapshot = false
    /// Whether reading problems (unknown types...) are findings here; the gate's lint step
    /// reports them already, so that each is reported once.
    package var reportsModelFindings = true
    package var timer = PhaseTimer()
    /// Where a live Production export is kept for the gate's shortcut (ProductionRecord).
    package var record: ProductionRecord.Store?
    /// The repository a committed snapshot is checked in (nil: looked for from the root).
    package var repository: GitRepository?
    /// How many exports may be in flight at once (1: one after another, as tests compare).
    package var exportsAtOnce = CKToolExports.limit

    package init(
        configuration: ResolvedConfiguration, environment: [String: String], workingDirectory: String,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.configuration = configuration
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.log = log
    }

    /// - Parameter models: a container's models and the label it is named by in notes
    ///   (nil: measured against Development only).
    ///
    /// Containers are checked in order, each with what exporting them one after another
    /// gave (the same notes, the same first error), while the exports of all of them run
    /// at once (`LiveExports`), started once the first container's models are read.
    package func run(
        _ containers: [ResolvedContainer], models: (ResolvedContainer, _ label: String) throws -> ExpectedModelSchema.Outcome?
    ) throws -> Report {
        var source = productionFile.map { EnvironmentSchemas.Source.files(production: $0, development: developmentFile) }
        // Whatever ends the loop (an error included), no export runs on after it.
        defer { if case .live(let exports)? = source { exports.stop() } }
        var findings: [Finding] = []
        var notes: [String] = []
        var bases: [String] = []
        for (index, container) in containers.enumerated() {
            let label = containers.count > 1 ? " (\(container.id.value))" : ""
            let outcome = try models(container, label)
            let current = source ?? .live(EnvironmentSchemas.LiveExports(
                containers, configuration: configuration, environment: environment, workingDirectory: workingDirectory,
                limit: exportsAtOnce, log: log))
            source = current
            let result = try check(container, index: index, label: label, models: outcome, source: current)
            notes += result.notes
            findings += result.findings
            // The models' own findings are the same for every container: each said once.
            if reportsModelFindings, let outcome {
                findings += (outcome.findings + outcome.membershipFindings).filter { !findings.contains($0) }
            }
            if let basis = result.basis { bases.append(basis) }
        }
        var report = Report(command: "check", findings: findings, notes: notes)
        report.basis = bases.isEmpty ? nil : bases.joined(separator: "; ")
        return report
    }

    private func check(
        _ container: ResolvedContainer, index: Int, label: String, models: ExpectedModelSchema.Outcome?, source: EnvironmentSchemas.Source
    ) throws -> Report {
        let schemas = try timer.measure(productionFile == nil ? "export schemas (cktool)" : "read schema files") {
            try EnvironmentSchemas.load(
                container: container, index: index, source: source, configuration: configuration, label: label,
                environment: environment, record: record)
        }
        let production = schemas.production
        var report = timer.measure("check") {
            SchemaCheck(
                production: production, references: schemas.development.map { [$0] } ?? [], expected: models?.expected,
                options: ExpectedModelSchema.options(configuration)).run()
        }
        let modelNotes = models?.notes ?? ["Models\(label): none given (--models or modelPaths); measured against Development only."]
        report.notes = [schemas.note] + modelNotes + report.notes
        report.basis = schemas.basis
        if checksSnapshot, schemas.live, let snapshot = container.productionSnapshot {
            let display = UserPath.display(snapshot.path, from: configuration.root)
            if let stale = try SnapshotCheck.staleness(
                snapshot: snapshot, displayPath: display, live: production.schema, containerID: container.id.value,
                multipleContainers: !label.isEmpty,
                repository: repository ?? (try? GitRepository(containing: configuration.root, environment: environment))) {
                report.findings.append(stale)
            } else {
                report.notes.append("Snapshot\(label): \(display) matches live Production.")
            }
        }
        return report
    }
}
