import Foundation
import ModelSource
import SchemaGateBasics

/// Finds the base (nearest release tag or `--since`), lists what changed since then
/// (committed, staged, unstaged, untracked; renames and deletions included) and marks
/// the model-touching files.
package struct ChangeDetector: Sendable {
    package var workingDirectory: String
    package var environment: [String: String]
    /// `--since REF`; overrides the tag.
    package var since: String?
    /// Glob for release tags (`v*`); nil takes any tag.
    package var tagPattern: String?
    /// Configured model paths (absolute); empty when none are configured.
    package var modelPaths: [String]
    /// What the model reader reads (absolute paths); nil: the repository's top level.
    package var readerPaths: [String]?

    package init(workingDirectory: String, environment: [String: String], since: String? = nil,
                tagPattern: String? = nil, modelPaths: [String] = [], readerPaths: [String]? = nil) {
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.since = since
        self.tagPattern = tagPattern
        self.modelPaths = modelPaths
        self.readerPaths = readerPaths
    }

    /// Git's answers, and the contents read to classify the changed files. `timer`, when
    /// given, gets the time spent asking git and classifying.
    package func detect(timer: PhaseTimer? = nil) throws(GitError) -> DetectedChanges {
        let timer = timer ?? PhaseTimer()
        let (repository, base) = try timer.measure("changes: find the base") { () throws(GitError) in try findBase() }
        var detected = DetectedChanges(
            report: ChangeReport(repositoryRoot: repository.root, base: base, head: repository.headWhenOpened,
                                 shallow: repository.isShallow, files: []),
            repository: repository, contents: ChangeContents())
        guard let baseCommit = base.commit else { return detected }
        // The reader's walk (directory listings only) runs while git lists the changes.
        let readerPaths = (self.readerPaths ?? [repository.root]).map { CanonicalPath($0).path }
        let plan = BackgroundTask { () -> [String] in ModelReader.files(paths: readerPaths, workingDirectory: nil) }
        let listed = try timer.measure("changes: list changed files") { () throws(GitError) in
            try listChanges(repository, since: baseCommit, hasHead: repository.headWhenOpened != nil)
        }
        detected.report.files = listed.files
        detected.contents.workTreeFiles = listed.workTree
        detected.contents.reader = timer.measure("changes: the model reader's files") {
            ReaderFileSet(
                planned: plan.value(), canonicalPaths: readerPaths, root: CanonicalPath(repository.root).path,
                known: Set(listed.workTree))
        }
        try timer.measure("changes: classify") { () throws(GitError) in
            try classify(&detected, base: baseCommit, baseName: base.name ?? baseCommit, baseObjects: listed.baseObjects)
        }
        timer.measure("changes: files git has no history for") { Self.addUnversioned(&detected) }
        return detected
    }

    /// The reader's files git has no history for, each listed when the reader takes
    /// anything from it (or cannot read it): they make the model change unknown.
    private static func addUnversioned(_ detected: inout DetectedChanges) {
        let candidates = detected.contents.reader.unversioned
        guard !candidates.isEmpty else { return }
        var readable: [ModelSourceFile] = []
        var unreadable = Set<String>()
        for file in candidates {
            if case .success(let bytes) = FileSystem.readRegularFile(file.readFrom) {
                readable.append(ModelSourceFile(path: file.path, contents: bytes))
            } else {
                unreadable.insert(file.path)
            }
        }
        let parsed = ModelReader.parse(readable)
        for file in candidates where unreadable.contains(file.path) || parsed.contributes(at: file.path) {
            detected.report.files.append(ChangedFile(path: file.path, change: .unversioned, uncommitted: true, reasons: [file.why]))
        }
        detected.report.files.sort { $0.path < $1.path }
    }

    /// The repository and the release measured from: `--since`, else the nearest release
    /// tag (the one before HEAD's own, when HEAD carries one). The gate's evolution rules
    /// compare with it; `changed` lists the changes since it.
    package func findBase() throws(GitError) -> (repository: GitRepository, base: ChangeReport.Base) {
        // The nearest tag is asked while the repository is opened: two git calls at once.
        let (directory, environment, pattern) = (workingDirectory, self.environment, tagPattern)
        let nearestTag = since != nil ? nil : BackgroundTask { () throws(GitError) in
            try GitRepository.nearestTag(matching: pattern, in: directory, environment: environment)
        }
        let repository = try GitRepository(containing: workingDirectory, environment: environment)
        return (repository, try findBase(repository, head: repository.headWhenOpened, nearestTag: nearestTag))
    }

    private func findBase(
        _ repository: GitRepository, head: String?, nearestTag: BackgroundTask<String?, GitError>?
    ) throws(GitError) -> ChangeReport.Base {
        let shallow = repository.isShallow
        if let since {
            guard let commit = try repository.commit(for: since) else { throw .unknownRevision(since, shallow: shallow) }
            return .revision(name: since, commit: commit)
        }
        guard let head else {
            return .none(reason: "the repository has no commits yet")
        }
        let what = tagPattern.map { "no tag matching '\($0)'" } ?? "no tag"
        let found: String?
        if let nearestTag { found = try nearestTag.value() } else { found = try repository.nearestTag(matching: tagPattern) }
        guard let tag = found else {
            if shallow { throw .shallowWithoutTags(pattern: tagPattern) }
            return .none(reason: "\(what) is reachable from HEAD, so there is no previous release to compare with")
        }
        try Self.requireOneFamily(repository, pattern: tagPattern)
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

    /// The release tags (the pattern's, or every tag) must be one family, or the release
    /// before this one could be another app's (ReleaseTagFamily).
    static func requireOneFamily(_ repository: GitRepository, pattern: String?) throws(GitError) {
        var tags = try repository.tagNames()
        if let pattern, let glob = try? ReleaseTagPattern(pattern) { tags = tags.filter(glob.matches) }
        let families = ReleaseTagFamily.families(tags)
        guard families.count > 1 else { return }
        throw .mixedTagFamilies(pattern: pattern, families: families)
    }

    /// The changed files (uncommitted ones marked, untracked ones added) and the work
    /// tree's file list: three independent git calls, run at the same time.
    private func listChanges(
        _ repository: GitRepository, since base: String, hasHead: Bool
    ) throws(GitError) -> (files: [ChangedFile], baseObjects: [String: String], workTree: [String]) {
        let uncommittedCall = BackgroundTask { () throws(GitError) -> Set<String> in
            hasHead ? try repository.uncommittedPaths() : []
        }
        let workTreeCall = BackgroundTask { () throws(GitError) in try repository.workTreeFiles() }
        let changes = try repository.changes(since: base)
        var files = changes.map(\.file)
        var baseObjects: [String: String] = [:]
        for (file, object) in changes { if let object { baseObjects[file.previousPath ?? file.path] = object } }
        let uncommitted = try uncommittedCall.value()
        let workTree = try workTreeCall.value()
        for index in files.indices {
            let file = files[index]
            files[index].uncommitted = uncommitted.contains(file.path) || file.previousPath.map(uncommitted.contains) == true
        }
        files += workTree.untracked.map { ChangedFile(path: $0, change: .untracked, uncommitted: true) }
        return (files, baseObjects, workTree.all)
    }

    /// Marks the model-touching files. The base contents of changed model sources come
    /// from one `git cat-file --batch`, which runs while the current ones are read and
    /// parsed. Each version is parsed once, here, and kept for the model comparison.
    private func classify(
        _ detected: inout DetectedChanges, base: String, baseName: String, baseObjects: [String: String]
    ) throws(GitError) {
        let repository = detected.repository, root = repository.root
        var files = detected.report.files
        // A path with a newline cannot be asked for (it would end the request line).
        let basePaths = Array(Set(files.filter { $0.change != .added && $0.change != .untracked }
            .map { $0.previousPath ?? $0.path }.filter { ChangeContents.isModelSource($0) && !$0.utf8.contains(0x0A) }))
        // By object id where the diff gave one: `<commit>:<path>` would cost git a walk
        // down the base's trees for every path (twice the time on a large change).
        let names = basePaths.map { baseObjects[$0] ?? "\(base):\($0)" }
        let baseCall = BackgroundTask { () throws(GitError) in try repository.objects(names) }

        var currentFiles: [ModelSourceFile] = []
        for file in files where file.change != .deleted && ChangeContents.isModelSource(file.path) {
            if case .success(let bytes) = FileSystem.readRegularFile(root + "/" + file.path) {
                currentFiles.append(ModelSourceFile(path: file.path, contents: bytes))
            }
        }
        let classifier = ModelFileClassifier(modelPaths: modelPaths)
        detected.contents.current = ModelReader.parse(currentFiles)
        let current = Self.roles(currentFiles, parsed: detected.contents.current)

        let baseFiles = zip(basePaths, try baseCall.value()).compactMap { path, bytes in bytes.map { ModelSourceFile(path: path, contents: $0) } }
        detected.contents.base = ModelReader.parse(baseFiles)
        detected.contents.baseRequested = Set(basePaths)
        let old = Self.roles(baseFiles, parsed: detected.contents.base)
        for index in files.indices {
            let file = files[index]
            files[index].reasons = classifier.reasons(
                path: file.path, previousPath: file.previousPath, root: root, current: current[file.path],
                base: old[file.previousPath ?? file.path], baseName: baseName)
        }
        detected.report.files = files.sorted { $0.path < $1.path }
    }

    /// What each Swift file does with models, from its parse and (for Core Data stack
    /// code) its bytes.
    private static func roles(_ files: [ModelSourceFile], parsed: ParsedFiles) -> [String: ModelFileClassifier.Roles] {
        var roles: [String: ModelFileClassifier.Roles] = [:]
        for file in files where file.path.hasSuffix(".swift") {
            guard let parsedRoles = parsed.modelRoles(of: file.path) else { continue }
            roles[file.path] = ModelFileClassifier.roles(parsedRoles, bytes: file.contents)
        }
        return roles
    }
}
