import Foundation
import ModelSource
import SchemaGate
import SchemaGateBasics

/// `lint`: offline model rules, configuration traps and (with --since) schema evolution.
/// Fast and read-only, so it can run in a pre-commit hook on just the staged files.
enum LintCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let models = OptionSpec("models", .multiple, value: "PATH", help: "Model directories or files (same as PATH arguments).")
        static let project = OptionSpec("project", value: "DIR", help: "Also read entitlements and Info.plists under DIR (the app's folder).")
        static let since = OptionSpec("since", value: "REF", help: "Compare with the models at git revision REF (tag, branch, commit).")
        static let rule = OptionSpec("rule", .multiple, value: "ID=LEVEL", help: "Set a rule's severity: error, warning, info or off.")
        static let listRules = OptionSpec("list-rules", .flag, help: "Print every rule id, its severity and what it catches.")
        static let staged = OptionSpec("staged", .flag, help: "Lint what the git index stages for the next commit (what the pre-commit hook runs).")
    }

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

            With no paths, lint reads what the gate reads: the model rules take the
            configuration's modelPaths (else the folders of the project's @Model sources),
            the project rules the whole app (store configurations, previews and tests,
            entitlements, Info.plists, the Xcode project's build settings). Or give
            directories or files; only those are read (add --project . so entitlements
            are known). Silence one finding with a comment on or
            above its line:  // cloudkit-schema:disable RULE-ID[, RULE-ID] [-- reason]

            --staged lints what the next commit records, read from the git index (not the
            working tree): the staged files lint reads, with the index's entitlements,
            Info.plists and .cloudkit-schema.json. The pre-commit hook runs exactly this.
            Like the gate, it honours SKIP_CLOUDKIT_SCHEMA_CHECK (1/true/yes skip loudly).

            Rule severities come from "severities.rules" of the configuration (the nearest
            .cloudkit-schema.json, or --config; with --staged, the staged one), as in the
            gate; --rule overrides them. Severity policy: dev-time traps (a preview or test
            store that syncs) are errors here and warnings in the gate, which blocks on what
            breaks the shipped build or Production; a case the evidence does not settle (an
            in-memory store) is at most a warning.

            Adopting on an old project: --write-baseline FILE records today's lint findings
            (each by rule, file, record type and field and the text of its line, not its
            line number); --baseline FILE, or "lintBaseline" in the configuration (which
            the pre-commit hook and the gate honour too), reports only findings not in it.
            A baseline never holds back unreadable input or a schema finding; a missing or
            unreadable baseline is exit 2.

            Exit status: 0 no errors (warnings allowed), 1 error findings, 2 bad input
            (unknown path or revision, unparsable model or property list, unusable baseline).

            Examples:
              cloudkit-schema lint
              cloudkit-schema lint --models Cubby/Models
              cloudkit-schema lint --models Cubby/Models --since v1.4 --format xcode
              cloudkit-schema lint --staged
              cloudkit-schema lint --write-baseline .cloudkit-schema-baseline.json
              cloudkit-schema lint --baseline .cloudkit-schema-baseline.json --format sarif

            --stamp FILE writes FILE only when lint passes (and removes it otherwise): the
            output the CloudKitModelLint build-tool plugin declares to SwiftPM and Xcode.
            """,
            spec: ArgumentSpec(
                options: [
                    Options.models,
                    PipelineOptions.target,
                    Options.project,
                    Options.since,
                    Options.rule,
                    Options.listRules,
                    Options.staged,
                    LintBaselineOptions.baseline,
                    LintBaselineOptions.writeBaseline,
                    PipelineOptions.config,
                    ReportOutput.formatOption,
                    LintStamp.option,
                ],
                positionals: [PositionalSpec("PATH", help: "A directory or file to lint.", repeats: true, required: false)]),
            run: { context throws(CLIError) in try LintStamp.around(context) { () throws(CLIError) in try run(context, reader: reader) } })
    }

    static func run(_ context: CommandContext, reader: LintModelReader) throws(CLIError) -> Int32 {
        let format = try ReportOutput.format(context)
        if context.arguments.flag(Options.listRules) {
            context.console.out(RuleList.render(LintRuleCatalog.infos, json: format == .json))
            return 0
        }
        let paths = context.arguments.all(Options.models) + context.arguments.positionals
        let targets = context.arguments.all(PipelineOptions.target)
        if context.arguments.flag(Options.staged) {
            guard paths.isEmpty, targets.isEmpty, context.arguments.value(Options.project) == nil, context.arguments.value(Options.since) == nil,
                  context.arguments.value(LintBaselineOptions.baseline) == nil, context.arguments.value(LintBaselineOptions.writeBaseline) == nil else {
                throw .usage("--staged lints the files the git index stages with the staged configuration (its lintBaseline too); give no paths, --models, --target, --project, --since, --baseline or --write-baseline with it")
            }
            return try runStaged(context, reader: reader)
        }
        if !targets.isEmpty { return try runTargets(context, reader: reader) }
        guard !paths.isEmpty || context.arguments.value(Options.project) != nil else {
            return try runConfigured(context, reader: reader)
        }
        // `--project DIR` alone lints the project's entitlements and Info.plists (a hook
        // with no staged Swift files still runs cleanly).
        let configuration = try configured(context, configPath: context.arguments.value(PipelineOptions.config))
        let request = LintRequest(
            paths: paths, projectDirectories: context.arguments.value(Options.project).map { [$0] } ?? [], since: context.arguments.value(Options.since),
            localModels: configuration.localModels,
            overrides: try overrides(context, configured: LintOverrides(configured: configuration).levels),
            workingDirectory: context.workingDirectory, environment: context.environment)
        return try emit(request, context, reader: reader, baseline: configuration)
    }

    /// No paths: what the gate lints. The model rules read the resolved model paths
    /// (--models, modelPaths, else the folders of the project's @Model sources); the project
    /// rules read the whole app (its root), whatever the model paths are.
    static func runConfigured(_ context: CommandContext, reader: LintModelReader) throws(CLIError) -> Int32 {
        let configuration = try PipelineOptions.configuration(context)
        // Nothing configured and no model source found: linting nothing would pass.
        guard configuration.modelPaths.source != .defaultValue else {
            let (paths, origin) = ModelInput.paths(configuration, context)
            throw .input("found no @Model class or Core Data entity in \(paths.joined(separator: ", ")) (\(origin)); point --models at the app's model sources")
        }
        let request = LintRequest(
            paths: configuration.modelPaths.value, appDirectories: [configuration.root], since: context.arguments.value(Options.since),
            localModels: configuration.localModels,
            overrides: try overrides(context, configured: LintOverrides(configured: configuration).levels),
            workingDirectory: context.workingDirectory, environment: context.environment)
        return try emit(request, context, reader: reader, baseline: configuration)
    }

    /// `--target NAME`: an Xcode app target is the app: its sources (and any --models or
    /// paths) for every rule, with its Xcode project's build settings.
    static func runTargets(_ context: CommandContext, reader: LintModelReader) throws(CLIError) -> Int32 {
        let configuration = try PipelineOptions.configuration(context)
        let sources = configuration.modelPaths.value + context.arguments.positionals.map(context.path)
        let request = LintRequest(
            paths: sources, projectDirectories: configuration.targetProjects + (context.arguments.value(Options.project).map { [$0] } ?? []),
            appDirectories: sources, since: context.arguments.value(Options.since),
            localModels: configuration.localModels,
            overrides: try overrides(context, configured: LintOverrides(configured: configuration).levels),
            workingDirectory: context.workingDirectory, environment: context.environment)
        return try emit(request, context, reader: reader, baseline: configuration)
    }

    /// `--staged`: the index checked out into a scratch folder and linted there, so every
    /// path reads as a repository path.
    static func runStaged(_ context: CommandContext, reader: LintModelReader) throws(CLIError) -> Int32 {
        let decision = try PipelineOptions.engine { try SkipSwitch.decide(context.environment) }
        if case .skip(let value) = decision {
            let message = SkipSwitch.skipMessage(value, skipped: "CloudKit model lint of the staged files")
            return try ReportOutput.emit(ReportOutput.skipped("lint", message: message, context), context)
        }
        let snapshot = try PipelineOptions.engine {
            try StagedSnapshot.make(workingDirectory: context.workingDirectory, environment: context.environment)
        }
        guard let snapshot else {
            return try ReportOutput.emit(Report(command: "lint", status: .pass, notes: ["Nothing staged that lint reads: no Swift file, Core Data model, entitlements or Info.plist."]), context)
        }
        defer { snapshot.remove() }
        let configuration = try snapshot.configurationFile.map { file throws(CLIError) in
            try configured(context, configPath: file, workingDirectory: snapshot.directory)
        }
        let overrides = try overrides(context, configured: configuration.map { LintOverrides(configured: $0).levels } ?? [:])
        context.console.errorLine("lint: the staged content of \(snapshot.staged.count) file(s), judged with the rest of the index (not the working tree)")
        let report = try PipelineOptions.engine {
            try StagedLint.run(snapshot, runner: LintRunner(reader: reader), overrides: overrides, environment: context.environment)
        }
        let baseline = try stagedBaseline(configuration?.lintBaseline, snapshot)
        let place = FindingPlace(pathsRelativeTo: snapshot.repositoryRoot, contentRoot: snapshot.directory)
        // Paths are the repository's: `xcode` makes them absolute against its root.
        return try ReportOutput.emit(
            try LintBaselineOptions.apply(report, context, configured: baseline, place: place), context, pathsRelativeTo: snapshot.repositoryRoot)
    }

    /// The staged configuration's baseline: the index's copy (what the commit records),
    /// else the work tree's; its paths are relative to its place in the repository.
    static func stagedBaseline(_ path: String?, _ snapshot: StagedSnapshot) throws(CLIError) -> LintBaselineOptions.Source? {
        guard let path else { return nil }
        let relative = UserPath.relative(path, to: snapshot.directory) ?? path
        let real = UserPath.absolute(relative, in: snapshot.repositoryRoot)
        let indexed = try PipelineOptions.engine { try snapshot.indexedContents(of: relative) }
        return LintBaselineOptions.Source(path: real, shown: relative, origin: "lintBaseline in the staged configuration", indexed: indexed)
    }

    static func emit(
        _ request: LintRequest, _ context: CommandContext, reader: LintModelReader, baseline configuration: ResolvedConfiguration
    ) throws(CLIError) -> Int32 {
        let report = try PipelineOptions.engine { try LintRunner(reader: reader).run(request) }
        let baseline = LintBaselineOptions.configured(configuration.lintBaseline, root: configuration.root)
        return try ReportOutput.emit(
            try LintBaselineOptions.apply(report, context, configured: baseline, place: FindingPlace(pathsRelativeTo: context.workingDirectory)),
            context)
    }

    /// The configuration whose rule severities and baseline lint applies, the one reader
    /// every command uses (the gate applies the same ones).
    static func configured(
        _ context: CommandContext, configPath: String?, workingDirectory: String? = nil
    ) throws(CLIError) -> ResolvedConfiguration {
        try PipelineOptions.engine {
            try ResolvedConfiguration.load(
                workingDirectory: workingDirectory ?? context.workingDirectory, environment: context.environment,
                overrides: ConfigOverrides(configPath: configPath))
        }
    }

    static func overrides(_ context: CommandContext, configured: [String: LintOverrides.Level] = [:]) throws(CLIError) -> LintOverrides {
        var overrides = LintOverrides(configured)
        do {
            for assignment in context.arguments.all(Options.rule) {
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

/// `lint --list-rules`: a table for people, a JSON array for tools. Each rule's severity in
/// `lint` and the pre-commit hook, and in the gate (`SeverityPolicy`).
enum RuleList {
    struct Row: Encodable {
        var id: String
        var severity: String
        var gateSeverity: String
        var summary: String
        var fix: String
    }

    /// `error`, or `error (gate: warning)` when the gate's severity differs: the severity
    /// column of the table here and of Docs/lint.md's rule table.
    static func severity(_ rule: LintRuleInfo) -> String {
        let gate = SeverityPolicy.severity(of: rule, at: .gate)
        return rule.severity.rawValue + (gate == rule.severity ? "" : " (gate: \(gate.rawValue))")
    }

    static func render(_ rules: [LintRuleInfo], json: Bool) -> String {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let rows = rules.map {
                Row(id: $0.id, severity: $0.severity.rawValue, gateSeverity: SeverityPolicy.severity(of: $0, at: .gate).rawValue,
                    summary: $0.summary, fix: $0.fix)
            }
            return ((try? encoder.encode(rows)).map { String(decoding: $0, as: UTF8.self) } ?? "[]") + "\n"
        }
        let severities = rules.map(severity)
        let width = (rules.map(\.id.count).max() ?? 0) + 2, severityWidth = (severities.map(\.count).max() ?? 0) + 2
        return zip(rules, severities).map { rule, severity in
            rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
                + severity.padding(toLength: severityWidth, withPad: " ", startingAt: 0) + rule.summary
        }.joined(separator: "\n") + "\n"
    }
}
