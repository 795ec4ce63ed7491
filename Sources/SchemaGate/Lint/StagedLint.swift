import Foundation

/// `lint --staged` (what the pre-commit hook runs): the commit's content, judged as part of
/// the whole app. A file linted alone is judged wrongly: a relationship's inverse, the model
/// a registration names and the type of a to-one property live in other files. So the
/// index's content of every file lint reads is checked out (`StagedSnapshot`) and linted as
/// `lint .` lints a checkout, and the report keeps what is this commit's: findings in the
/// staged files, findings elsewhere that the commit introduces (not there at HEAD), and any
/// input that could not be read (the verdict would rest on it).
public enum StagedLint {
    public static func run(
        _ snapshot: StagedSnapshot, runner: LintRunner, overrides: LintOverrides, environment: [String: String]
    ) throws(LintError) -> Report {
        let whole = try lint(snapshot.directory, runner: runner, overrides: overrides, environment: environment)
        let staged = Set(snapshot.staged)
        var kept: [Finding] = [], elsewhere: [Finding] = []
        for finding in whole.findings {
            if let file = finding.file, !staged.contains(file), !LintEngine.inputErrorCodes.contains(finding.code) {
                elsewhere.append(finding)
            } else {
                kept.append(finding)
            }
        }
        var notes = whole.notes
        if !elsewhere.isEmpty {
            let before = try findingsAtHEAD(snapshot, runner: runner, overrides: overrides, environment: environment)
            let introduced = elsewhere.filter { !before.contains(Key($0)) }
            kept += introduced
            let left = elsewhere.count - introduced.count
            if left > 0 {
                notes.append("\(plural(left, "finding")) in files this commit does not change, there before it too, not shown: 'cloudkit-schema lint .' shows them.")
            }
        }
        notes.insert("Judged the \(plural(snapshot.staged.count, "staged file")) with the index's \(plural(snapshot.checkedOut, "file")) lint reads; shown: findings in the staged files and those this commit introduces elsewhere.", at: 0)
        let findings = kept.sorted(by: LintEngine.order)
        if whole.status == .error { return Report(command: "lint", status: .error, findings: findings, notes: notes) }
        return Report(command: "lint", findings: findings, notes: notes)
    }

    /// A folder linted as a checkout, paths shown relative to it (repository paths).
    static func lint(
        _ directory: String, runner: LintRunner, overrides: LintOverrides, environment: [String: String]
    ) throws(LintError) -> Report {
        try runner.run(LintRequest(paths: [directory], overrides: overrides, workingDirectory: directory, environment: environment))
    }

    /// What the same lint finds in HEAD's content (nothing before the first commit).
    static func findingsAtHEAD(
        _ snapshot: StagedSnapshot, runner: LintRunner, overrides: LintOverrides, environment: [String: String]
    ) throws(LintError) -> Set<Key> {
        guard let head = try snapshot.checkOutHEAD(environment: environment) else { return [] }
        defer { ScratchFolder.remove(head) }
        return Set(try lint(head, runner: runner, overrides: overrides, environment: environment).findings.map(Key.init))
    }

    /// A finding as it would read at HEAD: same rule, place and words. A file the commit
    /// does not change has the same lines at HEAD, so an unchanged finding matches exactly.
    struct Key: Hashable {
        var code: String, file: String?, line: Int?, message: String
        init(_ finding: Finding) {
            (code, file, line, message) = (finding.code, finding.file, finding.line, finding.message)
        }
    }
}

/// The index's content of every file lint reads, checked out into a scratch folder in
/// the repository's layout: Swift files, Core Data bundles, entitlements, Info.plists,
/// Xcode project files and `.cloudkit-schema.json` (rule severities), outside the folders
/// lint never walks.
public struct StagedSnapshot: Sendable {
    /// The scratch folder: the repository's layout, holding only what was checked out.
    public let directory: String
    /// The repository the index belongs to (its root, as git prints it).
    public let repositoryRoot: String
    /// The staged files lint reads, deleted ones included (repository-relative).
    public let staged: [String]
    /// How many files were checked out.
    public let checkedOut: Int
    /// The staged configuration inside the snapshot, when the index has one.
    public let configurationFile: String?
    private let repository: GitRepository

