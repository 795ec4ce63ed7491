import Foundation
import ModelSource

/// Runs rules over one input: applies severity overrides and suppression comments, turns
/// reader diagnostics into findings (`ModelDiagnosticFindings`), and orders everything by file and line.
package struct LintEngine: Sendable {
    package var rules: [any LintRule]
    package var overrides: LintOverrides
    /// Where the findings count (`SeverityPolicy`).
    package var stage: SeverityPolicy.Stage
    /// The text of a file, for suppression comments; nil when it cannot be read (then
    /// nothing in it is suppressed).
    package var readText: @Sendable (String) -> String?

    package init(
        rules: [any LintRule] = LintRuleCatalog.all, overrides: LintOverrides = LintOverrides(),
        stage: SeverityPolicy.Stage = .lint, readText: @escaping @Sendable (String) -> String? = LintEngine.readFile
    ) {
        self.rules = rules
        self.overrides = overrides
        self.stage = stage
        self.readText = readText
    }

    package func findings(for input: LintInput) -> [Finding] {
        var suppressions: [String: SuppressionIndex] = [:]
        var findings: [Finding] = []
        for rule in rules {
            let info = type(of: rule).info
            guard let severity = overrides.severity(for: info, at: stage) else { continue }
            for violation in rule.check(input) {
                let index = suppressions[violation.file] ?? SuppressionIndex(text: readText(violation.file) ?? "")
                suppressions[violation.file] = index
                if index.suppresses(info.id, line: violation.line) { continue }
                findings.append(Finding(
                    severity: SeverityPolicy.capped(severity, violation), code: info.id, message: violation.message, fix: violation.fix ?? info.fix,
                    recordType: violation.recordType, field: violation.field,
                    file: violation.file, line: violation.line))
            }
        }
        findings += ModelDiagnosticFindings.findings(for: input.model.diagnostics)
        if let previous = input.previous {
            findings += ModelDiagnosticFindings.findings(for: previous.model.diagnostics, at: previous.revision)
        }
        return findings.sorted(by: Self.order)
    }

    /// Findings that mean the input could not be checked (exit 2), not a rule violation.
    static let inputErrorCodes = ModelDiagnosticFindings.inputProblemCodes

    static func order(_ a: Finding, _ b: Finding) -> Bool {
        let left = (a.file ?? "", a.line ?? 0, a.code, a.message)
        let right = (b.file ?? "", b.line ?? 0, b.code, b.message)
        return left < right
    }

    package static let readFile: @Sendable (String) -> String? = { path in
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
