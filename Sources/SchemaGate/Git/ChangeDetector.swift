import Foundation
import ModelSource

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

    /// Git's answers, and the contents read to classify the changed files. `timer`, when
    /// given, gets the time spent asking git and classifying.
    public func detect(timer: PhaseTimer? = nil) throws(GitError) -> DetectedChanges {
        try detect(timer: timer, onModelTouching: nil)
    }

    /// `onModelTouching` is called (at most once, on this thread) as soon as the current
    /// contents show that some file touches the models, while git still fetches the base
    /// versions: a caller can start work that is only worth doing then. It gets the
    /// changes found so far (reasons not filled in yet).
    func detect(timer: PhaseTimer?, onModelTouching: ((DetectedChanges) -> Void)?) throws(GitError) -> DetectedChanges {
        let timer = timer ?? PhaseTimer()
        let (repository, base) = try timer.measure("changes: find the base") { () throws(GitError) in
            let repository = try GitRepository(containing: workingDirectory, environment: environment)
            return (repository, try findBase(repository, head: repository.headWhenOpened))
        }
        var detected = DetectedChanges(
            report: ChangeReport(repositoryRoot: repository.root, base: base, head: repository.headWhenOpened,
                                 shallow: repository.isShallow, files: []),
            repository: repository, contents: ChangeContents())
        guard let baseCommit = base.commit else { return detected }
        let listed = try timer.measure("changes: list changed files") { () throws(GitError) in
            try listChanges(repository, since: baseCommit, hasHead: repository.headWhenOpened != nil)
        }
        detected.report.files = listed.files
        detected.contents.workTreeFiles = listed.workTree
        try timer.measure("changes: classify") { () throws(GitError) in
            try classify(&detected, base: baseCommit, baseName: base.name ?? baseCommit, onModelTouching: onModelTouching)
        }
        return detected
    }

    private func findBase(_ repository: GitRepository, head: String?) throws(GitError) -> ChangeReport.Base {
        let shallow = repository.isShallow
        if let since {
            guard let commit = try repository.commit(for: since) else { throw .unknownRevision(since, shallow: shallow) }
            return .revision(name: since, commit: commit)
        }
        guard let head else {
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

    /// The changed files (uncommitted ones marked, untracked ones added) and the work
    /// tree's file list: three independent git calls, run at the same time.
    private func listChanges(
        _ repository: GitRepository, since base: String, hasHead: Bool
    ) throws(GitError) -> (files: [ChangedFile], workTree: [String]) {
        let uncommittedCall = BackgroundTask { () throws(GitError) -> Set<String> in
            hasHead ? try repository.uncommittedPathsSinceHead() : []
        }
        let workTreeCall = BackgroundTask { () throws(GitError) in try repository.workTreeFiles() }
        var files = try repository.changes(since: base)
        let uncommitted = try uncommittedCall.value()
        let workTree = try workTreeCall.value()
        for index in files.indices {
            let file = files[index]
            files[index].uncommitted = uncommitted.contains(file.path) || file.previousPath.map(uncommitted.contains) == true
        }
        files += workTree.untracked.map { ChangedFile(path: $0, change: .untracked, uncommitted: true) }
        return (files, workTree.all)
    }

    /// Marks the model-touching files. The base contents of changed model sources come
    /// from one `git cat-file --batch`, which runs while the current ones are read and
    /// lexed.
    private func classify(
        _ detected: inout DetectedChanges, base: String, baseName: String, onModelTouching: ((DetectedChanges) -> Void)?
    ) throws(GitError) {
        let repository = detected.repository, root = repository.root
        var files = detected.report.files
        let basePaths = Array(Set(files.filter { $0.change != .added && $0.change != .untracked }
            .map { $0.previousPath ?? $0.path }.filter(ChangeContents.isModelSource)))
        let baseCall = BackgroundTask { () throws(GitError) in try repository.contents(of: basePaths, at: base) }

        let classifier = ModelFileClassifier(modelPaths: modelPaths)
        var current: [ModelFileClassifier.Roles?] = []
        var touching = false
        for file in files {
            var roles: ModelFileClassifier.Roles?
            if file.change != .deleted, ChangeContents.isModelSource(file.path),
               case .success(let bytes) = FileSystem.readRegularFile(root + "/" + file.path) {
                detected.contents.current[file.path] = bytes
                if file.path.hasSuffix(".swift") { roles = ModelFileClassifier.roles(bytes) }
            }
            current.append(roles)
            touching = touching || classifier.touchesModelsNow(path: file.path, previousPath: file.previousPath, root: root, current: roles)
        }
        if touching { onModelTouching?(detected) }

        detected.contents.base = try baseCall.value()
        for index in files.indices {
            let file = files[index], basePath = file.previousPath ?? file.path
            let old = basePath.hasSuffix(".swift") ? detected.contents.base[basePath] ?? nil : nil
            files[index].reasons = classifier.reasons(
                path: file.path, previousPath: file.previousPath, root: root, current: current[index],
                base: { old.map(ModelFileClassifier.roles) }, baseName: baseName)
        }
        detected.report.files = files.sorted { $0.path < $1.path }
    }
}
