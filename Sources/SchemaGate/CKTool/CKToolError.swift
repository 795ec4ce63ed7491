/// Why a cktool step could not produce a usable answer. Each is a setup problem (exit 2)
/// whose message says what to do, in one sentence. The token never appears in any of them.
package enum CKToolError: Error, Equatable, Sendable, ActionableError {
    case xcrunNotFound(searchedPath: String?)
    case cktoolNotFound
    case noToken(CKToolRefusal)
    case invalidToken(CKToolRefusal)
    case authorizationFailed(CKToolRefusal)
    case containerNotFound(CKToolRefusal)
    case network(detail: String)
    case timedOut(subcommand: String, seconds: Double)
    case failed(subcommand: String, status: Int32, detail: String, commandLine: String)
    case emptyExport(CloudKitEnvironment)
    /// `redacted`: the kept copy had the management token replaced by `<redacted>`.
    case unparsableExport(CloudKitEnvironment, error: String, keptAt: String?, redacted: Bool)
    case notAnExport(CloudKitEnvironment, reason: String)
    case refused(CKToolPolicy.Violation)
    case launch(ProcessLaunchError)
    /// cktool wrote more than the tool reads (`what`: stdout, stderr or the export file).
    case outputTooLarge(subcommand: String, what: String, limit: Int, commandLine: String)
    case temporaryDirectory(ScratchFolderError)
    /// Stopped, or never started, because the run no longer needed its result
    /// (`CKToolExports`: an earlier result decided the run); never the error a run reports.
    case stopped(subcommand: String)

    package var category: ErrorCategory { .setup }

    package var message: String {
        switch self {
        case .xcrunNotFound(let searched):
            let path = searched.map { " (searched PATH=\($0))" } ?? ""
            return "xcrun was not found\(path), so cktool cannot run: on macOS install Xcode 13 or later; elsewhere give committed exports with --production FILE (and --development FILE)"
        case .cktoolNotFound:
            return "xcrun cannot find cktool: install Xcode 13 or later and select it with 'sudo xcode-select -s /Applications/Xcode.app'"
        case .noToken(let refusal):
            if refusal.token == .environment {
                return "cktool found no CloudKit management token\(refusal.quoted) although \(CKToolRunner.tokenVariable) is set: check that it holds the management token itself (in CI: that the secret exists and reaches this step's environment)"
            }
            return "cktool has no CloudKit management token\(refusal.quoted): create one in CloudKit Console (Settings → Tokens) and save it with 'xcrun cktool save-token --type management', or set \(CKToolRunner.tokenVariable) (in CI: from a secret)"
        case .invalidToken(let refusal):
            return "\(refusal.tokenName.prefix(1).uppercased() + refusal.tokenName.dropFirst()) is expired or invalid\(refusal.quoted): \(refusal.newTokenFix)"
        case .authorizationFailed(let refusal):
            return Self.authorizationMessage(refusal)
        case .containerNotFound(let refusal):
            return Self.containerMessage(refusal)
        case .network(let detail):
            return "cktool could not reach CloudKit (\(detail)): check the network connection and run again"
        case .timedOut(let subcommand, let seconds):
            return "cktool \(subcommand) did not finish within \(ConfigObjectReader.format(seconds)) s and was stopped: check the network, or raise timeouts.cktoolSeconds in .cloudkit-schema.json"
        case .failed(let subcommand, let status, let detail, let commandLine):
            let said = detail.isEmpty ? "and printed nothing" : "saying: \(detail)"
            return "cktool \(subcommand) failed with exit status \(status) \(said); run '\(commandLine)' by hand to see the whole error"
        case .emptyExport(let environment):
            return "cktool returned an empty \(environment.displayName) export: a real export always has at least the Users record type, so run the export again and check the container id"
        case .unparsableExport(let environment, let error, let kept, let redacted):
            let note = redacted ? " (with the value of \(CKToolRunner.tokenVariable) replaced by \(Redactor.placeholder))" : ""
            let where_ = kept.map { "; the output is kept at \($0)\(note)" } ?? ""
            return "cktool's \(environment.displayName) export is not a schema this tool can read (\(error))\(where_): run the export again, and report the file if it persists"
        case .notAnExport(let environment, let reason):
            return "cktool's \(environment.displayName) output is not a complete export (\(reason)): run the export again and check the container id"
        case .refused(let violation):
            return violation.message
        case .launch(let error):
            return "cktool could not be started: \(error.message)"
        case .outputTooLarge(let subcommand, let what, let limit, let commandLine):
            return "cktool \(subcommand) wrote more than \(limit >> 20) MB to \(what), far more than any schema export, so none of it was used: run '\(commandLine)' by hand to see what it prints"
        case .temporaryDirectory(let error):
            return error.message
        case .stopped(let subcommand):
            return "cktool \(subcommand) was stopped because the run no longer needed its result: fix the error reported with it and run again"
        }
    }

    /// CloudKit refused the call: what get-teams said decides between the token, the team
    /// and the container; without its answer both causes are named.
    private static func authorizationMessage(_ refusal: CKToolRefusal) -> String {
        let refused = "CloudKit refused authorization\(refusal.scope)\(refusal.quoted)"
        switch refusal.teams {
        case .tokenRefused:
            return "\(refused), and refused listing the token's teams too, so \(refusal.tokenName) is not accepted: \(refusal.newTokenFix)"
        case .notListed(let teams):
            return "\(refused): team \(refusal.teamID ?? "") is not one of the teams \(refusal.tokenName) can use (xcrun cktool get-teams lists \(teams.joined(separator: "; "))): \(refusal.teamFix)"
        case .listed:
            return "\(refused), though team \(refusal.teamID ?? "") is one of the token's teams, so CloudKit refused the container: \(containerFix(refusal)); if both are right, check in CloudKit Console that the token's account may manage that container"
        case .notRun, .failed:
            let teams = refusal.teams == .notRun ? "" : " ('xcrun cktool get-teams' could not tell which)"
            return "\(refused): either the team id is wrong or \(refusal.tokenName) is not valid for it\(teams). "
                + "Run 'xcrun cktool get-teams': when the team is not listed, \(refusal.teamFix); when it is, \(refusal.newTokenFix)"
        }
    }

    /// CloudKit did not find the container: unless the team is not the token's (then the
    /// team id is wrong), the container id is.
    private static func containerMessage(_ refusal: CKToolRefusal) -> String {
        let missing = "CloudKit does not know the container\(refusal.scope)\(refusal.quoted)"
        if case .notListed(let teams) = refusal.teams {
            return "\(missing), and team \(refusal.teamID ?? "") is not one of the teams \(refusal.tokenName) can use (xcrun cktool get-teams lists \(teams.joined(separator: "; "))), so the team id is the problem: \(refusal.teamFix)"
        }
        return "\(missing): \(containerFix(refusal))"
    }

    private static func containerFix(_ refusal: CKToolRefusal) -> String {
        "check the container id against the app's .entitlements (com.apple.developer.icloud-container-identifiers), and that the container belongs to team \(refusal.teamID ?? "the team") in CloudKit Console"
    }
}
