import Foundation
import SchemaGateBasics

/// An iCloud container entry of an `.entitlements` file that could not be turned into a
/// container id: the gate cannot check a container it cannot name, so it says which entry
/// and why instead of quietly checking the others.
package struct UnresolvedContainer: Sendable, Equatable {
    /// As written (`iCloud.$(CFBundleIdentifier)`).
    package var entry: String
    /// The entitlements file, relative to the surveyed root.
    package var file: String
    package var reason: String
}

/// Container entries as Xcode writes them: a literal id, or one made of build settings.
/// Xcode's iCloud capability writes `iCloud.$(CFBundleIdentifier)` ("The default container
/// ID is iCloud.$(CFBundleIdentifier)", Docs/CloudKitContainers.md) and expands it with the
/// settings of the target that signs with the file. The same expansion is done here, with
/// the settings of the configuration an archive builds (`Release` when the target has one,
/// else every configuration), from the targets whose `CODE_SIGN_ENTITLEMENTS` is the file.
enum EntitlementContainers {
    enum Resolution: Equatable {
        case ids([String])
        case unresolved(String)
    }

    static func resolve(_ entry: String, file: String, targets: [XcodeAppTarget]) -> Resolution {
        guard entry.contains("$") else {
            return CKToolPolicy.isContainerID(entry) ? .ids([entry]) : .unresolved("it is not a container id (\(CKToolPolicy.notAContainerID(entry)))")
        }
        let signing = targets.filter { signs(with: file, $0) }
        guard !signing.isEmpty else {
            return .unresolved("it uses build settings, and no target of an Xcode project here signs with \(file) (CODE_SIGN_ENTITLEMENTS), so their values are unknown")
        }
        var ids: [String] = []
        for target in signing {
            for settings in archivedSettings(target) {
                guard let id = expand(entry, settings: settings, target: target), CKToolPolicy.isContainerID(id) else {
                    return .unresolved("the build settings of \(target.name) in \(target.project) do not give it a literal value")
                }
                if !ids.contains(id) { ids.append(id) }
            }
        }
        return .ids(ids)
    }

    /// Whether the target's `CODE_SIGN_ENTITLEMENTS` (relative to its project's folder) is `file`.
    static func signs(with file: String, _ target: XcodeAppTarget) -> Bool {
        let values = Set(target.configurations.values.compactMap { $0["CODE_SIGN_ENTITLEMENTS"] } + [target.settings["CODE_SIGN_ENTITLEMENTS"]].compactMap { $0 })
        return values.contains { value in
            var path = value
            for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where path.hasPrefix(prefix) {
                path = String(path.dropFirst(prefix.count))
            }
            let relative = target.sourceRoot == "." ? path : target.sourceRoot + "/" + path
            return UserPath.absolute(relative, in: "/") == UserPath.absolute(file, in: "/")
        }
    }

    /// The settings of what an archive builds: `Release` when there is one, else every configuration.
    static func archivedSettings(_ target: XcodeAppTarget) -> [[String: String]] {
        if let release = target.configurations["Release"] { return [release] }
        let all = target.configurations.keys.sorted().compactMap { target.configurations[$0] }
        return all.isEmpty ? [target.settings] : all
    }

    /// `$(NAME)`, `${NAME}` and `$(NAME:rfc1034identifier)` replaced, nested values too;
    /// nil when a name has no literal value.
    static func expand(_ text: String, settings: [String: String], target: XcodeAppTarget, depth: Int = 0) -> String? {
        guard depth < 8 else { return nil }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, let close = rest[after...].firstIndex(of: rest[after] == "(" ? ")" : "}"),
                  rest[after] == "(" || rest[after] == "{" else { return nil }
            let reference = rest[rest.index(after: after)..<close]
            let parts = reference.split(separator: ":", maxSplits: 1).map(String.init)
            guard let name = parts.first, let raw = value(of: name, settings: settings, target: target),
                  let expanded = expand(raw, settings: settings, target: target, depth: depth + 1) else { return nil }
            switch parts.count > 1 ? parts[1] : nil {
            case nil: result += expanded
            case "rfc1034identifier"?: result += String(expanded.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") ? $0 : "-" })
            default: return nil
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private static func value(of name: String, settings: [String: String], target: XcodeAppTarget) -> String? {
        switch name {
        case "CFBundleIdentifier": return settings["PRODUCT_BUNDLE_IDENTIFIER"]
        case "TARGET_NAME": return target.name
        case "PRODUCT_NAME": return settings["PRODUCT_NAME"] ?? target.name
        default: return settings[name]
        }
    }
}
