import Foundation
import SchemaGate

/// `lint`: offline model rules, configuration traps and (with --since) schema evolution.
/// Fast and read-only, so it can run in a pre-commit hook on just the staged files.
enum LintCommand {
    static let command = command(reader: .standard)

    static func command(reader: LintModelReader) -> Command {
        Command(
            name: "lint",
            summary: "Check models and app configuration against CloudKit's rules, offline.",
            discussion: """
            Reads SwiftData @Model sources and Core Data models, Swift files that configure a
            store, entitlements and Info.plists, and reports what CloudKit mirroring cannot
            take: required attributes, uniqueness, required relationships or ones without an
            inverse, .deny, ordered relationships, reserved names, unsupported types,
            .automatic or syncing test stores, a forced Production environment, a missing
            remote-notification background mode. Run 'cloudkit-schema lint --list-rules'.

            --since REF also compares the models at REF (read from git objects, nothing is
            checked out) with the working tree: retyped properties, removed or renamed
            properties and models, both ends of a many-to-many renamed, new required properties.

            Give directories or files; a pre-commit hook can pass only the staged files (add
            --project . so entitlements are known). Silence one finding with a comment on or
            above its line:  // cloudkit-schema:disable RULE-ID[, RULE-ID] [-- reason]

            Exit status: 0 no errors (warnings allowed), 1 error findings, 2 bad input
            (unknown path or revision, unparsable model or property list).

            Examples:
              cloudkit-schema lint --models Cubby/Models
              cloudkit-schema lint --models Cubby/Models --since v1.4 --format xcode
              cloudkit-schema lint --project . $(git diff --cached --name-only --diff-filter=ACM)
            """,
            spec: ArgumentSpec(
                options: [
                    OptionSpec("models", .multiple, value: "PATH", help: "Model directories or files (same as PATH arguments)."),
                    OptionSpec("project", value: "DIR", help: "Also read entitlements and Info.plists under DIR (the app's folder)."),
                    OptionSpec("since", value: "REF", help: "Compare with the models at git revision REF (tag, branch, commit)."),
                    OptionSpec("rule", .multiple, value: "ID=LEVEL", help: "Set a rule's severity: error, warning, info or off."),
                    OptionSpec("list-rules", .flag, help: "Print every rule id, its severity and what it catches."),
                    ReportOutput.formatOption,
                ],
                positionals: [PositionalSpec("PATH", help: "A directory or file to lint.", repeats: true, required: false)]),
            run: { context throws(CLIError) in try run(context, reader: reader) })
    }

    static func run(_ context: CommandContext, reader: LintModelReader) throws(CLIError) -> Int32 {
        let format = try ReportOutput.format(context)
        if context.arguments.flag("list-rules") {
            context.console.out(RuleList.render(LintRuleCatalog.infos, json: format == .json))
            return 0
        }
        let paths = context.arguments.all("models") + context.arguments.positionals
        // `--project DIR` alone lints the project's entitlements and Info.plists (a hook
        // with no staged Swift files still runs cleanly).
        guard !paths.isEmpty || context.arguments.value("project") != nil else {
            throw .usage("lint needs something to read: --models DIR... or file paths (for example --models App/Models)")
        }
        let request = LintRequest(
            paths: paths, projectDirectories: context.arguments.value("project").map { [$0] } ?? [], since: context.arguments.value("since"),
            overrides: try overrides(context), workingDirectory: context.workingDirectory, environment: context.environment)
        do {
            return try ReportOutput.emit(try LintRunner(reader: reader).run(request), context)
        } catch let error as LintError {
            switch error {
            case .input(let message): throw .input(message)
            case .setup(let message): throw .setup(message)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .input("\(error)")
        }
    }

    static func overrides(_ context: CommandContext) throws(CLIError) -> LintOverrides {
        var overrides = LintOverrides()
        do {
            for assignment in context.arguments.all("rule") {
                let (id, level) = try LintOverrides.parseAssignment(assignment)
                overrides.levels[id] = level
            }
            try overrides.validate()
        } catch {
            throw .usage(error.description)
        }
        return overrides
    }
}

/// `lint --list-rules`: a table for people, a JSON array for tools.
enum RuleList {
    struct Row: Encodable {
        var id: String
        var severity: String
        var summary: String
        var fix: String
    }

    static func render(_ rules: [LintRuleInfo], json: Bool) -> String {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let rows = rules.map { Row(id: $0.id, severity: $0.severity.rawValue, summary: $0.summary, fix: $0.fix) }
            return ((try? encoder.encode(rows)).map { String(decoding: $0, as: UTF8.self) } ?? "[]") + "\n"
        }
        let width = (rules.map(\.id.count).max() ?? 0) + 2
        return rules.map { rule in
            rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
                + rule.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + rule.summary
        }.joined(separator: "\n") + "\n"
    }
}