    /// Checks the index out; nil when the commit stages nothing lint reads. `environment`
    /// keeps `GIT_INDEX_FILE`: `git commit -a` and `git commit PATH` commit from an index
    /// of their own, and that is the content to lint.
    public static func make(workingDirectory: String, environment: [String: String]) throws(LintError) -> StagedSnapshot? {
        let repository: GitRepository
        do {
            repository = try GitRepository(containing: workingDirectory, environment: environment)
        } catch {
            throw .input("lint --staged reads the git index: \(error.message)")
        }
        let staged: [String], indexed: [String]
        do {
            staged = try repository.fields(["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMRD", "--no-renames"])
            indexed = try repository.fields(["ls-files", "-z", "--cached"])
        } catch {
            throw .setup("could not list the staged files: \(error.message)")
        }
        let inputs = staged.filter { LintScope.readsByName($0) && !LintScope.isInSkippedFolder($0) }
        guard !inputs.isEmpty else { return nil }
        let files = selection(indexed)
        let directory = try scratchDirectory(environment)
        do {
            try checkOut(files, into: directory, repository)
        } catch {
            ScratchFolder.remove(directory)
            throw error
        }
        let configuration = directory + "/" + ConfigFile.fileName
        return StagedSnapshot(
            directory: directory, repositoryRoot: repository.root, staged: inputs, checkedOut: files.count,
            configurationFile: FileManager.default.fileExists(atPath: configuration) ? configuration : nil,
            repository: repository)
    }

    /// HEAD's content of the same selection, in a scratch folder of its own (the caller
    /// removes it); nil before the first commit. Read through a temporary index, so the
    /// user's index and work tree are never touched.
    func checkOutHEAD(environment: [String: String]) throws(LintError) -> String? {
        guard repository.headWhenOpened != nil else { return nil }
        let directory = try Self.scratchDirectory(environment)
        var headEnvironment = environment
        headEnvironment["GIT_INDEX_FILE"] = directory + "/.head-index"
        let head: GitRepository
        let indexed: [String]
        do throws(GitError) {
            head = try GitRepository(containing: repositoryRoot, environment: headEnvironment)
            try head.run(["read-tree", "HEAD"])
            indexed = try head.fields(["ls-files", "-z", "--cached"])
        } catch {
            ScratchFolder.remove(directory)
            throw .setup("could not read HEAD's files to compare with the index: \(error.message)")
        }
        do {
            try Self.checkOut(Self.selection(indexed), into: directory, head)
        } catch {
            ScratchFolder.remove(directory)
            throw error
        }
        try? FileManager.default.removeItem(atPath: directory + "/.head-index")
        return directory
    }

    /// The indexed files lint reads: by name, outside folders lint never walks, and the
    /// configuration. Xcode project files too (the project's build settings are the
    /// app's configuration), though their folders are not walked for sources.
    static func selection(_ indexed: [String]) -> [String] {
        indexed.filter { path in
            path == ConfigFile.fileName || isProjectFile(path)
                || (LintScope.readsByName(path) && !LintScope.isInSkippedFolder(path))
        }
    }

    /// `App.xcodeproj/project.pbxproj`.
    static func isProjectFile(_ path: String) -> Bool {
        path.hasSuffix(".xcodeproj/project.pbxproj") && !path.split(separator: "/").dropLast().contains { $0.hasPrefix(".") }
    }

    private static func checkOut(_ files: [String], into directory: String, _ repository: GitRepository) throws(LintError) {
        guard !files.isEmpty else { return }
        let input = Data(files.map { $0 + "\0" }.joined().utf8)
        do throws(GitError) {
            try repository.run(["checkout-index", "-f", "-z", "--stdin", "--prefix=\(directory)/"], input: input)
        } catch {
            throw .setup("could not check the staged files out of the index: \(error.message)")
        }
    }

    /// Removes the scratch folder (only the one `make` created).
    public func remove() {
        ScratchFolder.remove(directory)
    }

    /// A fresh folder under TMPDIR, by the tool's one TMPDIR rule (and removed on a signal).
    private static func scratchDirectory(_ environment: [String: String]) throws(LintError) -> String {
        do {
            return try ScratchFolder.create(prefix: "cloudkit-schema-staged-", environment: environment)
        } catch {
            throw .setup("the staged files cannot be checked out: \(error.message)")
        }
    }
}
