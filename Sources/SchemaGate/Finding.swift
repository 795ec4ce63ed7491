/// How bad a finding is. Errors fail a check; warnings and info are reported only.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One thing a check found. The JSON shape is a public contract (README "JSON report"):
/// keys never change meaning, absent values are omitted.
public struct Finding: Codable, Equatable, Sendable {
    public var severity: Severity
    /// Stable kebab-case id, e.g. `missing-field`.
    public var code: String
    public var message: String
    /// What to do about it, in one sentence.
    public var fix: String?
    public var recordType: String?
    public var field: String?
    public var expectedType: String?
    public var actualType: String?
    /// The CloudKit environment the finding is about (`production`, `development`).
    public var environment: String?
    public var file: String?
    public var line: Int?
    public var column: Int?

    public init(
        severity: Severity, code: String, message: String, fix: String? = nil,
        recordType: String? = nil, field: String? = nil, expectedType: String? = nil, actualType: String? = nil,
        environment: String? = nil, file: String? = nil, line: Int? = nil, column: Int? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.fix = fix
        self.recordType = recordType
        self.field = field
        self.expectedType = expectedType
        self.actualType = actualType
        self.environment = environment
        self.file = file
        self.line = line
        self.column = column
    }
}
