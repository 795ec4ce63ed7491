/// The rules for cktool's command line, in one place: the only subcommands this product
/// can ever run, what each value on the command line may look like, and the check every
/// invocation passes through (`CKToolRunner.run`) right before the process starts.
///
/// cktool can also import, reset and delete (`import-schema`, `reset-schema`,
/// `save-token`, `remove-token`, record commands). A release gate must never change
/// CloudKit, so those are not expressible (`CKToolCommand` has no case for them) and
/// are refused here should an argument vector be built some other way.
///
/// Values a user gives (team and container ids from flags, the environment or the
/// configuration file) are checked with `isTeamID` / `isContainerID` where they enter
/// (`ResolvedConfiguration`, `ConfigFile`), so the error names their source; the check
/// here refuses anything that slipped past, so no value can become an option of cktool.
package enum CKToolPolicy {
    /// What may run: Docs/guarantees.md.
    package static let allowedSubcommands: Set<String> = ["export-schema", "validate-schema", "get-teams"]

    /// Options that would put a token on the command line (visible in `ps`).
    static let tokenOptions: Set<String> = ["-t", "--token"]

    /// The options `CKToolCommand` writes, each followed by one value.
    static let valueOptions: Set<String> = ["--team-id", "--container-id", "--environment", "--output-file", "--file"]

    package enum Violation: Error, Equatable, Sendable, ActionableError {
        case notCktool([String])
        case subcommandNotAllowed(String)
        case tokenOnCommandLine
        /// A value (or an option) that is not what `option` takes.
        case invalidValue(option: String, value: String)

        package var category: ErrorCategory { .setup }

        package var message: String {
            switch self {
            case .notCktool(let arguments):
                return "refused to run '\(arguments.prefix(2).joined(separator: " "))': only 'xcrun cktool' may run here; this is a bug, please report it"
            case .subcommandNotAllowed(let subcommand):
                return "refused to run 'cktool \(subcommand)': this tool is read-only and runs only \(allowedSubcommands.sorted().joined(separator: ", ")); this is a bug, please report it"
            case .tokenOnCommandLine:
                return "refused to pass a token on the cktool command line: tokens come from CLOUDKIT_MANAGEMENT_TOKEN or the keychain only; this is a bug, please report it"
            case .invalidValue(let option, let value):
                return "refused to run cktool with \(option) '\(value)': \(CKToolPolicy.problem(option: option, value: value)); this is a bug, please report it"
            }
        }
    }

    /// Checks the arguments given to `xcrun`: `cktool`, an allowed subcommand, then only
    /// the options `CKToolCommand` writes, each with a value of the right shape.
    package static func check(xcrunArguments arguments: [String]) throws(Violation) {
        guard arguments.count >= 2, arguments[0] == "cktool" else { throw .notCktool(arguments) }
        guard allowedSubcommands.contains(arguments[1]) else { throw .subcommandNotAllowed(arguments[1]) }
        if arguments.contains(where: { tokenOptions.contains($0) || $0.hasPrefix("--token=") }) {
            throw .tokenOnCommandLine
        }
        var index = 2
        while index < arguments.count {
            let option = arguments[index]
            guard valueOptions.contains(option), index + 1 < arguments.count else {
                throw .invalidValue(option: "an option", value: option)
            }
            let value = arguments[index + 1]
            guard isValid(value, for: option) else { throw .invalidValue(option: option, value: value) }
            index += 2
        }
    }

    static func isValid(_ value: String, for option: String) -> Bool {
        switch option {
        case "--team-id": return isTeamID(value)
        case "--container-id": return isContainerID(value)
        case "--environment": return CloudKitEnvironment(rawValue: value) != nil
        case "--output-file", "--file": return isFileArgument(value)
        default: return false
        }
    }

    static func problem(option: String, value: String) -> String {
        switch option {
        case "--team-id": return notATeamID(value)
        case "--container-id": return notAContainerID(value)
        case "--environment": return "cktool's environments are development and production"
        case "--output-file", "--file": return "a file given to cktool is an absolute path without control characters"
        default: return "cktool is given only \(valueOptions.sorted().joined(separator: ", ")), each with a value"
        }
    }

    /// An Apple Developer team id: 10 capital letters and digits (DEVELOPMENT_TEAM).
    package static func isTeamID(_ value: String) -> Bool {
        value.utf8.count == 10 && value.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || isDigit($0) }
    }

    package static func notATeamID(_ value: String) -> String {
        "'\(value)' is not an Apple team id: it has 10 capital letters and digits, the DEVELOPMENT_TEAM of the Xcode project"
    }

    /// A CloudKit container id: `iCloud.` and a reverse-DNS name whose labels are ASCII
    /// letters, digits and hyphens (Docs/cktool-arguments.md).
    package static func isContainerID(_ value: String) -> Bool {
        guard value.hasPrefix(containerPrefix) else { return false }
        let labels = value.utf8.dropFirst(containerPrefix.utf8.count).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return !labels.isEmpty && labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    package static func notAContainerID(_ value: String) -> String {
        "'\(value)' is not a CloudKit container id: it is 'iCloud.' and a reverse-DNS name of letters, digits, hyphens and dots, such as iCloud.com.example.app, as listed under com.apple.developer.icloud-container-identifiers in the app's .entitlements"
    }

    static let containerPrefix = "iCloud."

    /// An absolute path (so it can never read as an option) without control characters.
    static func isFileArgument(_ value: String) -> Bool {
        value.hasPrefix("/") && !value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
