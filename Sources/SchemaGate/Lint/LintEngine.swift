import Foundation
import ModelSource

/// Runs rules over one input: applies severity overrides and suppression comments, turns
/// reader diagnostics into findings, and orders everything by file and line.
public struct LintEngine: Sendable {
    public var rules: [any LintRule]
    public var overrides: LintOverrides
    /// Where the findings count (`SeverityPolicy`).
    public var stage: SeverityPolicy.Stage
    /// The text of a file, for suppression comments; nil when it cannot be read (then
    /// nothing in it is suppressed).
    public var readText: @Sendable (String) -> String?

    public init(
        rules: [any LintRule] = LintRuleCatalog.all, overrides: LintOverrides = LintOverrides(),
        stage: SeverityPolicy.Stage = .lint, readText: @escaping @Sendable (String) -> String? = LintEngine.readFile
    ) {
        self.rules = rules
        self.overrides = overrides
        self.stage = stage
        self.readText = readText
    }

    public func findings(for input: LintInput) -> [Finding] {
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
                    severity: SeverityPolicy.capped(severity, violation), code: info.id, message: violation.message, fix: info.fix,
                    recordType: violation.recordType, field: violation.field,
                    file: violation.file, line: violation.line))
            }
        }
        findings += Self.findings(for: input.model.diagnostics)
        if let previous = input.previous {
            findings += Self.findings(for: previous.model.diagnostics, at: previous.revision)
        }
        return findings.sorted(by: Self.order)
    }

    /// Reader diagnostics are not rules: they cannot be switched off or suppressed, because
    /// a model that could not be read is a model that was not checked.
    static func findings(for diagnostics: [ModelDiagnostic], at revision: String? = nil) -> [Finding] {
        diagnostics.map { diagnostic in
            let blocking = isInputError(diagnostic.kind)
            var message = diagnostic.message
            if let revision { message = "at \(revision): \(message)" }
            return Finding(
                severity: blocking ? .error : .warning, code: diagnostic.kind.rawValue, message: message,
                fix: fix(for: diagnostic.kind), file: diagnostic.file, line: diagnostic.line)
        }
    }

    /// Diagnostics that mean the input could not be checked (exit 2), not a rule violation.
    static func isInputError(_ kind: ModelDiagnostic.Kind) -> Bool {
        kind == .parseError || kind == .unreadableFile
    }

    static let inputErrorCodes: Set<String> = [ModelDiagnostic.Kind.parseError.rawValue, ModelDiagnostic.Kind.unreadableFile.rawValue]

    static func fix(for kind: ModelDiagnostic.Kind) -> String {
        switch kind {
        case .unreadableFile: return "Make the file readable (permissions, UTF-8 text) or leave it out of the paths given to lint."
        case .parseError: return "Fix the syntax at the reported line; lint cannot check what it cannot read."
        case .unknownType:
            return "Annotate the Swift property's type (var name: Type = value), or give the Core Data attribute a concrete type, so its CloudKit field type is known."
        case .unregisteredModel: return "Add the model to the Schema([...]) / VersionedSchema.models list, or remove @Model if it is not persisted."
        case .undeclaredModel: return "Declare the registered model or remove it from the registration list."
        }
    }

    static func order(_ a: Finding, _ b: Finding) -> Bool {
        let left = (a.file ?? "", a.line ?? 0, a.code, a.message)
        let right = (b.file ?? "", b.line ?? 0, b.code, b.message)
        return left < right
    }

    public static let readFile: @Sendable (String) -> String? = { path in
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
