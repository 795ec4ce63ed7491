import Foundation
import SchemaGate

/// What `--format` can choose: `OutputFormat` (a report, through its reporter) or
/// `ListingFormat` (`models`, `config`). One parser reads every one of them.
protocol FormatChoice: RawRepresentable<String>, CaseIterable, Sendable {
    /// The format when `--format` is not given.
    static var text: Self { get }
}

extension OutputFormat: FormatChoice {}

/// `models` and `config` print a listing for people or JSON for tools, never a report.
enum ListingFormat: String, FormatChoice {
    case text, json
}

/// The `--format` option every reporting command shares, and rendering a report with it.
enum ReportOutput {
    static let formatOption = formatOption(for: OutputFormat.self)

    /// `--format`, its help listing the formats of `Format`.
    static func formatOption<Format: FormatChoice>(for _: Format.Type) -> OptionSpec {
        OptionSpec(
            "format", value: "FORMAT",
            help: "Output format: \(names(Format.self)) (default: text).")
    }

    static func format(_ context: CommandContext) throws(CLIError) -> OutputFormat {
        try format(OutputFormat.self, context)
    }

    /// The one `--format` parser: the format asked for, `text` when none was.
    static func format<Format: FormatChoice>(_: Format.Type, _ context: CommandContext) throws(CLIError) -> Format {
        guard let raw = context.arguments.value(formatOption) else { return .text }
        guard let format = Format(rawValue: raw) else {
            let hint = closest(to: raw, in: Format.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("unknown format '\(raw)'\(hint) Formats: \(names(Format.self)).")
        }
        return format
    }

    private static func names<Format: FormatChoice>(_: Format.Type) -> String {
        Format.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// Best-effort look at raw arguments, for reporting errors before parsing succeeded.
    static func requestedFormat(in arguments: [String]) -> OutputFormat? {
        for (index, argument) in arguments.enumerated() {
            if argument.hasPrefix("--format=") { return OutputFormat(rawValue: String(argument.dropFirst(9))) }
            if argument == "--format", index + 1 < arguments.count { return OutputFormat(rawValue: arguments[index + 1]) }
        }
        return nil
    }

    /// Prints the report and returns its exit status. `pathsRelativeTo`: the directory the
    /// report's relative paths are relative to, when it is not the working directory.
    static func emit(_ report: Report, _ context: CommandContext, pathsRelativeTo: String? = nil) throws(CLIError) -> Int32 {
        let format = try format(context)
        print(report, format, context, baseDirectory: pathsRelativeTo)
        return report.status.exitCode
    }

    /// The report on stdout, then its status line last: the report's own last line for a
    /// format that ends with it, else a line on stderr (`json`, `sarif`, `markdown`),
    /// because plugin hosts collapse exit codes. Docs/output-formats.md says where each goes.
    static func print(_ report: Report, _ format: OutputFormat, _ context: CommandContext, baseDirectory: String? = nil) {
        context.console.out(render(report, format, context, baseDirectory: baseDirectory))
        if !format.endsWithStatusLine {
            context.console.errorLine(report.redacted(by: context.console.redactor).summaryLine)
        }
    }

    /// A report in a command's format. `baseDirectory`: what the report's relative paths are
    /// relative to (default: the working directory), which `xcode` makes them absolute
    /// against; `github` paths are relative to it, else to GITHUB_WORKSPACE.
    static func render(_ report: Report, _ format: OutputFormat, _ context: CommandContext, baseDirectory: String? = nil) -> String {
        let base = baseDirectory ?? context.environment["GITHUB_WORKSPACE"] ?? context.workingDirectory
        return render(
            report, format, color: context.useColor, baseDirectory: base,
            workingDirectory: baseDirectory ?? context.workingDirectory, redactor: context.console.redactor)
    }

    /// The one way a report becomes text: redacted first, because a format may escape a
    /// secret (JSON, annotations, Markdown) so that redacting the output would miss it;
    /// then, for a line format, every control character escaped (`TerminalText`).
    static func render(
        _ report: Report, _ format: OutputFormat, color: Bool = false, baseDirectory: String? = nil,
        workingDirectory: String? = nil, redactor: Redactor
    ) -> String {
        let redacted = report.redacted(by: redactor)
        return format.reporter(color: color, baseDirectory: baseDirectory, workingDirectory: workingDirectory)
            .render(format.isDocument ? redacted : redacted.escapedForLines())
    }

    /// A deliberate skip (SKIP_CLOUDKIT_SCHEMA_CHECK): said once. Every format but `json`
    /// shows the message in the report itself (text and Markdown as a note, `github` as a
    /// warning annotation, `xcode` as a warning line); with `json` and `sarif`, whose stdout
    /// is for machines, it is a warning on stderr too.
    static func skipped(_ command: String, message: String, _ context: CommandContext) -> Report {
        if (try? format(context))?.isDocument == true { context.console.errorLine("warning: " + message) }
        return Report(command: command, status: .skipped, notes: [message])
    }
}
