/// What entitlements and Info.plists say about CloudKit, in the words the rules need.
enum EntitlementKeys {
    static let containers = "com.apple.developer.icloud-container-identifiers"
    static let services = "com.apple.developer.icloud-services"
    static let environment = "com.apple.developer.icloud-container-environment"
    static let appSandbox = "com.apple.security.app-sandbox"
    static let backgroundModes = "UIBackgroundModes"
    static let extensionPoint = "NSExtension"
}

extension PropertyListFile {
    /// iCloud container identifiers this entitlements file declares.
    var iCloudContainers: [String] {
        kind == .entitlements ? (values[EntitlementKeys.containers]?.strings ?? []) : []
    }

    /// CloudKit is among the iCloud services (`CloudKit`, `CloudKit-Anonymous`, or the old `*`).
    var enablesCloudKit: Bool {
        guard kind == .entitlements else { return false }
        return values[EntitlementKeys.services]?.strings.contains { $0.hasPrefix("CloudKit") || $0 == "*" } ?? false
    }

    /// An iCloud container entitlement of any kind: SwiftData's `.automatic` then syncs.
    var hasICloudContainer: Bool { !iCloudContainers.isEmpty || enablesCloudKit }

    /// macOS apps (sandboxed) get pushes without a background mode.
    var isMacOS: Bool { values[EntitlementKeys.appSandbox] != nil }

    var backgroundModes: [String] { values[EntitlementKeys.backgroundModes]?.strings ?? [] }

    var isAppExtension: Bool { values[EntitlementKeys.extensionPoint] != nil }

    var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}

extension LintInput {
    var entitlements: [PropertyListFile] { propertyLists.filter { $0.kind == .entitlements } }
    var infoPlists: [PropertyListFile] { propertyLists.filter { $0.kind == .infoPlist } }

    /// The first entitlements file in scope with an iCloud container, if any.
    var iCloudEntitlement: PropertyListFile? { entitlements.first(where: \.hasICloudContainer) }

    /// Whether the project may sync: an iCloud entitlement in scope, or no entitlements in
    /// scope at all (unknown, e.g. linting one staged file).
    var mayUseCloudKit: Bool { entitlements.isEmpty || iCloudEntitlement != nil }
}
