/// Seed 004's debugging trick: forcing a debug build onto CloudKit Production with an
/// entitlement. Left in, debug runs write to Production and never materialize Development.
struct ProductionEnvironmentEntitlementRule: LintRule {
    static let info = LintRuleInfo(
        id: "production-environment-entitlement", severity: .error,
        summary: "com.apple.developer.icloud-container-environment forced to Production in an entitlements file.",
        fix: "Delete the com.apple.developer.icloud-container-environment key; Xcode sets the environment when it signs for distribution.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.entitlements.compactMap { file -> LintViolation? in
            guard let value = file.values[EntitlementKeys.environment], value.strings.contains("Production"),
                  !value.strings.contains("Development")
            else { return nil }
            return LintViolation(
                message: "\(EntitlementKeys.environment) is forced to Production: debug builds will read and write "
                    + "the Production schema and data, and Development stops being materialized",
                file: file.path, line: file.line(of: EntitlementKeys.environment))
        }
    }
}
