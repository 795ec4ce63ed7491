import Foundation
import ModelSource
import SchemaGateBasics

/// Without the `remote-notification` background mode the device is never told that
/// CloudKit changed: sync works, but late, with no error anywhere.
///
/// The Info.plists that count for an entitlements file: those beside it (or in its parent
/// folder), and the `INFOPLIST_FILE` of each Xcode app target whose `CODE_SIGN_ENTITLEMENTS`
/// names it. A target's `INFOPLIST_KEY_UIBackgroundModes` setting does not count: Xcode's
/// Info.plist generator takes a fixed list of `INFOPLIST_KEY_` settings and UIBackgroundModes
/// is not among them (Docs/StoreConfigurationRules.md), so the message says so instead of
/// claiming nothing declares the mode.
struct MissingRemoteNotificationRule: LintRule {
    static let info = LintRuleInfo(
        id: "missing-remote-notification", severity: .warning,
        summary: "CloudKit enabled in an iOS entitlements file without remote-notification in the Info.plist UIBackgroundModes.",
        fix: "Add Background Modes → Remote notifications to the app target (UIBackgroundModes: remote-notification in Info.plist).")

    static let mode = "remote-notification"
    static let buildSetting = "INFOPLIST_KEY_UIBackgroundModes"

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.entitlements.filter { $0.enablesCloudKit && !$0.isMacOS }.compactMap { entitlements -> LintViolation? in
            let targets = input.appTargets.filter { uses($0, entitlements) }
            let plists = input.infoPlists.filter { plist in
                belongs(plist, to: entitlements) || targets.contains { generates($0, plist) }
            }
            if plists.contains(where: { $0.isAppExtension }) { return nil }  // extensions have no background modes
            if plists.contains(where: { $0.backgroundModes.contains(Self.mode) }) { return nil }
            let which = plists.isEmpty
                ? "no Info.plist next to it declares"
                : "\(plists.map(\.path).joined(separator: ", ")) does not list"
            var message = "CloudKit is enabled but \(which) the remote-notification background mode; "
                + "changes from other devices arrive only when the app next fetches"
            let setting = targets.filter { target in target.configurations.values.contains { modes($0).contains(Self.mode) } }
            if !setting.isEmpty {
                message += ". \(setting.map { "\($0.name) (\($0.project))" }.joined(separator: ", ")) sets \(Self.buildSetting) = \(Self.mode), "
                    + "but Xcode generates no UIBackgroundModes from build settings (that setting is not one it reads), so the built app lacks it"
            }
            return LintViolation(message: message, file: entitlements.path, line: entitlements.line(of: EntitlementKeys.services))
        }
    }

    /// An Info.plist in the entitlements file's folder, below it, or in its parent folder
    /// (compared canonically: the two may have been found through different spellings).
    private func belongs(_ plist: PropertyListFile, to entitlements: PropertyListFile) -> Bool {
        let folder = CanonicalPath(entitlements.directory), plistFolder = CanonicalPath(plist.directory)
        return folder.contains(plistFolder) || plistFolder == CanonicalPath(folder.path + "/..")
    }

    /// A target signing with this entitlements file in any configuration.
    private func uses(_ target: XcodeAppTarget, _ entitlements: PropertyListFile) -> Bool {
        let file = CanonicalPath(entitlements.path)
        return target.configurations.values.contains { settings in
            settings["CODE_SIGN_ENTITLEMENTS"].flatMap { resolve($0, in: target) }.map { CanonicalPath($0) == file } ?? false
        }
    }

    /// The target's `INFOPLIST_FILE` in any configuration is this plist.
    private func generates(_ target: XcodeAppTarget, _ plist: PropertyListFile) -> Bool {
        let file = CanonicalPath(plist.path)
        return target.configurations.values.contains { settings in
            settings["INFOPLIST_FILE"].flatMap { resolve($0, in: target) }.map { CanonicalPath($0) == file } ?? false
        }
    }

    /// A build setting's path, relative to the project's folder (`$(SRCROOT)` and
    /// `$(PROJECT_DIR)` are that folder); nil for one built from other settings.
    private func resolve(_ value: String, in target: XcodeAppTarget) -> String? {
        var path = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        for root in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where path.hasPrefix(root) {
            path.removeFirst(root.count)
        }
        guard !path.isEmpty, !path.contains("$") else { return nil }
        return path.hasPrefix("/") ? path : target.sourceRoot + "/" + path
    }

    private func modes(_ settings: [String: String]) -> [String] {
        settings.filter { $0.key == Self.buildSetting || $0.key.hasPrefix(Self.buildSetting + "[") }.values
            .flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\"" }).map(String.init) }
    }
}
