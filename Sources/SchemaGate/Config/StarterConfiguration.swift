import Foundation

/// The commented `.cloudkit-schema.json` that `init` writes. Every value it cannot know
/// stays a comment, so the file is valid as written and says what to fill in.
public enum StarterConfiguration {
    public static func render(_ survey: ProjectSurvey, tagPattern: String?) -> String {
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
        lines.append("  // Where the SwiftData @Model sources and Core Data .xcdatamodeld bundles are.")
        let paths = survey.modelPaths.isEmpty ? ["."] : survey.modelPaths
        lines.append("  \"modelPaths\": [\(paths.map(quoted).joined(separator: ", "))],")
        lines.append("")
        lines.append("  // Release tags the gate measures model changes from (git glob; default: any tag).")
        lines.append(tagPattern.map { "  \"tagPattern\": \(quoted($0))," } ?? "  // \"tagPattern\": \"v*\",")
        lines.append("")
        lines.append("  // A command that materializes the Development schema: the debug app launched with")
        lines.append("  // the flag of the file `cloudkit-schema scaffold` writes. Argument array or shell string.")
        lines.append("  // \"create\": { \"command\": [\"open\", \"-W\", \"build/Debug/MyApp.app\", \"--args\", \"-initializeCloudKitSchema\"] },")
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
