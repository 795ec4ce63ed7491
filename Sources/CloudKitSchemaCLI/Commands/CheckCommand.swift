import CloudKitSchema
import ModelSource
import SchemaGate

/// `check`: read-only comparison of Production against the schema the app's models
/// require and/or a Development export.
enum CheckCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let production = OptionSpec("production", value: "FILE", help: "Production schema export (.ckdb).")
        static let development = OptionSpec("development", value: "FILE", help: "Development schema export (.ckdb).")
    }

    static let command = Command(
        name: "check",
        summary: "Report every record type and field the Production schema lacks.",
        discussion: """
        Measures a Production schema export against the schema the app's models require
        (--models) and/or a Development export (--development); give at least one. The
        models catch what Development never saw: a rarely used type, an always-nil
        field, the _ckAsset companion of a large value. Findings from the models point at
        the model source line. A gap seen from both is reported once. The models are
        --models, else the configuration's modelPaths; with Production alone, else the
        folders of the project's @Model sources (as for every command). With
        --development and no --models or modelPaths, only Development is measured.

        Errors: missing-record-type, missing-field, field-type-mismatch (no deploy can fix
        it). A missing _ckAsset companion of a String or URL attribute and a missing
        CD_moveReceipt are warnings (severities in .cloudkit-schema.json, whether the
        models or Development show the gap). Warnings: index-mismatch, grant-mismatch,
        missing-role (Development only), unwritten-record-type and unwritten-field (with
        models: what Development holds that no model writes, which a deploy would make
        permanent), unknown-type, unregistered-model. Info: extra-field,
        extra-record-type, extra-role. A model file that cannot be read makes the run an
        error (exit 2). Read-only: nothing is ever written to CloudKit.

        Without --production, both environments are exported with cktool for the
        configured team and container(s) (.cloudkit-schema.json, TEAM_ID, CONTAINER_ID,
        or --team-id/--container-id), and the models come from --models or the
        configuration's modelPaths. Where cktool is unavailable (no xcrun, or xcrun without
        cktool), a container with a committed Production snapshot is checked against it
        (Development not compared), and the status line says so; a cktool that runs and
        fails (token, team, network) is an error. Or export schemas yourself:
          xcrun cktool export-schema --team-id T --container-id C --environment production --output-file prod.ckdb
        """,
        spec: ArgumentSpec(options: [
            Options.production,
            Options.development,
            ModelInput.option, PipelineOptions.target,
            PipelineOptions.teamID, PipelineOptions.containerID, PipelineOptions.config,
            ReportOutput.formatOption,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        guard let productionPath = context.arguments.value(Options.production) else {
            if context.arguments.value(Options.development) != nil {
                throw .usage("--development FILE needs --production FILE (with neither, cktool exports both)")
            }
            return try LiveCheck.run(context)
        }
        let developmentPath = context.arguments.value(Options.development)
        _ = try ReportOutput.format(context)
        let configuration = try PipelineOptions.configuration(context)
        // The models when they are configured (--models, --target, modelPaths). Without
        // Development they are the only reference, so the resolved ones (what the project
        // survey finds, else the root, where finding no model is an error naming --models).
        // With Development, a guess would silently add a third comparison to a diff of two files.
        let configured = [.flag, .file].contains(configuration.modelPaths.source)
        let usesModels = configured || developmentPath == nil
        let production = try load(productionPath, name: "Production", environment: "production", context)
        let development = try developmentPath.map { (path) throws(CLIError) in
            try load(path, name: "Development", environment: "development", context)
        }
        let model = usesModels ? try ModelInput.read(configuration, context) : nil
        // The configured severities hold wherever a finding comes from: the models or Development.
        let options = ExpectedModelSchema.options(configuration)
        let membership = model.map { StoreMembership(model: $0, localModels: configuration.localModels) }
        let expected = model.map { ExpectedSchema.build(from: $0, options: options, membership: membership) }
        let drift = SchemaCheck(
            production: production, references: development.map { [$0] } ?? [], expected: expected, options: options).run()
        var report = report(drift: drift, model: model)
        // Which models were taken as synced, or local, and why (Docs/StoreMembership.md).
        if let model, let membership {
            report.notes += membership.notes(for: model.entities, container: nil, checked: configuration.containers.map(\.id.value))
            report.findings += membership.findings
        }
        return try ReportOutput.emit(report, context)
    }

    /// The drift report plus what reading the models found; unreadable model files make
    /// the whole run an error, since the check cannot vouch for what it did not read.
    static func report(drift: Report, model: AppModel?) -> Report {
        guard let model else { return drift }
        var notes = drift.notes
        let version = model.activeSchemaVersion.map { ", schema version \($0)" } ?? ""
        notes.insert("Read \(model.entities.count) model\(model.entities.count == 1 ? "" : "s")\(version).", at: 0)
        var report = Report(command: drift.command, findings: drift.findings + ModelDiagnosticFindings.findings(for: model), notes: notes)
        if ModelInput.hasInputProblems(model) { report.status = .error }
        return report
    }

    static func load(_ path: String, name: String, environment: String, _ context: CommandContext) throws(CLIError) -> NamedSchema {
        do {
            var schema = try NamedSchema.load(path: context.path(path), name: name, environment: environment)
            schema.file = path  // report the path as the user gave it
            return schema
        } catch {
            var located = error
            located.file = path
            throw .input(located.description)
        }
    }
}
