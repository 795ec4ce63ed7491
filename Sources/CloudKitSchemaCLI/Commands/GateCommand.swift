import Foundation
import SchemaGate

/// `gate`: the one command a release script runs before archiving (README "The release gate").
enum GateCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let since = OptionSpec("since", value: "REF", help: "Measure changes from REF instead of the nearest tag.")
        static let always = OptionSpec("always", .flag, help: "Check even when no model changed (the comparisons with the last release still run).")
        static let noCreate = OptionSpec("no-create", .flag, help: "Do not run the configured create command.")
        static let production = OptionSpec("production", value: "FILE", help: "Production export to use instead of cktool.")
        static let development = OptionSpec("development", value: "FILE", help: "Development export to use with --production.")
        static let verbose = OptionSpec("verbose", .flag, help: "Print the time each phase took (to stderr).")
    }

    static let command = Command(
        name: "gate",
        summary: "Release gate: block the build if CloudKit Production lacks what the models write.",
        discussion: """
        Steps: (1) SKIP_CLOUDKIT_SCHEMA_CHECK=1/true/yes skips loudly and exits 0;
        0/false/no/unset runs; any other value exits 2. (2) Change detection since the
        nearest release tag (or --since): no model change passes without contacting
        CloudKit. (3) Lint the models (lint findings recorded in the configuration's
        lintBaseline are not reported; what Production lacks always is). (4) Run the
        configured create command (unless --no-create). (5) Export Production and
        Development with cktool (or read --production/--development files) and report
        every record type and field Production lacks, measured against Development
        and the models; with cktool and a committed Production snapshot, a stale
        snapshot fails too. Without cktool (no xcrun, or xcrun without cktool),
        Production is the committed snapshot and the status line says the verdict is
        against it, Development not compared.
        --always skips only step 2's "no model change" shortcut: with a base release
        (a tag, or --since), the comparisons with it still run.
        Exit status: 0 pass or deliberate skip, 1 findings, 2 setup problem (no cktool,
        no token, timeout, unparsable export, bad configuration). The last line printed
        states the status in words, for hosts that collapse exit codes. With
        GITHUB_STEP_SUMMARY set, a Markdown summary is appended there. Read-only.
        """,
        spec: ArgumentSpec(options: [
            Options.since,
            Options.always,
            Options.noCreate,
            Options.production,
            Options.development,
            PipelineOptions.teamID, PipelineOptions.containerID, PipelineOptions.models, PipelineOptions.target, PipelineOptions.tagPattern,
            PipelineOptions.config, ReportOutput.formatOption,
            Options.verbose,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        let format = try ReportOutput.format(context)
        let report = gate(context)
        emit(report, format: format, context)
        return report.status.exitCode
    }

    /// Every outcome, including setup errors, becomes a report: the gate always ends
    /// with its status line and a step summary.
    static func gate(_ context: CommandContext) -> Report {
        do throws(CLIError) {
            switch try PipelineOptions.engine({ try SkipSwitch.decide(context.environment) }) {
            case .skip(let value):
                return ReportOutput.skipped("gate", message: SkipSwitch.skipMessage(value), context)
            case .run:
                break
            }
            if context.arguments.value(Options.development) != nil && context.arguments.value(Options.production) == nil {
                throw .usage("--development FILE needs --production FILE (with neither, cktool exports both)")
            }
            let configuration = try PipelineOptions.configuration(context)
            var options = Gate.Options()
            options.since = context.arguments.value(Options.since)
            options.always = context.arguments.flag(Options.always)
            options.runCreate = !context.arguments.flag(Options.noCreate)
            options.productionFile = context.arguments.value(Options.production).map { EnvironmentSchemas.File(path: context.path($0), displayPath: $0) }
            options.developmentFile = context.arguments.value(Options.development).map { EnvironmentSchemas.File(path: context.path($0), displayPath: $0) }
            let console = context.console
            let gate = Gate(
                configuration: configuration, options: options, workingDirectory: context.workingDirectory,
                environment: context.environment, log: { console.errorLine($0) }, createOutput: { console.errorLine($0) })
            defer {
                if context.arguments.flag(Options.verbose) { gate.timer.lines().forEach { console.errorLine($0) } }
            }
            return try PipelineOptions.engine { try gate.run() }
        } catch {
            return error.report(command: "gate")
        }
    }

    /// The step summary first (so a warning about it cannot follow the status line), the
    /// report on stdout, then the status line last (on stderr when the format does not end
    /// with it).
    static func emit(_ report: Report, format: OutputFormat, _ context: CommandContext) {
        if report.status == .error, format != .text, let message = report.findings.first?.message {
            context.console.errorLine("error: \(message)")
        }
        writeStepSummary(report, context)
        ReportOutput.print(report, format, context)
    }

    /// Appends the Markdown summary to GITHUB_STEP_SUMMARY. It is a copy of the verdict
    /// for the job page, never the verdict itself: a path that cannot be written (a FIFO,
    /// a directory, a full disk) is a warning on stderr and the exit status stays what
    /// the gate decided, since CI acts on the status and the full report is on stdout.
    static func writeStepSummary(_ report: Report, _ context: CommandContext) {
        guard let path = context.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        let text = ReportOutput.render(report, .markdown, context) + "\n"
        do {
            try OutputFile.append(text, to: context.path(path))
        } catch {
            context.console.errorLine("warning: the summary was not written to GITHUB_STEP_SUMMARY (\(path)): \(error.reason); the verdict below stands. Point GITHUB_STEP_SUMMARY at a regular file, or unset it.")
        }
    }
}
