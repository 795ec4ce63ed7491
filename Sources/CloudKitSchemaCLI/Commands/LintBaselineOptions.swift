import Foundation
import ModelSource
import SchemaGate
import SchemaGateBasics

/// `lint --baseline FILE`, `lint --write-baseline FILE` and the configuration's
/// `lintBaseline`: which lint findings a run reports (`LintBaseline`).
enum LintBaselineOptions {
    static let baseline = OptionSpec(
        "baseline", value: "FILE",
        help: "Report only lint findings not recorded in FILE (instead of \"lintBaseline\" of the configuration).")
    static let writeBaseline = OptionSpec(
        "write-baseline", value: "FILE",
        help: "Record this run's lint findings in FILE (replaced atomically); runs with that baseline report only new ones.")

    /// A baseline to apply: where it lives (which anchors the paths in it), as the
    /// user wrote it, where that came from, and its bytes when they come from the git index.
    struct Source {
        var path: String
        var shown: String
        var origin: String
        var indexed: [UInt8]?
    }

    /// The configuration's baseline, as a source.
    static func configured(_ path: String?, root: String) -> Source? {
        path.map { Source(path: $0, shown: UserPath.display($0, from: root), origin: "lintBaseline in the configuration") }
    }

    /// The report with `--write-baseline` written, or with the baseline (`--baseline`, else
    /// `configured`) applied. A baseline that cannot be read stops the run (exit 2).
    static func apply(_ report: Report, _ context: CommandContext, configured: Source?, place: FindingPlace) throws(CLIError) -> Report {
        if let target = context.arguments.value(writeBaseline) {
            return try write(report, to: target, context, place: place)
        }
        let given = context.arguments.value(baseline).map { Source(path: context.path($0), shown: $0, origin: "--baseline") }
        guard let source = given ?? configured else { return report }
        let baseline = try PipelineOptions.engine { () throws -> LintBaseline in
            if let bytes = source.indexed { return try LintBaseline.parse(bytes, shown: source.shown) }
            return try LintBaseline.load(source.path, shown: source.shown, origin: source.origin)
        }
        return filtered(report, by: baseline, from: source, place: place)
    }

    static func filtered(_ report: Report, by baseline: LintBaseline, from source: Source, place: FindingPlace) -> Report {
        let (new, known) = baseline.filter(report.findings, at: place, directory: LintBaseline.anchor(of: source.path))
        var notes = report.notes
        notes.append("Baseline \(source.shown) (\(source.origin)): \(plural(known, "known lint finding")) not shown; \(plural(new.filter { LintBaseline.covers($0.code) }.count, "new one")) reported.")
        let ignored = baseline.ignoredCodes
        if !ignored.isEmpty {
            notes.append("Baseline \(source.shown): entries for \(ignored.joined(separator: ", ")) are ignored: a baseline holds back lint rule findings only, never schema findings or unreadable input.")
        }
        guard report.status != .error else { return Report(command: report.command, status: .error, findings: new, notes: notes) }
        return Report(command: report.command, findings: new, notes: notes)
    }

    static func write(_ report: Report, to target: String, _ context: CommandContext, place: FindingPlace) throws(CLIError) -> Report {
        guard report.status != .error else {
            var unchanged = report
            unchanged.notes.append("No baseline was written to \(target): lint could not read every input, and a baseline must record a complete run.")
            return unchanged
        }
        let path = context.path(target)
        let baseline = LintBaseline.recording(report.findings, at: place, directory: LintBaseline.anchor(of: path))
        do {
            try OutputFile.writeExact(baseline.json, to: path, redactor: context.console.redactor)
        } catch {
            throw CLIError(BaselineError.notWritten(path: target, reason: error.reason))
        }
        var result = filtered(report, by: baseline, from: Source(path: path, shown: target, origin: "--write-baseline"), place: place)
        result.notes.append("Wrote the lint baseline \(target) (\(plural(baseline.entries.count, "finding"))): commit it; 'lint --baseline \(target)', or \"lintBaseline\": \"\(target)\" in the configuration for lint, the pre-commit hook and the gate, reports only findings not in it.")
        return result
    }
}
