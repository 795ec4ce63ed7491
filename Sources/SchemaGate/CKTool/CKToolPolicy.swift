/// The read-only rule, in one place: the only cktool subcommands this product can ever
/// run, and the check every invocation passes through (`CKToolRunner.run`) right before
/// the process starts.
///
/// cktool can also import, reset and delete (`import-schema`, `reset-schema`,
/// `save-token`, `remove-token`, record commands). A release gate must never change
/// CloudKit, so those are not expressible (`CKToolCommand` has no case for them) and
/// are refused here should an argument vector be built some other way.
public enum CKToolPolicy {
    /// What may run: README "Guarantees".
    public static let allowedSubcommands: Set<String> = ["export-schema", "validate-schema", "get-teams"]

    /// cktool subcommands that change CloudKit or local credentials. Used to refuse a
    /// configured create command that would run them.
    public static let writingSubcommands = [
        "import-schema", "reset-schema", "save-token", "remove-token",
        "create-record", "update-record", "delete-record", "delete-records",
    ]

    /// Options that would put a token on the command line (visible in `ps`).
    static let tokenOptions: Set<String> = ["-t", "--token"]

    public enum Violation: Error, Equatable, Sendable, ActionableError {
        case notCktool([String])
        case subcommandNotAllowed(String)
        case tokenOnCommandLine

        public var category: ErrorCategory { .setup }

        public var message: String {
            switch self {
            case .notCktool(let arguments):
                return "refused to run '\(arguments.prefix(2).joined(separator: " "))': only 'xcrun cktool' may run here; this is a bug, please report it"
            case .subcommandNotAllowed(let subcommand):
                return "refused to run 'cktool \(subcommand)': this tool is read-only and runs only \(allowedSubcommands.sorted().joined(separator: ", ")); this is a bug, please report it"
            case .tokenOnCommandLine:
                return "refused to pass a token on the cktool command line: tokens come from CLOUDKIT_MANAGEMENT_TOKEN or the keychain only; this is a bug, please report it"
            }
        }
    }

    /// Checks the arguments given to `xcrun`: `cktool`, an allowed subcommand, no token option.
    public static func check(xcrunArguments arguments: [String]) throws(Violation) {
        guard arguments.count >= 2, arguments[0] == "cktool" else { throw .notCktool(arguments) }
        guard allowedSubcommands.contains(arguments[1]) else { throw .subcommandNotAllowed(arguments[1]) }
        if arguments.contains(where: { tokenOptions.contains($0) || $0.hasPrefix("--token=") }) {
            throw .tokenOnCommandLine
        }
    }

    /// The first CloudKit-changing cktool subcommand a command line mentions, if any.
    public static func forbiddenSubcommand(in commandLine: String) -> String? {
        guard commandLine.contains("cktool") else { return nil }
        return writingSubcommands.first { commandLine.contains($0) }
    }
}
