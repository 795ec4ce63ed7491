import Foundation

/// `SKIP_CLOUDKIT_SCHEMA_CHECK`, the gate's deliberate escape hatch (README "The release gate", step 1):
/// `1`/`true`/`yes` skip loudly, `0`/`false`/`no`/unset/empty run, anything else is an
/// error — a typo must never turn the gate off or silently on.
package enum SkipSwitch {
    package static let variable = "SKIP_CLOUDKIT_SCHEMA_CHECK"
    static let skipValues: Set<String> = ["1", "true", "yes"]
    static let runValues: Set<String> = ["0", "false", "no", ""]

    package enum Decision: Equatable, Sendable {
        case run
        /// The value as the user wrote it, for the loud message.
        case skip(String)
    }

    package struct InvalidValue: Error, Equatable, Sendable, ActionableError {
        package var value: String
        package var category: ErrorCategory { .setup }
        package var message: String {
            "\(SkipSwitch.variable)='\(value)' is neither yes nor no: set it to 1, true or yes to skip the CloudKit schema gate deliberately, or to 0, false or no (or unset it) to run it"
        }
    }

    package static func decide(_ environment: [String: String]) throws(InvalidValue) -> Decision {
        guard let raw = environment[variable] else { return .run }
        let value = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if skipValues.contains(value) { return .skip(raw) }
        if runValues.contains(value) { return .run }
        throw InvalidValue(value: raw)
    }

    /// The loud message a skip prints (and the report's note).
    package static func skipMessage(_ value: String) -> String {
        "SKIPPED: \(variable)=\(value) is set, so the CloudKit schema gate checked NOTHING. Production may lack record types or fields this release writes. Unset \(variable) to run the gate."
    }

    /// The same for another check the variable skips (`lint --staged`, the pre-commit hook's).
    package static func skipMessage(_ value: String, skipped what: String) -> String {
        "SKIPPED: \(variable)=\(value) is set, so the \(what) did NOT run. Unset \(variable) to run it."
    }
}
