import Foundation

/// Finds the base (nearest release tag or `--since`), lists what changed since then
/// (committed, staged, unstaged, untracked; renames and deletions included) and marks
/// the model-touching files.
public struct ChangeDetector: Sendable {
    public var workingDirectory: String
    public var environment: [String: String]
    /// `--since REF`; overrides the tag.
    public var since: String?
    /// Glob for release tags (`v*`); nil takes any tag.
    public var tagPattern: String?
    /// Configured model paths (absolute); empty when none are configured.
    public var modelPaths: [String]

    public init(workingDirectory: String, environment: [String: String], since: String? = nil,
                tagPattern: String? = nil, modelPaths: [String] = []) {
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.since = since
        self.tagPattern = tagPattern
        self.modelPaths = modelPaths
    }

    public func detect() throws(GitError) -> (ChangeReport, GitRepository) {
        let repository = try GitRepository(containing: workingDirectory, environment: environment)
        let shallow = try repository.isShallow
        let base = try findBase(repository, shallow: shallow)
        let head = try repository.head()
        var report = ChangeReport(repositoryRoot: repository.root, base: base, head: head, shallow: shallow, files: [])
        guard let baseCommit = base.commit else { return (report, repository) }
        report.files = try changedFiles(repository, since: baseCommit, baseName: base.name ?? baseCommit)
        return (report, repository)
    }

    private func findBase(_ repository: GitRepository, shallow: Bool) throws(GitError) -> ChangeReport.Base {
        if let since {
            guard let commit = try repository.commit(for: since) else { throw .unknownRevision(since, shallow: shallow) }
            return .revision(name: since, commit: commit)
        }
        guard let head = try repository.head() else {
            return .none(reason: "the repository has no commits yet")
        }
        let what = tagPattern.map { "no tag matching '\($0)'" } ?? "no tag"
        guard let tag = try repository.nearestTag(matching: tagPattern) else {
            if shallow { throw .shallowWithoutTags(pattern: tagPattern) }
            return .none(reason: "\(what) is reachable from HEAD, so there is no previous release to compare with")
        }
        guard let commit = try repository.commit(for: "refs/tags/\(tag)") else {
            throw .unknownRevision(tag, shallow: shallow)
        }
        guard commit == head else { return .tag(name: tag, commit: commit) }
        // HEAD carries the tag: it is the release being made (a CI job for a pushed tag, a
        // script run after tagging). Measuring from it would find nothing and pass
        // unchecked, so measure from the release before it.
        guard try repository.commit(for: "HEAD^") != nil,
              let previous = try repository.nearestTag(matching: tagPattern, from: "HEAD^") else {
            if shallow { throw .shallowWithoutTags(pattern: tagPattern) }
            return .none(reason: "\(tag) points at HEAD (the release being made) and \(what) is reachable before it, so there is no previous release to compare with")
        }
        guard let previousCommit = try repository.commit(for: "refs/tags/\(previous)") else {
            throw .unknownRevision(previous, shallow: shallow)
        }
        return .tag(name: previous, commit: previousCommit)
    }

    private func changedFiles(_ repository: GitRepository, since base: String, baseName: String) throws(GitError) -> [ChangedFile] {
        let uncommitted = try repository.uncommittedPaths()
        var files = try repository.changes(since: base)
        for index in files.indices {
            let file = files[index]
            files[index].uncommitted = uncommitted.contains(file.path) || file.previousPath.map(uncommitted.contains) == true
        }
        files += try repository.untrackedPaths().map { ChangedFile(path: $0, change: .untracked, uncommitted: true) }

        // Old contents of Swift files, in one git call, to see what they declared before.
        let oldPaths = files.filter { $0.change != .added && $0.change != .untracked }
            .map { $0.previousPath ?? $0.path }.filter { $0.hasSuffix(".swift") }
        let oldContents = try repository.contents(of: oldPaths, at: base)
        let classifier = ModelFileClassifier(modelPaths: modelPaths)
        for index in files.indices {
            let file = files[index]
            let current = file.change == .deleted || !file.path.hasSuffix(".swift")
                ? nil : FileManager.default.contents(atPath: repository.root + "/" + file.path)
            let old = oldContents[file.previousPath ?? file.path] ?? nil
            files[index].reasons = classifier.reasons(
                path: file.path, previousPath: file.previousPath, root: repository.root,
                current: current, base: old, baseName: baseName)
        }
        return files.sorted { $0.path < $1.path }
    }
}
