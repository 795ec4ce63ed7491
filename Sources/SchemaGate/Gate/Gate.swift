import CloudKitSchema
import Foundation

/// The release gate (DESIGN.md §6) after the escape hatch: change detection, lint,
/// create, check (with the snapshot staleness check). Returns the combined report;
/// throws an `ActionableError` for anything that stops it (exit 2). Read-only.
public struct Gate: Sendable {
    public struct Options: Sendable {
        /// `--since REF`: measure changes from REF instead of the nearest tag.
        public var since: String?
        /// `--always`: check even without a model change (skips change detection).
        public var always = false
        /// `--no-create` turns this off.
        public var runCreate = true
        /// `--production FILE` / `--development FILE`: use these exports, never cktool.
        public var productionFile: SchemaFile?
        public var developmentFile: SchemaFile?

        public init() {}
    }

    /// A schema file as given (for messages) and resolved (for reading).
    public struct SchemaFile: Sendable {
        public var path: String
        public var displayPath: String
        public init(path: String, displayPath: String) {
            self.path = path
            self.displayPath = displayPath
        }
    }

    public var configuration: ResolvedConfiguration
    public var options: Options
    public var workingDirectory: String
    public var environment: [String: String]
    /// Progress lines (the CLI sends them to stderr).
    public var log: @Sendable (String) -> Void
    /// The create command's output lines.
    public var createOutput: @Sendable (String) -> Void

    public init(
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

    public func run() throws -> Report {
        var notes: [String] = []
        var findings: [Finding] = []

        // 1. Change detection: no model change, no CloudKit.
        if options.always {
            notes.append("Changes: not examined (--always).")
        } else {
            log("gate: detecting model changes…")
            let changes = try detectChanges()
            notes.append("Changes: \(changes.summary).")
            if !changes.isModelTouching || changes.modelChange == .unchanged {
                notes.append("CloudKit was not contacted: nothing in this release can need a schema deploy. Run with --always to check anyway.")
                return Report(command: "gate", status: .pass, notes: notes)
            }
        }

        // Everything needed to reach CloudKit is checked before the long steps run.
        let containers = try configuration.requireContainers()
        if options.productionFile == nil {
            _ = try configuration.requireTeamID()
            _ = try CKToolRunner(environment: environment, timeout: configuration.cktoolTimeout.value, workingDirectory: workingDirectory)
        }

        // 2. Lint: see GateLint.swift.
        let lint = try GateLint.run(configuration: configuration, log: log)
        notes.append(lint.note)
        findings += lint.findings

        // 3. Create.
        notes.append(try runCreate())

        // 4. Check every container.
        var cktool: CKToolRunner?
        for container in containers {
            let result = try check(container, multiple: containers.count > 1, cktool: &cktool)
            notes += result.notes
            findings += result.findings
        }
        return Report(command: "gate", findings: findings, notes: notes)
    }

    private func detectChanges() throws -> ChangeReport {
        let modelPaths = configuration.modelPaths.source == .defaultValue ? [] : configuration.modelPaths.value
        let detector = ChangeDetector(
            workingDirectory: workingDirectory, environment: environment, since: options.since,
            tagPattern: configuration.tagPattern?.value, modelPaths: modelPaths)
        var (report, repository) = try detector.detect()
        report.modelChange = PersistedModelComparison.compare(report, repository: repository, configuration: configuration)
        return report
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

    private func check(_ container: ResolvedContainer, multiple: Bool, cktool: inout CKToolRunner?) throws -> Report {
        let id = container.id.value
        let label = multiple ? " (\(id))" : ""
        var notes: [String] = []
        let production: NamedSchema
        var development: NamedSchema?
        var liveProduction = false
        if let file = options.productionFile {
            production = try NamedSchema.load(path: file.path, displayPath: file.displayPath, name: "Production\(label)", environment: .production)
            if let devFile = options.developmentFile {
                development = try NamedSchema.load(path: devFile.path, displayPath: devFile.displayPath, name: "Development\(label)", environment: .development)
            }
            notes.append("Check\(label): Production from \(file.displayPath)\(development.map { ", Development from \($0.file ?? "a file")" } ?? ""); cktool not used.")
        } else {
            let runner = try cktool ?? CKToolRunner(environment: environment, timeout: configuration.cktoolTimeout.value, workingDirectory: workingDirectory)
            cktool = runner
            let team = try configuration.requireTeamID()
            log("gate: exporting Production and Development of \(id) with cktool…")
            production = try runner.exportSchema(teamID: team, containerID: id, environment: .production).named("Production\(label)")
            development = try runner.exportSchema(teamID: team, containerID: id, environment: .development).named("Development\(label)")
            liveProduction = true
            notes.append("Check\(label): exported Production and Development of \(id) (team \(team)) with cktool.")
        }

        var references: [NamedSchema] = []
        if let expected = try ExpectedModelSchema.build(for: container, configuration: configuration, label: label) {
            references.append(expected.schema)
            notes += expected.notes
        }
        if let development { references.append(development) }
        guard !references.isEmpty else {
            throw GateSetupError.nothingToMeasure
        }
        var report = SchemaCheck(production: production, references: references).run()
        report.notes = notes + report.notes

        if liveProduction, let snapshot = container.productionSnapshot {
            let display = ModelFileClassifier.relative(snapshot.path, to: configuration.root)
            if let stale = try SnapshotCheck.staleness(
                snapshot: snapshot, displayPath: display, live: production.schema, containerID: id, multipleContainers: multiple) {
                report.findings.append(stale)
            } else {
                report.notes.append("Snapshot\(label): \(display) matches live Production.")
            }
        }
        return report
    }
}

/// Setup problems of the gate itself.
public enum GateSetupError: Error, Equatable, Sendable, ActionableError {
    case nothingToMeasure

    public var category: ErrorCategory { .usage }

    public var message: String {
        switch self {
        case .nothingToMeasure:
            return "there is nothing to measure Production against: give --development FILE, or configure model paths so the expected schema can be built"
        }
    }
}
