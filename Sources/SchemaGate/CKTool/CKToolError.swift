/// Why a cktool step could not produce a usable answer. Each is a setup problem (exit 2)
/// whose message says what to do, in one sentence. The token never appears in any of them.
public enum CKToolError: Error, Equatable, Sendable, ActionableError {
    case xcrunNotFound(searchedPath: String?)
    case cktoolNotFound
    case noToken
    case invalidToken
    case authorizationFailed(teamID: String?, containerID: String?)
    case containerNotFound(teamID: String?, containerID: String?)
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

    public var category: ErrorCategory { .setup }

    public var message: String {
        switch self {
        case .xcrunNotFound(let searched):
            let path = searched.map { " (searched PATH=\($0))" } ?? ""
            return "xcrun was not found\(path), so cktool cannot run: on macOS install Xcode 13 or later; elsewhere give committed exports with --production FILE (and --development FILE)"
        case .cktoolNotFound:
            return "xcrun cannot find cktool: install Xcode 13 or later and select it with 'sudo xcode-select -s /Applications/Xcode.app'"
        case .noToken:
            return "cktool has no CloudKit management token: create one in CloudKit Console (Settings → Tokens) and save it with 'xcrun cktool save-token --type management', or set CLOUDKIT_MANAGEMENT_TOKEN for this run"
        case .invalidToken:
            return "cktool's CloudKit management token is expired or invalid: create a new one in CloudKit Console (Settings → Tokens) and save it with 'xcrun cktool save-token --type management'"
        case .authorizationFailed(let team, let container):
            return "CloudKit refused authorization\(Self.scope(team, container)): check the team id first (DEVELOPMENT_TEAM of the Xcode project, 10 characters), then that the management token belongs to that team"
        case .containerNotFound(let team, let container):
            return "CloudKit does not know the container\(Self.scope(team, container)): check the container id against the app's .entitlements (com.apple.developer.icloud-container-identifiers)"
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
        }
    }

    private static func scope(_ team: String?, _ container: String?) -> String {
        switch (team, container) {
        case let (team?, container?): return " for team \(team), container \(container)"
        case let (team?, nil): return " for team \(team)"
        case let (nil, container?): return " for container \(container)"
        case (nil, nil): return ""
        }
    }
}
