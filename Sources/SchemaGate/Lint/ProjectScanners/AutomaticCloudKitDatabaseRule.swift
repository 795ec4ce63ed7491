/// With an iCloud container entitlement, SwiftData's default `cloudKitDatabase: .automatic`
/// syncs whether or not the user opted in, to the first container of the entitlements
/// (Docs/StoreMembership.md).
struct AutomaticCloudKitDatabaseRule: LintRule {
    static let info = LintRuleInfo(
        id: "automatic-cloudkit-database", severity: .warning,
        summary: "A ModelConfiguration (or default container) relying on cloudKitDatabase .automatic in an app with an iCloud container entitlement.",
        fix: "Pass cloudKitDatabase explicitly: .private(\"iCloud.your.container\") when syncing, .none when not.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        guard let entitlement = input.iCloudEntitlement else { return [] }
        let container = entitlement.iCloudContainers.first.map { " (\($0))" } ?? ""
        return input.swiftSources.filter { !$0.isTestOrPreview }.flatMap { file in
            file.sites.filter { !$0.inPreview && !$0.inMemory && relies(on: $0.database) }.map { site in
                let how = site.database == .omitted ? "omits cloudKitDatabase" : "uses cloudKitDatabase: .automatic"
                return LintViolation(
                    message: "\(site.kind.rawValue) \(how); with the iCloud container entitlement in "
                        + "\(entitlement.path)\(container) it syncs automatically, to a container SwiftData picks",
                    file: file.path, line: site.line)
            }
        }
    }

    private func relies(on database: ModelConfigurationSite.Database) -> Bool {
        switch database {
        case .omitted, .automatic, .conditional(mentionsAutomatic: true, _): return true
        case .none, .private, .conditional(mentionsAutomatic: false, _), .unknown: return false
        }
    }
}
