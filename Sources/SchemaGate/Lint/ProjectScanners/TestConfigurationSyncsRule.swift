/// A test or preview store without `cloudKitDatabase: .none` can sync with the real
/// container on a machine signed into iCloud: SwiftData's default is `.automatic`, which
/// takes the container the entitlements name. Whether an in-memory store syncs is not
/// documented either way, so those sites are `unsettled` (at most a warning). A dev-time
/// trap: `SeverityPolicy` makes it a warning in the gate. Evidence: Docs/StoreConfigurationRules.md.
///
/// Its Core Data counterpart: a store description an `NSPersistentCloudKitContainer` loads
/// made a scratch store in memory (`url = URL(fileURLWithPath: "/dev/null")`, Xcode's
/// template for previews and tests) that keeps its `cloudKitContainerOptions`. The container
/// gives every description with options a mirroring delegate, whatever its URL; whether one
/// in memory then syncs is not documented, so it too is `unsettled`.
struct TestConfigurationSyncsRule: LintRule {
    static let info = LintRuleInfo(
        id: "test-configuration-syncs", severity: .error,
        summary: "An in-memory, test or preview ModelConfiguration/container without cloudKitDatabase: .none (Core Data: an in-memory store description that keeps cloudKitContainerOptions).",
        fix: "Use ModelConfiguration(isStoredInMemoryOnly: true, cloudKitDatabase: .none) and build the container from it.")

    init() {}

    /// The Core Data fix, said where the scratch store is made.
    static let coreDataFix = "Set cloudKitContainerOptions = nil on that store description where it is made in memory "
        + "(next to its url = URL(fileURLWithPath: \"/dev/null\"), inside the same if), so the app's store keeps syncing and the scratch store never does."

    func check(_ input: LintInput) -> [LintViolation] {
        guard input.mayUseCloudKit else { return [] }
        return swiftDataViolations(input) + coreDataViolations(input)
    }

    private func coreDataViolations(_ input: LintInput) -> [LintViolation] {
        input.swiftSources.flatMap { file in
            file.scratchStores.compactMap { store -> LintViolation? in
                guard store.sync != .none else { return nil }
                let when = store.conditional ? "in memory when the if around it holds (a preview or test store)" : "in memory"
                return LintViolation(
                    message: "NSPersistentCloudKitContainer's store description is made \(when) with /dev/null but keeps its "
                        + "CloudKit options (\(store.spelling)); whether an in-memory store syncs is not documented, so this is a warning: "
                        + "a preview or test run on a Mac or device signed into iCloud may sync its data with the real container",
                    file: file.path, line: store.line, unsettled: true, fix: Self.coreDataFix)
            }
        }
    }

    private func swiftDataViolations(_ input: LintInput) -> [LintViolation] {
        input.swiftSources.flatMap { file in
            file.sites.compactMap { site -> LintViolation? in
                guard let context = context(of: site, in: file), syncs(site.database) else { return nil }
                let how: String
                switch site.database {
                case .omitted: how = site.kind == .configuration ? "omits cloudKitDatabase (default .automatic)" : "cannot pass cloudKitDatabase: .none"
                case .private: how = "passes a .private container"
                default: how = "uses cloudKitDatabase: .automatic"
                }
                let consequence = site.inMemory
                    ? "; whether an in-memory store syncs is not documented, so this is a warning: a run on a Mac or device signed into iCloud may sync test data with the real container"
                    : "; a run on a Mac or device signed into iCloud can sync test data with the real container"
                return LintViolation(
                    message: "\(site.kind.rawValue) \(context) \(how)\(consequence)",
                    file: file.path, line: site.line, unsettled: site.inMemory)
            }
        }
    }

    private func context(of site: ModelConfigurationSite, in file: SwiftSourceFile) -> String? {
        if site.inMemory { return "is in-memory but" }
        if site.inPreview { return "in a #Preview" }
        if file.isTestOrPreview { return "in test or preview code" }
        return nil
    }

    private func syncs(_ database: ModelConfigurationSite.Database) -> Bool {
        switch database {
        case .omitted, .automatic, .private: return true
        case .none, .conditional, .unknown: return false
        }
    }
}
