/// Per-rule severity chosen by the user, keyed by rule id. A plain value so the
/// configuration file, command-line flags and tests can all build one.
/// `.off` drops the rule's findings entirely.
package struct LintOverrides: Sendable, Equatable {
    package enum Level: String, Sendable, CaseIterable, Codable {
        case off, info, warning, error

        var severity: Severity? {
            switch self {
            case .off: return nil
            case .info: return .info
            case .warning: return .warning
            case .error: return .error
            }
        }
    }

    package var levels: [String: Level]

    package init(_ levels: [String: Level] = [:]) {
        self.levels = levels
    }

    /// The severity a rule's findings get at `stage`, or nil when the rule is off: the
    /// level set for it, else what `SeverityPolicy` gives it there.
    package func severity(for info: LintRuleInfo, at stage: SeverityPolicy.Stage = .lint) -> Severity? {
        guard let level = levels[info.id] else { return SeverityPolicy.severity(of: info, at: stage) }
        return level.severity
    }

    /// Unknown rule ids are mistakes (a typo silently keeps the default), so they are errors
    /// naming the id and the closest real one.
    package func validate(against rules: [LintRuleInfo] = LintRuleCatalog.infos) throws(LintOverridesError) {
        let known = Set(rules.map(\.id))
        for id in levels.keys.sorted() where !known.contains(id) {
            throw .unknownRule(id, suggestion: Suggestion.closest(to: id, in: rules.map(\.id)))
        }
    }

    /// Parses `rule-id=level` (the `--rule` flag).
    package static func parseAssignment(_ text: String) throws(LintOverridesError) -> (String, Level) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else { throw .malformed(text) }
        guard let level = Level(rawValue: parts[1]) else { throw .unknownLevel(parts[1], rule: parts[0]) }
        return (parts[0], level)
    }
}

package enum LintOverridesError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownRule(String, suggestion: String?)
    case unknownLevel(String, rule: String)
    case malformed(String)

    package var description: String {
        let levels = LintOverrides.Level.allCases.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .unknownRule(let id, let suggestion):
            return "unknown lint rule '\(id)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "") "
                + "Run 'cloudkit-schema lint --list-rules' for the rule ids."
        case .unknownLevel(let level, let rule):
            return "unknown severity '\(level)' for lint rule '\(rule)'; use one of: \(levels)"
        case .malformed(let text):
            return "'\(text)' is not a rule setting; write RULE-ID=LEVEL with LEVEL one of: \(levels)"
        }
    }
}
