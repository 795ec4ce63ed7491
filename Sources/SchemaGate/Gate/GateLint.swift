import Foundation
import ModelSource

/// The gate's lint step: the model rules (README "lint") over the configured model paths,
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
        configuration: ResolvedConfiguration, containers: [ResolvedContainer], models: [[String]: ExpectedModelSchema.Outcome],
        base: ChangeReport.Base?, workingDirectory: String, environment: [String: String],
        readModels: @escaping @Sendable ([String], String) -> AppModel, log: @Sendable (String) -> Void
    ) throws -> Outcome {
        var paths: [String] = []
        for path in containers.flatMap(\.modelPaths) where !paths.contains(path) { paths.append(path) }
        let request = LintRequest(
            paths: paths, appDirectories: [configuration.root], since: base.flatMap { $0.name ?? $0.commit },
            sinceCommit: base?.commit, model: models.count == 1 ? models.first?.value.model : nil,
            overrides: LintOverrides(configured: configuration), stage: .gate,
            workingDirectory: workingDirectory, environment: environment)
        log("gate: linting the models…")
        let reader = LintModelReader(
            readPaths: { readModels($0, workingDirectory) }, readFiles: LintModelReader.standard.readFiles)
        let report: Report
        do {
            report = try LintRunner(reader: reader).run(request)
        } catch {
            throw GateLintError(error)
        }
        guard report.status != .error else {
            let problems = report.findings.filter { LintEngine.inputErrorCodes.contains($0.code) }.map(\.message)
            throw GateLintError(.input("lint could not read every input (\(problems.joined(separator: "; "))): fix the files or leave them out of modelPaths"))
        }
        let since = base.map { " and against the models at \($0.name ?? $0.commit ?? "the base")" } ?? ""
        let errors = report.count(.error), warnings = report.count(.warning)
        var notes = ["Lint: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") from the model rules\(since)."]
        notes += report.notes.map { "Lint: \($0)" }
        return Outcome(notes: notes, findings: report.findings)
    }
}

extension LintOverrides {
    /// The severities `severities.rules` of the configuration sets (the gate and `lint`).
    public init(configured configuration: ResolvedConfiguration) {
        self.init(configuration.severities.rules.compactMapValues { LintOverrides.Level(rawValue: $0.rawValue) })
    }
}

/// A lint run that could not complete (exit 2).
struct GateLintError: Error, ActionableError {
    var error: LintError
    init(_ error: LintError) { self.error = error }

    var category: ErrorCategory {
        switch error {
        case .input: return .input
        case .setup: return .setup
        }
    }

    var message: String { error.message }
}
