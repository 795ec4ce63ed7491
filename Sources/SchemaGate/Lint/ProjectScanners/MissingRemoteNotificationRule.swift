import ModelSource

/// Without the `remote-notification` background mode the device is never told that
/// CloudKit changed: sync works, but late, with no error anywhere.
public struct MissingRemoteNotificationRule: LintRule {
    public static let info = LintRuleInfo(
        id: "missing-remote-notification", severity: .warning,
        summary: "CloudKit enabled in an iOS entitlements file without remote-notification in the Info.plist UIBackgroundModes.",
        fix: "Add Background Modes → Remote notifications to the app target (UIBackgroundModes: remote-notification in Info.plist).")

    public init() {}

    public func check(_ input: LintInput) -> [LintViolation] {
        input.entitlements.filter { $0.enablesCloudKit && !$0.isMacOS }.compactMap { entitlements -> LintViolation? in
            let plists = input.infoPlists.filter { belongs($0, to: entitlements) }
            if plists.contains(where: { $0.isAppExtension }) { return nil }  // extensions have no background modes
            if plists.contains(where: { $0.backgroundModes.contains("remote-notification") }) { return nil }
            let which = plists.isEmpty
                ? "no Info.plist next to it declares"
                : "\(plists.map(\.path).joined(separator: ", ")) does not list"
            return LintViolation(
                message: "CloudKit is enabled but \(which) the remote-notification background mode; "
                    + "changes from other devices arrive only when the app next fetches",
                file: entitlements.path, line: entitlements.line(of: EntitlementKeys.services))
        }
    }

    /// An Info.plist in the entitlements file's folder, below it, or in its parent folder
    /// (compared canonically: the two may have been found through different spellings).
    private func belongs(_ plist: PropertyListFile, to entitlements: PropertyListFile) -> Bool {
        let folder = CanonicalPath(entitlements.directory), plistFolder = CanonicalPath(plist.directory)
        return folder.contains(plistFolder) || plistFolder == CanonicalPath(folder.path + "/..")
    }
}
