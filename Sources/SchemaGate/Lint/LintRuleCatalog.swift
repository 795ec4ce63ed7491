/// Every lint rule, in the order `lint --list-rules` prints them. Ids are stable: they are
/// the finding codes in JSON reports, the names in suppression comments and the keys of
/// per-rule severities in the configuration file.
public enum LintRuleCatalog {
    public static let all: [any LintRule] = modelRules + projectRules + evolutionRules

    /// Rules over the models alone (SwiftData and Core Data).
    public static let modelRules: [any LintRule] = [
        RequiredAttributeRule(),
        UniqueConstraintRule(),
        RequiredRelationshipRule(),
        NonOptionalToManyRule(),
        MissingInverseRule(),
        DenyDeleteRuleRule(),
        OrderedRelationshipRule(),
        ReservedPropertyNameRule(),
        UnsupportedTypeRule(),
    ]

    /// Configuration traps in Swift sources, entitlements and Info.plist files.
    public static let projectRules: [any LintRule] = [
        AutomaticCloudKitDatabaseRule(),
        TestConfigurationSyncsRule(),
        ProductionEnvironmentEntitlementRule(),
        MissingRemoteNotificationRule(),
    ]

    /// Schema evolution since a git revision (`lint --since REF`).
    public static let evolutionRules: [any LintRule] = [
        PropertyTypeChangedRule(),
        RemovedPropertyRule(),
        RenamedPropertyRule(),
        RemovedModelRule(),
        ManyToManyRenamedRule(),
        NewRequiredPropertyRule(),
    ]

    public static var infos: [LintRuleInfo] { all.map { type(of: $0).info } }

    public static func info(for id: String) -> LintRuleInfo? { infos.first { $0.id == id } }
}
