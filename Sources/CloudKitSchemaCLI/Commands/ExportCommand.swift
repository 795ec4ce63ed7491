import CloudKitSchema
import Foundation
import SchemaGate

/// `export --environment E [--output FILE]`: a read-only cktool export, printed in the
/// canonical layout or written as a snapshot a team can commit.
enum ExportCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let environment = OptionSpec("environment", value: "ENV", help: "development or production.")
        static let output = OptionSpec("output", value: "FILE", help: "Write the schema here instead of printing it.")
    }

    static let command = Command(
        name: "export",
        summary: "Export a CloudKit environment's schema with cktool (read-only).",
        discussion: """
        Runs 'xcrun cktool export-schema' for the configured team and container, checks
        that the result is a complete schema, and prints it in the canonical export
        layout, or writes it to --output. A Production snapshot committed this way lets
        a CI job without cktool run 'check --production cloudkit/production.ckdb', and
        'gate' reports the snapshot as stale when live Production differs from it.
        The management token comes from CLOUDKIT_MANAGEMENT_TOKEN or cktool's keychain
        entry; it is never put on a command line or printed, and an export that contains
        its value is neither printed nor written (exit 2).
        """,
        spec: ArgumentSpec(options: [
            Options.environment,
            Options.output,
            PipelineOptions.teamID, PipelineOptions.containerID, PipelineOptions.config,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        guard let raw = context.arguments.value(Options.environment) else {
            throw .usage("export needs --environment development or --environment production")
        }
        guard let environment = CloudKitEnvironment(rawValue: raw.lowercased()) else {
            throw .usage("unknown environment '\(raw)'; use development or production")
        }
        let configuration = try PipelineOptions.configuration(context)
        let container = try PipelineOptions.engine { try configuration.requireSingleContainer() }
        let team = try PipelineOptions.engine { try configuration.requireTeamID() }
        let export = try PipelineOptions.engine { () throws -> CloudKitExport in
            let runner = try CKToolRunner(
                environment: context.environment, timeout: configuration.cktoolTimeout.value,
                workingDirectory: context.workingDirectory)
            return try runner.exportSchema(teamID: team, containerID: container.id.value, environment: environment)
        }
        let text = SchemaPrinter.print(export.schema)
        // Printed, stdout is often redirected into the snapshot file; redacted it would be
        // a different schema. So a schema holding the token is neither printed nor written.
        if context.console.redactor.exposes(text) {
            throw .setup("the \(environment.displayName) schema was neither printed nor written: \(tokenInExport)")
        }
        guard let output = context.arguments.value(Options.output) else {
            context.console.out(text)
            return 0
        }
        try ExactFile.write(text, to: context.path(output), shown: output, what: "the export",
                            fix: "choose a writable path", context)
        let types = export.schema.recordTypes.count
        context.console.errorLine(
            "Wrote the \(environment.displayName) schema of \(container.id.value) (\(types) record type\(types == 1 ? "" : "s")) to \(output).")
        return 0
    }

    static let tokenInExport = """
        cktool's export contains the value of \(CKToolRunner.tokenVariable) (as a record type, field or role name), \
        and a snapshot with it would expose the token while one without it would be a different schema; \
        find out why CloudKit or cktool returned the token, create a new token in CloudKit Console (Settings → Tokens), and export again
        """
}
