/// Why change detection cannot answer. All are setup problems (exit 2).
package enum GitError: Error, Equatable, Sendable, ActionableError {
    case gitNotFound
    case notARepository(String)
    case unknownRevision(String, shallow: Bool)
    case shallowWithoutTags(pattern: String?)
    case commandFailed(arguments: [String], status: Int32, detail: String)
    case timedOut(arguments: [String])
    /// The release tags (those the pattern selects, or every tag) belong to several families.
    case mixedTagFamilies(pattern: String?, families: [ReleaseTagFamily])
    /// A filter driver whose name `-c` cannot address, so its program could not be switched off.
    case unsafeFilterDriver(String)

    package var category: ErrorCategory { .setup }

    package static let fetchTagsFix = "git fetch --tags --unshallow"

    package var message: String {
        switch self {
        case .gitNotFound:
            return "git was not found on PATH: install git, or pass --always to check without a last release to compare with"
        case .notARepository(let directory):
            return "\(directory) is not inside a git work tree: run the command from your repository, or pass --always to check without a last release to compare with"
        case .unknownRevision(let ref, let shallow):
            let fix = shallow
                ? "this is a shallow clone, so fetch the history first: \(Self.fetchTagsFix)"
                : "check the spelling, or fetch it: git fetch --tags"
            return "'\(ref)' is not a commit in this repository: \(fix)"
        case .shallowWithoutTags(let pattern):
            let what = pattern.map { "no tag matching '\($0)'" } ?? "no tag"
            return "this is a shallow clone and \(what) is reachable, so the last release cannot be found: run '\(Self.fetchTagsFix)' (in GitHub Actions, use actions/checkout with fetch-depth: 0)"
        case .commandFailed(let arguments, let status, let detail):
            return "git \(arguments.joined(separator: " ")) failed with exit status \(status)\(detail.isEmpty ? "" : ": \(detail)"); run it by hand to see why"
        case .mixedTagFamilies(let pattern, let families):
            let which = pattern.map { "the tags tagPattern '\($0)' selects" } ?? "with no tagPattern, every tag is a release tag, and the tags"
            let choices = families.compactMap(\.pattern).map { "\"tagPattern\": \"\($0)\"" }
            let fix = choices.isEmpty
                ? "give the tags of this app's releases a prefix of their own and set tagPattern to it"
                : "set the pattern of this app's releases in .cloudkit-schema.json (\(choices.joined(separator: " or ")))"
            return "\(which) belong to \(families.count) release families (\(families.map(\.shown).joined(separator: "; "))), so the release before this one could be another app's: \(fix)"
        case .timedOut(let arguments):
            return "git \(arguments.joined(separator: " ")) did not finish within \(Int(GitRepository.timeout)) s: check the repository (a lock, a network filesystem) and run again"
        case .unsafeFilterDriver(let driver):
            return "the git configuration defines a filter driver named '\(driver)', whose programs this tool cannot switch off for its own git calls (the name holds '='): rename the driver in the git configuration (git config --rename-section) and in .gitattributes"
        }
    }
}
