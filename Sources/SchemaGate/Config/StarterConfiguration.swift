import Foundation

/// The commented `.cloudkit-schema.json` that `init` writes. Every value it cannot know
/// stays a comment, so the file is valid as written and says what to fill in.
package enum StarterConfiguration {
    package static func render(_ survey: ProjectSurvey, tagPattern: String?) -> String {
        var lines = ["// CloudKitSchemaGate configuration (JSON with comments). Written by `cloudkit-schema init`."]
        if !survey.sources.isEmpty { lines.append("// Found: \(survey.sources.joined(separator: "; ")).") }
        lines.append("// Precedence: command-line flags, then TEAM_ID / CONTAINER_ID, then this file.")
        lines.append("{")
        lines.append("  // Apple Developer team id: DEVELOPMENT_TEAM of the Xcode project (10 characters).")
        if let team = survey.teamIDs.first {
            if survey.teamIDs.count > 1 { lines.append("  // Other teams found: \(survey.teamIDs.dropFirst().joined(separator: ", ")).") }
            lines.append("  \"teamId\": \(quoted(team)),")
        } else {
            lines.append("  // \"teamId\": \"ABCDE12345\",")
        }
        lines.append("")
        lines.append("  // The CloudKit containers the app syncs to (from the .entitlements files).")
        lines.append("  // productionSnapshot: a committed export for CI without cktool:")
        lines.append("  //   cloudkit-schema export --environment production --output cloudkit/production.ckdb")
        if survey.containerIDs.isEmpty {
            lines.append("  // \"containers\": [{ \"id\": \"iCloud.com.example.app\" }],")
        } else {
            lines.append("  \"containers\": [")
            for (index, id) in survey.containerIDs.enumerated() {
                lines.append("    { \"id\": \(quoted(id)) }\(index + 1 < survey.containerIDs.count ? "," : "")")
            }
            lines.append("  ],")
        }
        lines.append("")
        lines.append("  // Where the SwiftData @Model sources (and the Schema or container that registers them)")
        lines.append("  // and the Core Data .xcdatamodeld bundles are.")
        let paths = survey.modelPaths.isEmpty ? ["."] : survey.modelPaths
        lines.append("  \"modelPaths\": [\(paths.map(quoted).joined(separator: ", "))],")
        lines.append("")
        lines.append("  // Release tags the gate measures model changes from (git glob; default: any tag).")
        lines.append(tagPattern.map { "  \"tagPattern\": \(quoted($0))," } ?? "  // \"tagPattern\": \"v*\",")
        lines.append("")
        lines += createLines(survey.appTargets)
        lines.append("")
        lines.append("  // \"timeouts\": { \"cktoolSeconds\": 120, \"createSeconds\": 1800 },")
        lines.append("  // The app shares records with CKShare: CD_moveReceipt becomes required.")
        lines.append("  \"sharesRecords\": false")
        lines.append("  // Severities of missing _ckAsset companions and CD_moveReceipt (error, warning, info) and of lint")
        lines.append("  // rules (also off; ids: cloudkit-schema lint --list-rules).")
        lines.append("  // \"severities\": { \"stringAssetField\": \"warning\", \"dataAssetField\": \"error\", \"moveReceipt\": \"warning\", \"rules\": { \"missing-inverse\": \"error\" } }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The create command, commented out (uncommented, `create` and every `gate` without
    /// --no-create build and launch the app): a recipe for the first app target that
    /// builds for macOS or iOS, else the shape of one.
    static func createLines(_ targets: [XcodeAppTarget]) -> [String] {
        var lines = [
            "  // A command that materializes the Development schema: the debug app launched with",
            "  // the flag of the file `cloudkit-schema scaffold` writes. Argument array or shell string.",
        ]
        let launch = InitializerScaffold.defaultLaunchArgument
        guard let recipe = targets.lazy.compactMap({ CreateRecipe.suggest(for: $0, launchArgument: launch) }).first else {
            lines += [
                "  // No Xcode app target for macOS or iOS was found. A macOS app runs by the executable in its",
                "  // bundle (not `open`, which reports its own exit status); README \"Running on macOS\" has iOS.",
                "  // \"create\": { \"command\": \"xcodebuild build -scheme MyApp -configuration Debug -derivedDataPath \(CreateRecipe.derivedDataPath) -quiet && \(CreateRecipe.derivedDataPath)/Build/Products/Debug/MyApp.app/Contents/MacOS/MyApp \(launch)\" },",
            ]
            return lines
        }
        lines += recipe.notes.map { "  // " + $0 }
        let others = targets.filter { $0 != recipe.target }.map(\.name)
        if !others.isEmpty { lines.append("  // Other app targets: \(others.joined(separator: ", ")).") }
        lines.append("  // \"create\": { \"command\": \(quoted(recipe.command)) },")
        return lines
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 { result += String(format: "\\u%04x", scalar.value) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}
