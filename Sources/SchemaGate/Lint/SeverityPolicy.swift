/// What a rule's finding weighs where it is found (Docs/lint.md "Severity policy"). Written down
/// here once; `lint`, the pre-commit hook and the gate all ask it.
///
/// * The gate blocks a release on what breaks the shipped build or Production: model rules
///   (a store CloudKit refuses to load), schema evolution (Production fields are permanent),
///   a forced Production environment, and everything `check` finds.
/// * Dev-time traps (a preview or test store that syncs with the real container) cannot
///   reach a user: they are warnings in the gate and errors in `lint` and the pre-commit
///   hook, where the code is being written.
/// * A case the public evidence does not settle (`LintViolation.unsettled`) is at most a
///   warning anywhere: the tool may warn, never block, on what it cannot show.
///
/// `severities.rules` of the configuration and `lint --rule` set a rule's severity for every
/// stage and win over the policy (not over the cap for unsettled cases).
package enum SeverityPolicy {
    package enum Stage: String, Sendable {
        /// `lint` and the pre-commit hook (`lint --staged`).
        case lint
        /// The release gate's lint step.
        case gate
    }

    /// Rules whose findings are dev-time traps: errors while coding, warnings at release.
    static let devTimeTraps: Set<String> = [TestConfigurationSyncsRule.info.id]

    /// The severity a rule's findings get at `stage` before any configured override.
    package static func severity(of info: LintRuleInfo, at stage: Stage) -> Severity {
        guard stage == .gate, devTimeTraps.contains(info.id), info.severity == .error else { return info.severity }
        return .warning
    }

    /// A finding's severity once the evidence cap is applied.
    static func capped(_ severity: Severity, _ violation: LintViolation) -> Severity {
        violation.unsettled && severity == .error ? .warning : severity
    }
}
