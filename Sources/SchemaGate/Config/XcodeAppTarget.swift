import Foundation

/// An application target of an Xcode project and the Debug build settings `init` needs to
/// suggest how to build and launch it (Docs/CreateRecipes.md): what it builds for
/// (`SDKROOT`, `SUPPORTED_PLATFORMS`, `SUPPORTS_MACCATALYST`), what the product is called,
/// and its bundle identifier.
public struct XcodeAppTarget: Sendable, Equatable {
    /// The `.xcodeproj`, relative to the surveyed root.
    public var project: String
    public var name: String
    /// Build settings of the Debug configuration: the project's, overridden by the target's.
    /// List values are joined with spaces.
    public var settings: [String: String]

    public init(project: String, name: String, settings: [String: String]) {
        self.project = project
        self.name = name
        self.settings = settings
    }

    /// `PRODUCT_NAME` when it is a literal or `$(TARGET_NAME)`: the bundle's and its
    /// executable's name. Nil when unset or built from other settings.
    public var productName: String? {
        guard let value = settings["PRODUCT_NAME"] else { return nil }
        let resolved = value.replacingOccurrences(of: "$(TARGET_NAME)", with: name)
            .replacingOccurrences(of: "${TARGET_NAME}", with: name)
        return resolved.isEmpty || resolved.contains("$") ? nil : resolved
    }

    /// `PRODUCT_BUNDLE_IDENTIFIER` when it is a literal.
    public var bundleIdentifier: String? {
        settings["PRODUCT_BUNDLE_IDENTIFIER"].flatMap { $0.isEmpty || $0.contains("$") ? nil : $0 }
    }

    public var sdkRoot: String? { settings["SDKROOT"] }

    public var supportedPlatforms: [String] {
        (settings["SUPPORTED_PLATFORMS"] ?? "").split(separator: " ").map(String.init)
    }

    /// A `YES`/`NO` setting; nil when unset (Xcode's default then applies).
    public func flag(_ key: String) -> Bool? {
        switch settings[key]?.uppercased() {
        case "YES"?: return true
        case "NO"?: return false
        default: return nil
        }
    }
}

/// Reads the application targets from a `project.pbxproj` (an old-style property list,
/// which `PropertyListSerialization` reads on macOS and Linux).
enum XcodeProjectReader {
    static let applicationProductType = "com.apple.product-type.application"

    static func appTargets(_ data: Data, project: String) -> [XcodeAppTarget] {
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let objects = plist["objects"] as? [String: Any],
              let rootID = plist["rootObject"] as? String,
              let root = objects[rootID] as? [String: Any] else { return [] }
        let projectSettings = debugSettings(list: root["buildConfigurationList"], objects: objects)
        let targetIDs = root["targets"] as? [String] ?? []
        return targetIDs.compactMap { id -> XcodeAppTarget? in
            guard let target = objects[id] as? [String: Any], target["isa"] as? String == "PBXNativeTarget",
                  target["productType"] as? String == applicationProductType,
                  let name = target["name"] as? String else { return nil }
            let own = debugSettings(list: target["buildConfigurationList"], objects: objects)
            return XcodeAppTarget(project: project, name: name, settings: projectSettings.merging(own) { _, target in target })
        }
    }

    /// The settings of a configuration list's Debug configuration (else its default one).
    private static func debugSettings(list id: Any?, objects: [String: Any]) -> [String: String] {
        guard let id = id as? String, let list = objects[id] as? [String: Any] else { return [:] }
        let configurations = (list["buildConfigurations"] as? [String] ?? []).compactMap { objects[$0] as? [String: Any] }
        let preferred = ["Debug", list["defaultConfigurationName"] as? String].compactMap { $0 }
        let chosen = preferred.lazy.compactMap { name in configurations.first { $0["name"] as? String == name } }.first
            ?? configurations.first
        let settings = chosen?["buildSettings"] as? [String: Any] ?? [:]
        return settings.compactMapValues { value in
            if let text = value as? String { return text }
            return (value as? [String])?.joined(separator: " ")
        }
    }
}
