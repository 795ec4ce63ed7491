import Foundation
import ModelSource
import SchemaGateBasics

/// The gate's lint step: the model rules (Docs/lint.md) over the configured model paths,
/// the project rules over the whole app (its store configurations, previews and tests,
/// entitlements, Info.plists and Xcode project, whatever the model paths are), and, when
/// there is a base release, the evolution rules against the models at that release.
/// Severities: `SeverityPolicy` at the gate stage, under `severities.rules`.
enum GateLint {
    struct Outcome {
        var notes: [String]
        var findings: [Finding]
    }

    /// - Parameters:
    ///   - models: what the gate read, by model paths. One set of model paths (the usual
    ///     case): lint checks those models, never reading them again. Containers with
    ///     different paths are linted together, from the union of their paths.
    ///   - base: the release compared with, its commit resolved by change detection (lint
    ///     does not resolve its name again).
    static func run(
        configuration: ResolvedConfiguration, containers: [ResolvedContainer], models: [[String]: AppModel],
        base: ChangeReport.Base?, workingDirectory: String, environment: [String: String],
        readModels: @escaping @Sendable ([String], String) -> AppModel, log: @Sendable (String) -> Void
    ) throws(LintError) -> Outcome {
        var paths: [String] = []
        for path in containers.flatMap(\.modelPaths) where !paths.contains(path) { paths.append(path) }
        let request = LintRequest(
            paths: paths, appDirectories: [configuration.root], since: base.flatMap { $0.name ?? $0.commit },
            sinceCommit: base?.commit, model: models.count == 1 ? models.first?.value : nil, localModels: configuration.localModels,
            overrides: LintOverrides(configured: configuration), stage: .gate,
            workingDirectory: workingDirectory, environment: environment)
        log("gate: linting the models…")
        let reader = LintModelReader(
            readPaths: { readModels($0, workingDirectory) }, readFiles: LintModelReader.standard.readFiles)
        let report = try LintRunner(reader: reader).run(request)
        guard report.status != .error else {
            let problems = report.findings.filter { LintEngine.inputErrorCodes.contains($0.code) }.map(\.message)
            throw LintError.input("lint could not read every input (\(problems.joined(separator: "; "))): fix the files or leave them out of modelPaths")
        }
        var findings = report.findings
        var baselineNote: String?
        if let path = configuration.lintBaseline {
            // Lint findings only: the check's findings (what Production lacks) are added
            // after this and never pass through a baseline.
            let shown = UserPath.display(path, from: configuration.root)
            let baseline: LintBaseline
            do {
                baseline = try LintBaseline.load(path, shown: shown, origin: "lintBaseline in the configuration")
            } catch {
                throw LintError.input(error.message)
            }
            let (new, known) = baseline.filter(findings, at: FindingPlace(pathsRelativeTo: workingDirectory), directory: LintBaseline.anchor(of: path))
            findings = new
            baselineNote = "Lint baseline \(shown): \(plural(known, "known lint finding")) not shown."
        }
        var notes = [tally(findings, base: base)]
        notes += report.notes.map { "Lint: \($0)" }
        if let baselineNote { notes.append(baselineNote) }
        return Outcome(notes: notes, findings: findings)
    }
}

extension GateLint {
    /// `Lint: 0 errors, 1 warning (model rules: …; project rules: …)`: the total, then each
    /// family of rules counted as what it is (the catalog's families), the evolution rules
    /// when there is a base, and findings of no rule (reading the models) when there are any.
    static func tally(_ findings: [Finding], base: ChangeReport.Base?) -> String {
        func counts(_ subset: [Finding]) -> String {
            "\(plural(subset.filter { $0.severity == .error }.count, "error")), \(plural(subset.filter { $0.severity == .warning }.count, "warning"))"
        }
        func ids(_ rules: [any LintRule]) -> Set<String> { Set(rules.map { type(of: $0).info.id }) }
        var families: [(String, Set<String>)] = [("model rules", ids(LintRuleCatalog.modelRules)), ("project rules", ids(LintRuleCatalog.projectRules))]
        if let base { families.append(("evolution rules against the models at \(base.name ?? base.commit ?? "the base")", ids(LintRuleCatalog.evolutionRules))) }
        var parts = families.map { name, codes in "\(name): \(counts(findings.filter { codes.contains($0.code) }))" }
        let ruleCodes = ids(LintRuleCatalog.all)
        let other = findings.filter { !ruleCodes.contains($0.code) }
        if !other.isEmpty { parts.append("reading the models: \(counts(other))") }
        return "Lint: \(counts(findings)) (\(parts.joined(separator: "; ")))."
    }
}

extension LintOverrides {
    /// The severities `severities.rules` of the configuration sets (the gate and `lint`).
    package init(configured configuration: ResolvedConfiguration) {
        self.init(configuration.severities.rules.compactMapValues { LintOverrides.Level(rawValue: $0.rawValue) })
    }
}
