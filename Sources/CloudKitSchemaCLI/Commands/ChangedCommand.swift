import Foundation
import SchemaGate
import SchemaGateBasics

/// `changed [--since REF]`: what changed since the last release, model-wise.
enum ChangedCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let since = OptionSpec("since", value: "REF", help: "Measure from this revision instead of the nearest tag.")
        static let verbose = OptionSpec("verbose", .flag, help: "Print the time each step took (to stderr).")
    }

    static let command = Command(
        name: "changed",
        summary: "List the model-touching files since the last release tag.",
        discussion: """
        The base is the nearest tag reachable from HEAD (tagPattern in the configuration,
        or --tag-pattern, narrows it), or --since REF. A file is model-touching when it
        declares or declared @Model, is a Core Data model, registers the model schema,
        or lies under a configured model path; committed, staged, unstaged and untracked
        changes count, renames and deletions included. The report then says whether the
        persisted model actually changed (a file whose only edits are comments, methods
        or computed properties is touched, not changed).
        No tag: everything is treated as model-touching, and the report says so.
        Exit status: 0 answered, 2 not a git repository, unknown REF, a shallow clone
        without tags (fix: git fetch --tags --unshallow), or a model source in the working
        tree that cannot be read or parsed (named with its line).
        """,
        spec: ArgumentSpec(options: [
            Options.since,
            PipelineOptions.tagPattern, PipelineOptions.models, PipelineOptions.target, PipelineOptions.config, ReportOutput.formatOption,
            Options.verbose,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        let format = try ReportOutput.format(context)
        let configuration = try PipelineOptions.configuration(context)
        let since = context.arguments.value(Options.since)
        let timer = PhaseTimer()
        defer {
            if context.arguments.flag(Options.verbose) { timer.lines().forEach { context.console.errorLine($0) } }
        }
        let changes = try PipelineOptions.engine { () throws -> ChangeReport in
            try ChangeAnalysis.run(
                workingDirectory: context.workingDirectory, environment: context.environment, since: since,
                configuration: configuration, timer: timer)
        }
        if case .unreadable(let message)? = changes.modelChange { throw .input(message) }
        let report = Report(command: "changed", status: .pass, notes: notes(changes))
        switch format {
        case .json: context.console.out(ChangedJSON.render(changes, report: report))
        case .text: context.console.out(text(changes))
        default: context.console.out(ReportOutput.render(report, format, context, baseDirectory: changes.repositoryRoot))
        }
        return 0
    }

    static func notes(_ changes: ChangeReport) -> [String] {
        var notes = [changes.summary + "."]
        for file in changes.modelFiles {
            notes.append("\(file.change.rawValue): \(describe(file)) (\(file.reasons.joined(separator: "; ")))")
        }
        if case .changed(let lines)? = changes.modelChange {
            notes += lines.map { "Model change: \($0)" }
        }
        return notes
    }

    static func text(_ changes: ChangeReport) -> String {
        var lines: [String] = []
        switch changes.base {
        case .tag(let name, let commit): lines.append("Base: tag \(name) (\(commit.prefix(12)))")
        case .revision(let name, let commit): lines.append("Base: \(name) (\(commit.prefix(12)))")
        case .none(let reason): lines.append("Base: none (\(reason))")
        }
        let models = changes.modelFiles
        if !models.isEmpty {
            lines.append("Model-touching files:")
            for file in models {
                let mark = file.uncommitted ? " [uncommitted]" : ""
                lines.append("  \(letter(file.change))  \(describe(file))  (\(file.reasons.joined(separator: "; ")))\(mark)")
            }
        }
        switch changes.modelChange {
        case .changed(let differences)?:
            lines.append("Persisted model: changed")
            lines += differences.map { "  \($0)" }
        case .unchanged?: lines.append("Persisted model: unchanged (touched, not changed)")
        case .unknown(let reason)?: lines.append("Persisted model: unknown (\(reason))")
        case .unreadable(let message)?: lines.append("Persisted model: a model source cannot be read (\(message))")
        case nil: break
        }
        lines.append(changes.summary + ".")
        return TerminalText.lines(lines)
    }

    static func describe(_ file: ChangedFile) -> String {
        file.previousPath.map { "\($0) -> \(file.path)" } ?? file.path
    }

    static func letter(_ change: ChangedFile.Change) -> String {
        switch change {
        case .added: return "A"
        case .modified: return "M"
        case .deleted: return "D"
        case .renamed: return "R"
        case .copied: return "C"
        case .typeChanged: return "T"
        case .untracked: return "?"
        case .unversioned: return "!"
        }
    }
}

/// `changed --format json`: the report envelope plus the change details.
enum ChangedJSON {
    struct Envelope: Encodable {
        var command: String
        var status: ReportStatus
        var summary: [String: Int]
        var notes: [String]
        var findings: [Finding]
        var repository: String
        var base: Base
        var head: String?
        var shallow: Bool
        var modelTouching: Bool
        /// true / false, or null when it could not be decided (or there is no base).
        var modelChanged: NullableBool
        var modelChanges: [String]
        /// Paths of the model-touching files.
        var modelFiles: [String]
        /// Every changed file, each with the reasons it is model-touching (empty if not).
        var files: [ChangedFile]
    }

    /// Encodes nil as an explicit `null` (an absent key would read as "not reported").
    struct NullableBool: Encodable {
        var value: Bool?
        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        }
    }

    struct Base: Encodable {
        var kind: String
        var name: String?
        var commit: String?
        var reason: String?
    }

    static func render(_ changes: ChangeReport, report: Report) -> String {
        let base: Base
        switch changes.base {
        case .tag(let name, let commit): base = Base(kind: "tag", name: name, commit: commit)
        case .revision(let name, let commit): base = Base(kind: "revision", name: name, commit: commit)
        case .none(let reason): base = Base(kind: "none", reason: reason)
        }
        var changed: Bool?
        var lines: [String] = []
        switch changes.modelChange {
        case .changed(let differences)?: changed = true; lines = differences
        case .unchanged?: changed = false
        default: changed = nil
        }
        let envelope = Envelope(
            command: report.command, status: report.status,
            summary: Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, report.count($0)) }),
            notes: report.notes, findings: report.findings, repository: changes.repositoryRoot, base: base,
            head: changes.head, shallow: changes.shallow, modelTouching: changes.isModelTouching,
            modelChanged: NullableBool(value: changed), modelChanges: lines, modelFiles: changes.modelFiles.map(\.path), files: changes.files)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(envelope) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
