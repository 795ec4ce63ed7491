import Foundation

/// `lint --staged` (what the pre-commit hook runs): the commit's content, judged as part of
/// the whole app. A file linted alone is judged wrongly: a relationship's inverse, the model
/// a registration names and the type of a to-one property live in other files. So the
/// index's content of every file lint reads is checked out (`StagedSnapshot`) and linted as
/// `lint .` lints a checkout, and the report keeps what is this commit's: findings in the
/// staged files, findings elsewhere that the commit introduces (not there at HEAD), and any
/// input that could not be read (the verdict would rest on it).
package enum StagedLint {
    package static func run(
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
        notes.insert("Judged the \(plural(snapshot.staged.count, "staged file")) with the index's \(plural(snapshot.indexed, "file")) lint reads (\(snapshot.written) of them can hold a model or a store configuration); shown: findings in the staged files and those this commit introduces elsewhere.", at: 0)
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

/// The index's content of every file lint reads, written into a scratch folder in the
/// repository's layout: Swift files, Core Data bundles, entitlements, Info.plists, Xcode
/// project files and `.cloudkit-schema.json` (rule severities), outside the folders lint
/// never walks. A Swift file neither the model reader nor the store-configuration rules
/// would read (the same byte tests they skip files by) is left out: the findings are the
/// same, and an app of thousands of views need not be written out on every commit.
package struct StagedSnapshot: Sendable {
    /// The scratch folder: the repository's layout, holding only what was written.
    package let directory: String
    /// The repository the index belongs to (its root, as git prints it).
    package let repositoryRoot: String
    /// The staged files lint reads, deleted ones included (repository-relative).
    package let staged: [String]
    /// How many files lint reads the index has, and how many of them were written.
    package let indexed: Int
    package let written: Int
    /// The staged configuration inside the snapshot, when the index has one.
    package let configurationFile: String?
    private let repository: GitRepository

    /// Writes the index out; nil when the commit stages nothing lint reads. `environment`
    /// keeps `GIT_INDEX_FILE`: `git commit -a` and `git commit PATH` commit from an index
    /// of their own, and that is the content to lint.
    package static func make(workingDirectory: String, environment: [String: String]) throws(LintError) -> StagedSnapshot? {
        let repository: GitRepository
        do {
            repository = try GitRepository(containing: workingDirectory, environment: environment)
        } catch {
            throw .input("lint --staged reads the git index: \(error.message)")
        }
        let staged: [String], entries: [Entry]
        do {
            staged = try repository.fields(["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMRD", "--no-renames"])
            let listing = try repository.fields(["ls-files", "-z", "--stage"])
            entries = Entry.parse(listing, index: true) { $0 == ConfigFile.fileName || isProjectFile($0) || LintScope.readsByName($0) }
        } catch {
            throw .setup("could not list the staged files: \(error.message)")
        }
        let inputs = staged.filter { LintScope.readsByName($0) && !LintScope.isInSkippedFolder($0) }
        guard !inputs.isEmpty else { return nil }
        let directory = try scratchDirectory(environment)
        let selected = selection(entries)
        let written: Int
        do {
            written = try write(selected, into: directory, repository)
        } catch {
            ScratchFolder.remove(directory)
            throw error
        }
        let configuration = directory + "/" + ConfigFile.fileName
        return StagedSnapshot(
            directory: directory, repositoryRoot: repository.root, staged: inputs, indexed: selected.count, written: written,
            configurationFile: FileManager.default.fileExists(atPath: configuration) ? configuration : nil,
            repository: repository)
    }

    /// A file as the index stages it (a repository path); nil when the index lacks it.
    package func indexedContents(of path: String) throws(LintError) -> [UInt8]? {
        let result: ProcessResult
        do {
            result = try repository.attempt(["cat-file", "blob", ":" + path])
        } catch {
            throw .setup("could not read \(path) from the git index: \(error.message)")
        }
        guard result.status == 0 else { return nil }
        guard !result.truncated else { throw .setup("\(path) in the git index is larger than the tool reads") }
        return [UInt8](result.standardOutput)
    }

    /// HEAD's content of the same selection, in a scratch folder of its own (the caller
    /// removes it); nil before the first commit. Files the commit does not change are the
    /// same at HEAD, so the snapshot is copied and only the staged files are put back as
    /// HEAD has them (or removed when HEAD lacks them), read from git objects: the user's
    /// index and work tree are never touched.
    func checkOutHEAD(environment: [String: String]) throws(LintError) -> String? {
        guard let head = repository.headWhenOpened else { return nil }
        let entries: [Entry]
        do {
            let changed = Set(staged)
            let listing = try repository.fields(["ls-tree", "-r", "-z", "--full-tree", head])
            entries = Self.selection(Entry.parse(listing, index: false, include: changed.contains))
        } catch {
            throw .setup("could not read HEAD's files to compare with the index: \(error.message)")
        }
        let directory = try Self.scratchDirectory(environment)
        do {
            try Self.copyContents(of: self.directory, into: directory)
            for path in staged { try? FileManager.default.removeItem(atPath: directory + "/" + path) }
            _ = try Self.write(entries, into: directory, repository)
        } catch {
            ScratchFolder.remove(directory)
            throw error
        }
        return directory
    }

    private static func copyContents(of source: String, into destination: String) throws(LintError) {
        do {
            for name in try FileManager.default.contentsOfDirectory(atPath: source) {
                try FileManager.default.copyItem(atPath: source + "/" + name, toPath: destination + "/" + name)
            }
        } catch {
            throw .setup("could not copy the staged snapshot to compare it with HEAD: \(error.localizedDescription)")
        }
    }

    /// One file of the index or of a tree: its path and blob.
    struct Entry {
        var path: String
        var object: String

        /// `ls-files --stage -z` ("<mode> <object> <stage>\t<path>") or `ls-tree -r -z`
        /// ("<mode> blob <object>\t<path>") lines whose path passes `include`; regular
        /// files only (a symbolic link or a submodule has no content lint can read).
        /// Byte-wise: an index lists thousands of files.
        static func parse(_ lines: [String], index: Bool, include: (String) -> Bool = { _ in true }) -> [Entry] {
            lines.compactMap { line in
                let bytes = line.utf8
                guard let tab = bytes.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
                let path = String(line[line.index(after: tab)...])
                guard include(path) else { return nil }
                let fields = line[..<tab].split(separator: " ")
                guard fields.count == 3, fields[0] == "100644" || fields[0] == "100755" else { return nil }
                if index, fields[2] != "0" { return nil }
                if !index, fields[1] != "blob" { return nil }
                return Entry(path: path, object: String(index ? fields[1] : fields[2]))
            }
        }
    }

    /// The files lint reads, by name, outside folders lint never walks, and the
    /// configuration. Xcode project files too (the project's build settings are the
    /// app's configuration), though their folders are not walked for sources.
    static func selection(_ entries: [Entry]) -> [Entry] {
        // One skipped-folder test per folder, not per file: an app keeps thousands of
        // files in a few folders.
        var skippedFolder: [Substring: Bool] = [:]
        func inSkippedFolder(_ path: String) -> Bool {
            let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? ""
            if let known = skippedFolder[folder] { return known }
            let skipped = LintScope.isInSkippedFolder(path)
            skippedFolder[folder] = skipped
            return skipped
        }
        return entries.filter { entry in
            entry.path == ConfigFile.fileName || isProjectFile(entry.path)
                || (LintScope.readsByName(entry.path) && !inSkippedFolder(entry.path))
        }
    }

    /// `App.xcodeproj/project.pbxproj`.
    static func isProjectFile(_ path: String) -> Bool {
        path.hasSuffix(".xcodeproj/project.pbxproj") && !path.split(separator: "/").dropLast().contains { $0.hasPrefix(".") }
    }

    /// Writes the entries lint would read into `directory`; returns how many.
    private static func write(_ entries: [Entry], into directory: String, _ repository: GitRepository) throws(LintError) -> Int {
        guard !entries.isEmpty else { return 0 }
        let blobs: [[UInt8]?]
        do {
            blobs = try repository.objects(entries.map(\.object))
        } catch {
            throw .setup("could not read the staged files from git: \(error.message)")
        }
        var written = 0
        for (entry, blob) in zip(entries, blobs) {
            guard let blob else { throw .setup("git has no blob \(entry.object) for \(entry.path); run 'git fsck' to see why") }
            if entry.path.hasSuffix(".swift"), !LintRunner.mayMatter(swift: blob) { continue }
            let path = directory + "/" + entry.path
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(blob).write(to: URL(fileURLWithPath: path))
            } catch {
                throw .setup("could not write the staged \(entry.path) into \(directory): \(error.localizedDescription)")
            }
            written += 1
        }
        return written
    }

    /// Removes the scratch folder (only the one `make` created).
    package func remove() {
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
