import Foundation
import SchemaGate

/// `create`: run the configured command that materializes Development, then verify.
enum CreateCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let timeout = OptionSpec("timeout", value: "SECONDS", help: "Override timeouts.createSeconds.")
        static let noVerify = OptionSpec("no-verify", .flag, help: "Do not export Development afterwards.")
    }

    static let command = Command(
        name: "create",
        summary: "Run the configured command that materializes the Development schema, then verify it.",
        discussion: """
        Runs "create.command" of .cloudkit-schema.json (for example the debug app
        launched with the flag 'cloudkit-schema scaffold' implements), streaming its
        output, and stops it with all its child processes after timeouts.createSeconds
        (default 1800). The command does not receive CLOUDKIT_MANAGEMENT_TOKEN. Then,
        when cktool is available, exports Development and verifies that every record
        type the models need exists there (exit 1 when one is missing).
        """,
        spec: ArgumentSpec(options: [
            Options.timeout,
            Options.noVerify,
            PipelineOptions.teamID, PipelineOptions.containerID, PipelineOptions.models, PipelineOptions.target, PipelineOptions.config,
            ReportOutput.formatOption,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        _ = try ReportOutput.format(context)
        // The flag is checked before anything else: a usage error never waits on setup.
        let flagTimeout = try context.arguments.value(Options.timeout).map { (raw: String) throws(CLIError) -> Double in
            guard let seconds = Double(raw), ConfigFile.Timeouts.isValid(seconds) else {
                throw .usage("--timeout '\(raw)' is not a number of seconds between 1 and 86400: give whole seconds, for example --timeout 600")
            }
            return seconds
        }
        let configuration = try PipelineOptions.configuration(context)
        guard let create = configuration.create else {
            throw .setup("no create command is configured: add \"create\": {\"command\": [...]} to \(configuration.file ?? ConfigFile.fileName) (the app side: 'cloudkit-schema scaffold')")
        }
        let timeout = flagTimeout ?? configuration.createTimeout.value
        let verify = !context.arguments.flag(Options.noVerify) && CKToolRunner.isAvailable(environment: context.environment)
        let verifier = CreateVerifier(configuration: configuration, environment: context.environment, workingDirectory: context.workingDirectory)
        // Models first: unreadable models stop the command before the long step.
        let expectations = verify ? try PipelineOptions.engine { try verifier.expectations() } : []
        let console = context.console
        console.errorLine("create: running \(create.command)")
        let step = CreateStep(create: create, environment: context.environment, timeout: timeout)
        let result = try PipelineOptions.engine { try step.run(onLine: { console.errorLine($0) }) }
        var notes = ["Create: '\(create.command)' finished in \(String(format: "%.1f", result.duration)) s."]
        var findings: [Finding] = []
        if context.arguments.flag(Options.noVerify) {
            notes.append("Verification: skipped (--no-verify).")
        } else if !CKToolRunner.isAvailable(environment: context.environment) {
            notes.append("Verification: skipped: cktool is not available here (no xcrun), so Development cannot be exported.")
        } else {
            let verification = try PipelineOptions.engine { try verifier.verify(expectations) }
            notes += verification.notes
            findings += verification.findings
        }
        return try ReportOutput.emit(Report(command: "create", findings: findings, notes: notes), context)
    }
}
