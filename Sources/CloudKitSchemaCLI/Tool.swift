import Foundation
import SchemaGate

/// The `cloudkit-schema` command line: dispatch, help, version, and turning errors
/// into exit status 2 with a message that says what to do.
package enum Tool {
    package static let version = ToolIdentity.version

    package static var commands: [Command] {
        // One per line, in the order `--help` lists them: the release job first.
        [
            GateCommand.command,
            CheckCommand.command,
            LintCommand.command,
            ModelsCommand.command,
            ExpectedCommand.command,
            ProbeListCommand.command,
            ChangedCommand.command,
            CreateCommand.command,
            ExportCommand.command,
            FormatCommand.command,
            InitCommand.command,
            ConfigCommand.command,
            ScaffoldCommand.command,
            InstallHooksCommand.command,
            DoctorCommand.command,
        ]
    }

    /// Runs one command line. Whatever the command does, the exit status is 0, 1 or 2, and
    /// everything it printed passed the redaction of the environment's secrets.
    /// `executable`: `argv[0]` of the process (the executable passes it; install-hooks
    /// records where the tool lives).
    package static func run(
        _ arguments: [String], environment: [String: String], workingDirectory: String, console: Console,
        executable: String? = nil
    ) -> Int32 {
        let console = console.redacting(Redactor(environment: environment))
        let status = dispatch(
            arguments, environment: environment, workingDirectory: workingDirectory, console: console, executable: executable)
        let label = arguments.first.flatMap(command(named:)).map { "cloudkit-schema \($0.name)" } ?? "cloudkit-schema"
        return finish(status, label: label, console: console)
    }

    /// A run whose output could not be written ends in exit 2, said on the stream that
    /// still works (stderr first). The lost stream cannot carry a status line; when both
    /// are lost, only the exit status tells.
    static func finish(_ status: Int32, label: String, console: Console) -> Int32 {
        console.flush()
        let failures = [console.outputFailure, console.errorFailure].compactMap { $0 }
        guard !failures.isEmpty else { return status }
        let lost = failures.map { "\($0.destination) (\($0.reason))" }.joined(separator: " and ")
        let message = "error: cloudkit-schema could not write to \(lost): what was written there is lost"
            + (console.outputFailure != nil ? ", with the status line" : "")
            + ". The command itself ended in exit \(status); a run whose output is lost ends in exit 2: "
            + "give the tool a writable stdout and stderr (a full disk, a closed pipe or a closed descriptor loses output)."
        let statusLine = "\(label): \(ReportStatus.error.words)"
        if console.errorFailure == nil {
            console.errorLine(message)
            console.errorLine(statusLine)
        } else if console.outputFailure == nil {
            console.line(message)
            console.line(statusLine)
        }
        console.flush()
        return ReportStatus.error.exitCode
    }

    static func dispatch(
        _ arguments: [String], environment: [String: String], workingDirectory: String, console: Console,
        executable: String? = nil
    ) -> Int32 {
        guard let first = arguments.first else {
            console.out(overview)
            return 0
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = command(named: arguments[1]) {
                console.out(HelpFormatter.help(for: command))
                return 0
            }
            console.out(overview)
            return 0
        case "--version":
            console.line(version)
            return 0
        default:
            break
        }
        guard let command = command(named: first) else {
            let hint = closest(to: first, in: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            console.errorLine("error: unknown command '\(first)'\(hint)")
            console.errorLine("Run 'cloudkit-schema --help' for the list of commands.")
            return ReportStatus.error.exitCode
        }
        let rest = Array(arguments.dropFirst())
        do throws(CLIError) {
            // The parser decides whether `--help` is a request or an option's value.
            let parsed = try ArgumentParser(spec: command.spec).parse(rest)
            if parsed.helpRequested {
                console.out(HelpFormatter.help(for: command))
                return 0
            }
            let context = CommandContext(
                arguments: parsed, environment: environment, workingDirectory: workingDirectory, console: console,
                executable: executable)
            return try command.run(context)
        } catch {
            report(error, command: command, arguments: rest, workingDirectory: workingDirectory, console: console)
            return error.exitStatus
        }
    }

    /// SIGHUP, SIGINT, SIGQUIT and SIGTERM stop every subprocess's group, remove the
    /// tool's temporary folders and end the tool with a last line that says so
    /// (Docs/guarantees.md); after SIGKILL, `OrphanGuard` stops and removes what is left. Only
    /// the executable installs this; in-process runs keep the defaults.
    package static func handleInterruptions(of arguments: [String]) {
        let name = arguments.first.flatMap { command(named: $0)?.name }
        Interruption.install { signal in interruptedLine(command: name, signal: signal) }
        // SIGKILL cannot be handled: a watcher cleans up after it.
        OrphanGuard.enable()
    }

    /// `cloudkit-schema gate: INTERRUPTED (exit 130): SIGINT stopped it …`.
    static func interruptedLine(command: String?, signal: Int32) -> String {
        "cloudkit-schema\(command.map { " \($0)" } ?? ""): INTERRUPTED (exit \(128 + signal)): "
            + "\(Interruption.name(of: signal)) stopped it before it finished; its subprocesses were stopped "
            + "and its temporary folders removed, and nothing was decided"
    }

    /// Ends the process, unless an interrupt is ending it (then its status and line win).
    package static func exit(_ status: Int32) -> Never {
        Interruption.exit(status)
    }

    static func command(named name: String) -> Command? {
        commands.first { $0.name == name }
    }

    /// Errors go to stderr; with `--format json` (or `sarif`) a report with status `error`
    /// also goes to stdout, so machine readers never get an empty document.
    static func report(_ error: CLIError, command: Command, arguments: [String], workingDirectory: String, console: Console) {
        console.errorLine("error: \(error.message)")
        if error.category == .usage {
            console.errorLine("Run 'cloudkit-schema \(command.name) --help' for usage.")
        }
        if let format = ReportOutput.requestedFormat(in: arguments), format.isDocument {
            console.out(ReportOutput.render(error.report(command: command.name), format, workingDirectory: workingDirectory, redactor: console.redactor))
        }
        // Plugin hosts collapse exit codes: the last line says the status in words.
        console.errorLine("cloudkit-schema \(command.name): \(ReportStatus.error.words)")
    }

    static var overview: String {
        var text = """
        cloudkit-schema \(version): stop a release whose CloudKit Production schema lacks a
        record type or field that the app's SwiftData / Core Data models write.

        USAGE: cloudkit-schema <command> [options]

        COMMANDS:

        """
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for command in commands {
            text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

        Run 'cloudkit-schema <command> --help' for a command's options.
        Exit status: 0 pass (or deliberate skip), 1 findings, 2 setup, usage or input problem.

        """
        return text
    }
}
