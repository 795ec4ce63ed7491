/// How bad a finding is. Errors fail a check; warnings and info are reported only.
package enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One thing a check found. The JSON shape is a public contract (Docs/output-formats.md, "JSON report"):
/// keys never change meaning, absent values are omitted.
package struct Finding: Codable, Equatable, Sendable {
    package var severity: Severity
    /// Stable kebab-case id, e.g. `missing-field`.
    package var code: String
    package var message: String
    /// What to do about it, in one sentence.
    package var fix: String?
    /// The steps `fix` asks for, in order (schema findings; nil where the fix is prose only).
    package var fixSteps: [FixStep]?
    package var recordType: String?
    package var field: String?
    package var expectedType: String?
    package var actualType: String?
    /// The CloudKit environment the finding is about (`production`, `development`).
    package var environment: String?
    package var file: String?
    package var line: Int?
    package var column: Int?

    package init(
        severity: Severity, code: String, message: String, fix: String? = nil, fixSteps: [FixStep]? = nil,
        recordType: String? = nil, field: String? = nil, expectedType: String? = nil, actualType: String? = nil,
        environment: String? = nil, file: String? = nil, line: Int? = nil, column: Int? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.fix = fix
        self.fixSteps = fixSteps
        self.recordType = recordType
        self.field = field
        self.expectedType = expectedType
        self.actualType = actualType
        self.environment = environment
        self.file = file
        self.line = line
        self.column = column
    }

    /// Sets the fix sentence and its steps together.
    package mutating func apply(_ fix: Fix) {
        self.fix = fix.text
        fixSteps = fix.steps
    }
}
