import Foundation

/// The commented `.cloudkit-schema.json` that `init` writes. It pins only what the user must
/// decide: what the project survey finds (team, containers, model folders, the tag pattern)
/// stays a comment, because every command runs the survey again and a pinned copy would go
/// stale the day a model folder or container is added. A value the survey cannot settle
/// (several teams, tag families, a container it cannot name) is written as a comment with
/// the choices, and the commands that need it fail until one is chosen.
package enum StarterConfiguration {
    /// - Parameter tags: the release tag pattern the survey proposes, and the tag families.
    package static func render(_ survey: ProjectSurvey, tagPattern: String?, tagFamilies: [ReleaseTagFamily] = []) -> String {
        var lines = ["// CloudKitSchemaGate configuration (JSON with comments). Written by `cloudkit-schema init`."]
        lines.append("// Every command reads the project itself for what this file leaves out (the project survey,")
        lines.append("// each run), so the values it found are comments: uncomment one only to pin or change it.")
        lines.append("// 'cloudkit-schema config' shows every resolved value and where it came from.")
        lines.append("// Precedence: command-line flags, then TEAM_ID / CONTAINER_ID, then this file, then the project.")
        lines.append("{")
        lines += teamLines(survey)
        lines.append("")
        lines += containerLines(survey)
        lines.append("")
        lines.append("  // Where the SwiftData @Model sources (and the Schema or container that registers them)")
        lines.append("  // and the Core Data .xcdatamodeld bundles are (test folders are not the app's models).")
        let paths = survey.modelPaths.isEmpty ? ["."] : survey.modelPaths
        lines.append("  // Found: \(survey.modelPaths.isEmpty ? "none" : paths.joined(separator: ", ")).")
        lines.append("  // \"modelPaths\": [\(paths.map(quoted).joined(separator: ", "))],")
        lines.append("")
        lines += tagLines(tagPattern: tagPattern, families: tagFamilies)
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

    static func teamLines(_ survey: ProjectSurvey) -> [String] {
        var lines = ["  // Apple Developer team id: DEVELOPMENT_TEAM of the Xcode project (10 characters)."]
        switch survey.teamIDs.count {
        case 0:
            lines.append("  // None found: set it here, or DEVELOPMENT_TEAM in the project.")
            lines.append("  // \"teamId\": \"ABCDE12345\",")
        case 1:
            lines.append("  // Found: \(survey.teamIDs[0]) (\(survey.teamFiles[survey.teamIDs[0]] ?? "the Xcode project")).")
            lines.append("  // \"teamId\": \(quoted(survey.teamIDs[0])),")
        default:
            lines.append("  // Several found (\(survey.teamIDs.joined(separator: ", "))): choose the app's, uncommented.")
            lines.append("  // \"teamId\": \(quoted(survey.teamIDs[0])),")
        }
        return lines
    }

    static func containerLines(_ survey: ProjectSurvey) -> [String] {
        var lines = [
            "  // The CloudKit containers the app syncs to (from the .entitlements files).",
            "  // productionSnapshot: a committed export for CI without cktool:",
            "  //   cloudkit-schema export --environment production --output cloudkit/production.ckdb",
        ]
        for unresolved in survey.unresolvedContainers {
            lines.append("  // \(unresolved.file) names \(unresolved.entry), which could not be told (\(unresolved.reason)):")
            lines.append("  // list every container the app uses here, uncommented.")
        }
        if survey.containerIDs.isEmpty {
            if survey.unresolvedContainers.isEmpty { lines.append("  // None found.") }
            lines.append("  // \"containers\": [{ \"id\": \"iCloud.com.example.app\" }],")
        } else {
            lines.append("  // Found: \(survey.containerIDs.joined(separator: ", ")).")
            let entries = survey.containerIDs.map { "{ \"id\": \(quoted($0)) }" }.joined(separator: ", ")
            lines.append("  // \"containers\": [\(entries)],")
        }
        return lines
    }

    static func tagLines(tagPattern: String?, families: [ReleaseTagFamily]) -> [String] {
        var lines = ["  // Release tags: the gate's evolution rules compare with the last one, and the pre-push hook"]
        lines.append("  // gates the ones pushed (a glob over the tag name, * and ?; default: every tag).")
        if families.count > 1, tagPattern == nil {
            lines.append("  // The tags belong to several release families (\(families.map(\.shown).joined(separator: "; "))):")
            lines.append("  // choose this app's, uncommented; the gate stops until one is chosen.")
            lines.append("  // \"tagPattern\": \(quoted(families.compactMap(\.pattern).first ?? "v*")),")
        } else if let tagPattern {
            lines.append("  // Found: \(tagPattern) (what most tags look like).")
            lines.append("  // \"tagPattern\": \(quoted(tagPattern)),")
        } else {
            lines.append("  // \"tagPattern\": \"v*\",")
        }
        return lines
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
                "  // bundle (not `open`, which reports its own exit status); Docs/running-on-macos.md has iOS.",
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
