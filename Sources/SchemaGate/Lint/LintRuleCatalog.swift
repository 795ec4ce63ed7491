/// Every lint rule, in the order `lint --list-rules` prints them. Ids are stable: they are
/// the finding codes in JSON reports, the names in suppression comments and the keys of
/// per-rule severities in the configuration file.
package enum LintRuleCatalog {
    package static let all: [any LintRule] = modelRules + projectRules + evolutionRules

    /// Rules over the models alone (SwiftData and Core Data).
    package static let modelRules: [any LintRule] = [
        RequiredAttributeRule(),
        UniqueConstraintRule(),
        RequiredRelationshipRule(),
        NonOptionalToManyRule(),
        MissingInverseRule(),
        DenyDeleteRuleRule(),
        OrderedRelationshipRule(),
        ReservedPropertyNameRule(),
        UnsupportedTypeRule(),
        NonASCIINameRule(),
    ]

    /// Configuration traps in Swift sources, entitlements and Info.plist files.
    package static let projectRules: [any LintRule] = [
        AutomaticCloudKitDatabaseRule(),
        TestConfigurationSyncsRule(),
        ProductionEnvironmentEntitlementRule(),
        MissingRemoteNotificationRule(),
    ]

    /// Schema evolution since a git revision (`lint --since REF`).
    package static let evolutionRules: [any LintRule] = [
        PropertyTypeChangedRule(),
        RemovedPropertyRule(),
        RenamedPropertyRule(),
        RemovedModelRule(),
        ManyToManyRenamedRule(),
        NewRequiredPropertyRule(),
    ]

    package static var infos: [LintRuleInfo] { all.map { type(of: $0).info } }

    package static func info(for id: String) -> LintRuleInfo? { infos.first { $0.id == id } }
}
