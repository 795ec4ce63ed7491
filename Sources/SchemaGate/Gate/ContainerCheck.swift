import Foundation
import ModelSource
import SchemaGateBasics

/// Production measured against Development and the models, container by container: the one
/// loop `check` (without export files) and the gate's check step run. Exports come from
/// cktool (one runner for every container) or the files given; the gate also compares a
/// live Production with the committed snapshot.
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
    package func run(
        _ containers: [ResolvedContainer], models: (ResolvedContainer, _ label: String) throws -> ExpectedModelSchema.Outcome?
    ) throws -> Report {
        var cktool: CKToolRunner?
        var findings: [Finding] = []
        var notes: [String] = []
        var bases: [String] = []
        for container in containers {
            let label = containers.count > 1 ? " (\(container.id.value))" : ""
            let outcome = try models(container, label)
            let result = try check(container, label: label, models: outcome, cktool: &cktool)
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
        _ container: ResolvedContainer, label: String, models: ExpectedModelSchema.Outcome?, cktool: inout CKToolRunner?
    ) throws -> Report {
        let schemas = try timer.measure(productionFile == nil ? "export schemas (cktool)" : "read schema files") {
            try EnvironmentSchemas.load(
                container: container, configuration: configuration,
                productionFile: productionFile, developmentFile: developmentFile, label: label,
                environment: environment, workingDirectory: workingDirectory, cktool: &cktool, record: record, log: log)
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
