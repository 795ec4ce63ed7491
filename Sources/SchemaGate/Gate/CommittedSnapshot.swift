import Foundation
import SchemaGateBasics

/// A committed Production snapshot is used only as git has it: a file with uncommitted
/// changes (or one git does not track) is not "the committed snapshot", so it is refused
/// instead of being trusted or silently replaced by the committed text. Outside a git work
/// tree the file is what there is, and the note says so.
package enum CommittedSnapshot {
    /// Throws when the snapshot differs from what HEAD has; otherwise says where it was read from.
    package static func verify(path: String, shown: String, environment: [String: String]) throws(SnapshotStateError) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let repository: GitRepository
        do {
            repository = try GitRepository(containing: directory, environment: environment)
        } catch {
            switch error {
            case .notARepository, .gitNotFound: return "\(shown) (not in a git work tree: read from the file)"
            default: throw .git(shown: shown, error)
            }
        }
        return try verify(path: path, shown: shown, repository: repository)
    }

    /// The same in a repository already opened (doctor's).
    package static func verify(path: String, shown: String, repository: GitRepository) throws(SnapshotStateError) -> String {
        // Both sides canonical: git prints its top level physically (a Mac's /var is
        // /private/var), the configuration may spell the path otherwise.
        let relative = CanonicalPath(repository.root).relativePath(of: CanonicalPath(path))
        guard let relative else { throw .outsideRepository(shown: shown, root: repository.root) }
        let status: [String]
        do {
            status = try repository.fields(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignored=matching", "--", relative])
        } catch {
            throw .git(shown: shown, error)
        }
        if let line = status.first { throw .notCommitted(shown: shown, state: String(line.prefix(2))) }
        return "\(shown) as committed"
    }
}

/// A snapshot that is not the committed one.
package enum SnapshotStateError: Error, Equatable, Sendable, ActionableError {
    /// `state`: git status's two letters (`M `, ` M`, `??`, `!!`...).
    case notCommitted(shown: String, state: String)
    case outsideRepository(shown: String, root: String)
    case git(shown: String, GitError)

    package var category: ErrorCategory { .setup }

    package var message: String {
        switch self {
        case .notCommitted(let shown, let state):
            switch state {
            case "??", "!!":
                return "the Production snapshot \(shown) is not committed (git status: \(state == "??" ? "untracked" : "ignored")), and only a committed snapshot stands for Production: commit it, or delete it"
            default:
                return "the Production snapshot \(shown) has changes that are not committed (git status: '\(state)'), so it is not the snapshot the repository holds: commit them, or restore it with git restore --staged --worktree \(shown)"
            }
        case .outsideRepository(let shown, let root):
            return "the Production snapshot \(shown) is outside the git work tree \(root), so it cannot be a committed snapshot: move it into the repository and commit it"
        case .git(let shown, let error):
            return "could not ask git whether the Production snapshot \(shown) is committed: \(error.message)"
        }
    }
}
