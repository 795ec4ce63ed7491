import Foundation
import ModelSource
import SchemaGate
import SchemaGateBasics

/// `doctor`: the whole setup checked, read-only, as a checklist. Each line passed, failed
/// with its one-sentence fix, or skipped with why. Exit 0 nothing failed, 1 something to
/// fix, 2 the setup cannot be checked (no git work tree, an unusable configuration).
enum DoctorCommand {
    static let command = Command(
        name: "doctor",
        summary: "Check the whole setup (read-only) and print what to fix, line by line.",
        discussion: """
        Lines, in the order a new setup fixes them: xcrun (CLOUDKIT_SCHEMA_XCRUN or PATH);
        cktool; token (cktool get-teams, and whether the token comes from
        CLOUDKIT_MANAGEMENT_TOKEN or the keychain); team (the configured team is one of the
        token's teams); export (each container's Development and Production, exported
        read-only); containers (the entitlements' iCloud containers are the configured
        ones); remote-notification (the lint rule of that name); models (found and
        registered); tags (a release tag matching tagPattern reachable from HEAD, and the
        clone not shallow); hooks (both installed as install-hooks writes them); hooks-tool
        (the hooks' own search for the tool succeeds); snapshot (each committed Production
        snapshot committed and equal to live Production).

        A line whose prerequisite failed is skipped and names it. Without xcrun or cktool,
        containers that all have a committed snapshot are what the gate checks against, so
        those lines are skipped, not failed. Nothing is written; only read-only cktool
        subcommands run, each with the cktool timeout; the token's value never appears.
        Exit status: 0 nothing failed, 1 something to fix, 2 cannot check (not a git work
        tree, an unusable configuration). --format json prints one document:
        {"command", "status", "checks": [{"id", "container", "status", "detail", "fix"}]}.
        """,
        spec: ArgumentSpec(options: [
            PipelineOptions.teamID, PipelineOptions.containerID, PipelineOptions.models, PipelineOptions.target,
            PipelineOptions.tagPattern, PipelineOptions.config,
            ReportOutput.formatOption(for: ListingFormat.self),
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        let json = try wantsJSON(context)
        let repository: GitRepository
        do {
            repository = try GitRepository(containing: context.workingDirectory, environment: context.environment)
        } catch {
            if case .notARepository = error {
                throw .setup("\(context.workingDirectory) is not inside a git work tree, so the tags and hooks cannot be checked: run doctor in the app's repository (git init it first)")
            }
            throw .setup(error.message)
        }
        let configuration = try PipelineOptions.configuration(context)
        let checks = checklist(configuration, repository, context)
        context.console.out(json ? DoctorOutput.json(checks, redactor: context.console.redactor) : DoctorOutput.text(checks, root: repository.root))
        if json { context.console.errorLine(DoctorOutput.statusLine(checks)) }
        return checks.exitStatus
    }

    static func checklist(_ configuration: ResolvedConfiguration, _ repository: GitRepository, _ context: CommandContext) -> [DoctorCheck] {
        let cloudKit = CloudKitDoctor(
            configuration: configuration, environment: context.environment, workingDirectory: context.workingDirectory,
            log: { context.console.errorLine("doctor: \($0)") }).run()
        let project = ProjectDoctor(configuration: configuration, repository: repository, workingDirectory: context.workingDirectory)
        return cloudKit.checks
            + [project.containers(), project.remoteNotification(), project.models(), project.tags()]
            + HookDoctor.checks(context)
            + project.snapshots(live: cloudKit.liveProduction)
    }

    static func wantsJSON(_ context: CommandContext) throws(CLIError) -> Bool {
        try ReportOutput.format(ListingFormat.self, context) == .json
    }
}

/// The checklist as text (a line per check, its fix under it) or one JSON document.
enum DoctorOutput {
    static func text(_ checks: [DoctorCheck], root: String) -> String {
        var lines = ["cloudkit-schema doctor: the setup of \(root)"]
        let width = (checks.map { label($0).count }.max() ?? 0) + 2
        for check in checks {
            let mark: String
            switch check.status {
            case .passed: mark = "ok  "
            case .failed: mark = "FAIL"
            case .skipped: mark = "skip"
            }
            lines.append("  \(mark)  " + label(check).padding(toLength: width, withPad: " ", startingAt: 0) + check.detail)
            if let fix = check.fix { lines.append("        " + String(repeating: " ", count: width) + "fix: " + fix) }
        }
        lines.append(statusLine(checks))
        return TerminalText.lines(lines)
    }

    static func label(_ check: DoctorCheck) -> String {
        check.container.map { "\(check.id) \($0)" } ?? check.id
    }

    /// The last line, in words (plugin hosts collapse exit codes).
    static func statusLine(_ checks: [DoctorCheck]) -> String {
        let failed = checks.count(.failed)
        let words = failed == 0 ? ReportStatus.pass.words : ReportStatus.fail.words
        return "cloudkit-schema doctor: \(words): \(failed) to fix, \(checks.count(.passed)) passed, \(checks.count(.skipped)) skipped"
    }

    struct Document: Encodable {
        struct Line: Encodable {
            var id: String
            var container: String?
            var status: String
            var detail: String
            var fix: String?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(self.container, forKey: .container)
                try container.encode(status, forKey: .status)
                try container.encode(detail, forKey: .detail)
                try container.encode(fix, forKey: .fix)
            }

            enum CodingKeys: String, CodingKey { case id, container, status, detail, fix }
        }

        var command = "doctor"
        var status: String
        var summary: [String: Int]
        var checks: [Line]
    }

    /// Every string redacted before encoding: JSON escaping could hide a secret from the
    /// console's redaction.
    static func json(_ checks: [DoctorCheck], redactor: Redactor) -> String {
        let lines = checks.map { check in
            Document.Line(id: check.id, container: check.container.map(redactor.redact), status: check.status.rawValue,
                          detail: redactor.redact(check.detail), fix: check.fix.map(redactor.redact))
        }
        let document = Document(
            status: checks.exitStatus == 0 ? ReportStatus.pass.rawValue : ReportStatus.fail.rawValue,
            summary: ["failed": checks.count(.failed), "passed": checks.count(.passed), "skipped": checks.count(.skipped)],
            checks: lines)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
