/// The create command `init` suggests for an app target: build the Debug app with
/// `xcodebuild` into a known derived-data folder, then launch it with the scaffold's flag
/// so that its output reaches `create` and its result decides the exit status. The route
/// follows what the target builds for; every flag and path is sourced in
/// Docs/CreateRecipes.md.
package struct CreateRecipe: Sendable, Equatable {
    package enum Route: String, Sendable, Equatable {
        /// A macOS app: its executable, run directly (the app's own exit status).
        case macOS
        /// An iOS app that also builds for Mac Catalyst: the Catalyst build's executable.
        case macCatalyst
        /// An iOS-only app: a simulator, decided on the scaffold's printed outcome.
        case iOSSimulator
    }

    package var route: Route
    package var target: XcodeAppTarget
    /// A shell string for `create.command`.
    package var command: String
    /// Comment lines for the starter file: what the command assumes and what is not settled.
    package var notes: [String]

    /// Where the recipes build: under the configuration's directory, never Xcode's default
    /// (a hashed folder in the user's Library).
    package static let derivedDataPath = "build/CloudKitSchema"
    /// The simulator the iOS recipe uses unless edited (a name or a UDID).
    package static let simulatorDevice = "iPhone 16"

    /// Nil when the target builds for none of macOS and iOS (or says nothing about it).
    package static func suggest(for target: XcodeAppTarget, launchArgument: String) -> CreateRecipe? {
        guard let route = route(for: target) else { return nil }
        let recipe = RecipeParts(target: target, launchArgument: launchArgument)
        switch route {
        case .macOS:
            return CreateRecipe(route: route, target: target, command: recipe.macCommand(destination: "platform=macOS", products: "Debug"),
                                notes: recipe.macNotes + recipe.assumptions)
        case .macCatalyst:
            return CreateRecipe(route: route, target: target,
                                command: recipe.macCommand(destination: "platform=macOS,variant=Mac Catalyst", products: "Debug-maccatalyst"),
                                notes: recipe.catalystNotes + recipe.assumptions)
        case .iOSSimulator:
            return CreateRecipe(route: route, target: target, command: recipe.simulatorCommand,
                                notes: recipe.simulatorNotes + recipe.assumptions)
        }
    }

    /// macOS when `SDKROOT` is `macosx` (or `auto`/unset with `macosx` among
    /// `SUPPORTED_PLATFORMS`); for an iOS target, Mac Catalyst when `SUPPORTS_MACCATALYST`
    /// is `YES` (an application's default is `NO`), else the simulator.
    static func route(for target: XcodeAppTarget) -> Route? {
        let sdk = target.sdkRoot?.lowercased()
        let platforms = Set(target.supportedPlatforms.map { $0.lowercased() })
        if sdk == "macosx" || ((sdk == nil || sdk == "auto") && platforms.contains("macosx")) { return .macOS }
        let iOS = sdk == "iphoneos" || ((sdk == nil || sdk == "auto") && !platforms.isDisjoint(with: ["iphoneos", "iphonesimulator"]))
        guard iOS else { return nil }
        return target.flag("SUPPORTS_MACCATALYST") == true ? .macCatalyst : .iOSSimulator
    }

    /// Single-quotes a word for `/bin/sh`.
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// The pieces the recipes share.
private struct RecipeParts {
    var target: XcodeAppTarget
    var launchArgument: String

    var product: String { target.productName ?? target.name }

    func build(destination: String) -> String {
        "xcodebuild build -project \(CreateRecipe.shellQuoted(target.project)) -scheme \(CreateRecipe.shellQuoted(target.name))"
            + " -configuration Debug -destination \(destination) -derivedDataPath \(CreateRecipe.derivedDataPath) -quiet"
    }

    func bundle(products: String) -> String {
        "\(CreateRecipe.derivedDataPath)/Build/Products/\(products)/\(product).app"
    }

    func macCommand(destination: String, products: String) -> String {
        build(destination: CreateRecipe.shellQuoted(destination)) + " && "
            + CreateRecipe.shellQuoted("\(bundle(products: products))/Contents/MacOS/\(product)") + " " + launchArgument
    }

    var simulatorCommand: String {
        let bundleID = CreateRecipe.shellQuoted(target.bundleIdentifier ?? "<bundle id>")
        return [
            "device=\(CreateRecipe.shellQuoted(CreateRecipe.simulatorDevice)); log=$(mktemp \"${TMPDIR:-/tmp}/cloudkit-schema-create.XXXXXX\")"
                + " && trap 'rm -f \"$log\"' EXIT",
            build(destination: "\"platform=iOS Simulator,name=$device\""),
            "xcrun simctl bootstatus \"$device\" -b",
            "xcrun simctl install \"$device\" \(CreateRecipe.shellQuoted(bundle(products: "Debug-iphonesimulator")))",
            "{ xcrun simctl launch --console --terminate-running-process \"$device\" \(bundleID) \(launchArgument) 2>&1 | tee \"$log\"; }",
            "grep -q \(CreateRecipe.shellQuoted(InitializerScaffold.successLine)) \"$log\"",
        ].joined(separator: " && ")
    }

    var macNotes: [String] {
        [
            "\(target.name) builds for macOS: the command builds it into \(CreateRecipe.derivedDataPath) and runs the",
            "executable inside the bundle, so the app's output and exit status reach `create` and its",
            "timeout stops it (`open` would report its own status and pass no arguments to a running app).",
            "The Mac must be signed in to iCloud, and the build signed as in Xcode (add",
            "-allowProvisioningUpdates to let xcodebuild fetch the development profile). Apple does",
            "not document CloudKit for an app started from a shell rather than by LaunchServices;",
            "the app's entitlements are in its signature either way, and it prints why it failed.",
        ]
    }

    var catalystNotes: [String] {
        [
            "\(target.name) is an iOS app that also builds for Mac Catalyst (SUPPORTS_MACCATALYST = YES): the",
            "command builds the Catalyst app into \(CreateRecipe.derivedDataPath) and runs the executable inside",
            "the bundle, so its output and exit status reach `create`. The Mac must be signed in to iCloud.",
        ]
    }

    var simulatorNotes: [String] {
        [
            "\(target.name) is an iOS app: the command builds it for the simulator \"\(CreateRecipe.simulatorDevice)\" (edit",
            "device=; a UDID from `xcrun simctl list devices` picks one of several with that name), boots,",
            "installs and launches it with --console, which prints the app's output. Sign that simulator",
            "in to iCloud once (Settings). simctl is not documented to return the app's exit status, so",
            "the command passes only when the app printed the scaffold's success line. That",
            "`simctl launch --console` returns when the app exits is what its help implies, not otherwise",
            "documented: if it does not, `create` stops it at timeouts.createSeconds (lower it).",
            "On an Apple-silicon Mac the app can also run as \"My Mac (Designed for iPad)\" from Xcode",
            "(scheme > Run > Arguments: \(launchArgument)); no documented command-line launch with its",
            "output and exit status was found for that, so it is not the command here.",
        ] + (target.bundleIdentifier == nil
            ? ["PRODUCT_BUNDLE_IDENTIFIER is not a literal in the project: replace <bundle id>."] : [])
    }

    var assumptions: [String] {
        var lines = ["It assumes a scheme named \(target.name) (Xcode's default; share it to build on other machines)."]
        if target.productName == nil {
            lines.append("PRODUCT_NAME is not a literal in the project: the paths assume the product is \(target.name).app.")
        }
        return lines
    }
}
