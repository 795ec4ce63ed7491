import Foundation

/// What `lint --since` reads from git: files as they were at a revision, through the
/// product's one git client (`GitRepository`: C locale, no prompts, no optional locks),
/// with its errors worded for lint.
struct GitRevisionReader: Sendable {
    typealias Blob = GitRepository.TreeFile

    let repository: GitRepository
    /// The repository's top-level directory (symlinks resolved, as git prints it).
    var root: String { repository.root }

    init(workingDirectory: String, environment: [String: String]) throws(LintError) {
        do {
            repository = try GitRepository(containing: workingDirectory, environment: environment)
        } catch {
            switch error {
            case .gitNotFound: throw .setup("lint --since needs git, and no git was found on PATH; install git or drop --since")
            case .notARepository: throw .input("lint --since needs a git work tree, and \(workingDirectory) is not in one")
            default: throw Self.lintError(error)
            }
        }
    }

    /// The commit a revision names, or an error saying how to get it.
    func commit(_ revision: String) throws(LintError) -> String {
        guard !revision.hasPrefix("-") else { throw .input("'\(revision)' is not a revision; give a tag, branch or commit after --since") }
        let commit: String?
        do { commit = try repository.commit(for: revision) } catch { throw Self.lintError(error) }
        guard let commit else {
            throw .input("unknown revision '\(revision)' for lint --since"
                + (repository.isShallow ? "; this is a shallow clone: run 'git fetch --tags --unshallow' first" : "; check the tag or branch name ('git tag --list')"))
        }
        return commit
    }

    /// Blobs at `commit` whose repository-relative path passes `include`.
    func blobs(at commit: String, where include: (String) -> Bool) throws(LintError) -> [Blob] {
        do { return try repository.files(at: commit, where: include) } catch { throw Self.lintError(error) }
    }

    /// git that cannot run (or runs too long) is the set-up's problem; a failing command
    /// is about the input it was given.
    private static func lintError(_ error: GitError) -> LintError {
        switch error {
        case .gitNotFound, .timedOut: return .setup(error.message)
        default: return .input(error.message)
        }
    }
}
