import Foundation
import SchemaGate

/// The `--format` option every reporting command shares, and rendering a report with it.
enum ReportOutput {
    static let formatOption = OptionSpec(
        "format", value: "FORMAT",
        help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default: text).")

    static func format(_ context: CommandContext) throws(CLIError) -> OutputFormat {
        guard let raw = context.arguments.value("format") else { return .text }
        guard let format = OutputFormat(rawValue: raw) else {
            let hint = closest(to: raw, in: OutputFormat.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("unknown format '\(raw)'\(hint) Formats: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return format
    }

    /// Best-effort look at raw arguments, for reporting errors before parsing succeeded.
    static func requestedFormat(in arguments: [String]) -> OutputFormat? {
        for (index, argument) in arguments.enumerated() {
            if argument.hasPrefix("--format=") { return OutputFormat(rawValue: String(argument.dropFirst(9))) }
            if argument == "--format", index + 1 < arguments.count { return OutputFormat(rawValue: arguments[index + 1]) }
        }
        return nil
    }

    /// Prints the report and returns its exit status.
    static func emit(_ report: Report, _ context: CommandContext) throws(CLIError) -> Int32 {
        let format = try format(context)
        context.console.out(render(report, format, context))
        return report.status.exitCode
    }

    /// A report in a command's format, paths relative to GITHUB_WORKSPACE for `github`.
    static func render(_ report: Report, _ format: OutputFormat, _ context: CommandContext, baseDirectory: String? = nil) -> String {
        let base = baseDirectory ?? context.environment["GITHUB_WORKSPACE"] ?? context.workingDirectory
        return render(report, format, color: context.useColor, baseDirectory: base, redactor: context.console.redactor)
    }

    /// The one way a report becomes text: redacted first, because a format may escape a
    /// secret (JSON, annotations, Markdown) so that redacting the output would miss it.
    static func render(
        _ report: Report, _ format: OutputFormat, color: Bool = false, baseDirectory: String? = nil, redactor: Redactor
    ) -> String {
        format.reporter(color: color, baseDirectory: baseDirectory).render(report.redacted(by: redactor))
    }
}
