import Foundation

/// A git work tree, driven through the `git` executable (no library): the answers are
/// the ones the user's own git gives.
package struct GitRepository: Sendable {
    static let timeout: TimeInterval = 60

    /// The top-level directory of the work tree.
    package let root: String
    /// A shallow clone: history (and so tags) may be missing.
    package let isShallow: Bool
    /// The commit HEAD pointed at when the repository was opened; nil without commits.
    package let headWhenOpened: String?
    private let environment: [String: String]

    /// Opens the work tree containing `directory`.
    package init(containing directory: String, environment: [String: String]) throws(GitError) {
        let environment = Self.environment(environment)
        self.environment = environment
        // Three answers in one call: each git call costs a process start. With --verify,
        // a missing HEAD (no commits yet) exits 1 after the first two lines.
        let arguments = ["rev-parse", "--show-toplevel", "--is-shallow-repository", "--verify", "--quiet", "HEAD^{commit}"]
        let result = try Self.run(arguments, in: directory, environment: environment)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard result.status == 0 || (result.status == 1 && lines.count >= 2 && result.stderr.isEmpty) else {
            let text = result.stderr.lowercased()
            if text.contains("not a git repository") || text.contains("must be run in a work tree") {
                throw .notARepository(directory)
            }
            throw .commandFailed(arguments: arguments, status: result.status, detail: Self.firstLine(result.stderr))
        }
        root = lines[0]
        isShallow = lines.count > 1 && lines[1] == "true"
        headWhenOpened = result.status == 0 && lines.count > 2 && !lines[2].isEmpty ? lines[2] : nil
    }

    /// Stable, parseable output whatever the user's locale and settings; never prompt,
    /// never take the index lock (a read-only tool must not block the user's git).
    static func environment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["LC_ALL"] = "C"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["GIT_PAGER"] = "cat"
        return environment
    }

    /// Runs git in the work tree; a non-zero exit is an error.
    @discardableResult
    package func run(_ arguments: [String], input: Data? = nil) throws(GitError) -> String {
        try Self.succeeded(arguments, Self.run(arguments, in: root, environment: environment, input: input, root: root)).stdout
    }

    /// The result of a call that must succeed with all of its output.
    static func succeeded(_ arguments: [String], _ result: ProcessResult) throws(GitError) -> ProcessResult {
        guard result.status == 0 else {
            throw .commandFailed(arguments: arguments, status: result.status, detail: firstLine(result.stderr))
        }
        guard !result.truncated else { throw tooLarge(arguments) }
        return result
    }

    /// Runs git with `-z` output and returns its NUL-separated fields (empty ones left
    /// out), split as bytes: thousands of paths, where a String split walks characters.
    package func fields(_ arguments: [String]) throws(GitError) -> [String] {
        try Self.succeeded(arguments, Self.run(arguments, in: root, environment: environment, root: root)).standardOutput.withUnsafeBytes { bytes in
            bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Runs git and returns the raw result, for commands whose failure is an answer.
    package func attempt(_ arguments: [String], input: Data? = nil) throws(GitError) -> ProcessResult {
        try Self.run(arguments, in: root, environment: environment, input: input, root: root)
    }

    /// The same, for a call that asks again for less when its output is too large: that is
    /// `truncated` (with no output) instead of an error.
    func attemptReportingOverflow(_ arguments: [String], input: Data) throws(GitError) -> ProcessResult {
        try Self.run(arguments, in: root, environment: environment, input: input, output: .captureReportingOverflow, root: root)
    }

    /// Every git call: the repository's configuration cannot make it run a program
    /// (`GitSafety`). `root` (a call inside the opened work tree) adds the repository's
    /// filter drivers, switched off; before the repository is opened only calls that
    /// read no work-tree file run (rev-parse, describe).
    private static func run(
        _ arguments: [String], in directory: String, environment: [String: String], input: Data? = nil,
        output: ProcessOutput = .capture, root: String? = nil
    ) throws(GitError) -> ProcessResult {
        let drivers = try root.map { (root: String) throws(GitError) in
            try GitSafety.filterDrivers(root: root) { (root: String) throws(GitError) in
                let result = try spawn(GitSafety.commandLine(GitSafety.listArguments, filterDrivers: []), shown: GitSafety.listArguments,
                                       in: root, environment: environment)
                // Exit 1: no such setting.
                guard result.status == 0 || (result.status == 1 && result.standardOutput.isEmpty) else {
                    throw .commandFailed(arguments: GitSafety.listArguments, status: result.status, detail: firstLine(result.stderr))
                }
                return result.standardOutput.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            }
        } ?? []
        return try spawn(GitSafety.commandLine(arguments, filterDrivers: drivers), shown: arguments, in: directory,
                         environment: environment, input: input, output: output)
    }

    /// One git process; `arguments` is the command line as the caller gave it, for messages.
    private static func spawn(
        _ commandLine: [String], shown arguments: [String], in directory: String, environment: [String: String],
        input: Data? = nil, output: ProcessOutput = .capture
    ) throws(GitError) -> ProcessResult {
        let request = ProcessRequest(
            executable: "git", arguments: commandLine, environment: environment,
            workingDirectory: directory, timeout: timeout, standardInput: input, output: output)
        let result: ProcessResult
        do {
            result = try ProcessRunner.run(request)
        } catch {
            if case .notFound = error { throw .gitNotFound }
            if case .outputTooLarge = error { throw tooLarge(arguments) }
            throw .commandFailed(arguments: arguments, status: -1, detail: error.message)
        }
        if result.timedOut { throw .timedOut(arguments: arguments) }
        return result
    }

    static func tooLarge(_ arguments: [String]) -> GitError {
        .commandFailed(arguments: arguments, status: 0, detail: "its output is larger than the \(ProcessRunner.captureLimit >> 20) MB this tool reads")
    }

    static func firstLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
    }

    // MARK: - Questions the change detection asks

    /// The commit a revision names, or nil when it names none.
    package func commit(for revision: String) throws(GitError) -> String? {
        guard !revision.hasPrefix("-") else { return nil }
        let result = try attempt(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"])
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// The git directory shared by every worktree of the repository (absolute): `.git` of
    /// the main work tree, also when asked from a linked worktree.
    package func commonDirectory() throws(GitError) -> String {
        let path = try run(["rev-parse", "--git-common-dir"]).trimmingCharacters(in: .newlines)
        return path.hasPrefix("/") ? path : root + "/" + path
    }

    /// Every tag's name (without `refs/tags/`), in git's order. Names cannot hold control
    /// characters (git-check-ref-format), so one per line is exact.
    package func tagNames() throws(GitError) -> [String] {
        try run(["for-each-ref", "--format=%(refname:strip=2)", "refs/tags"]).split(separator: "\n").map(String.init)
    }

    /// The nearest tag reachable from HEAD (annotated or lightweight), optionally
    /// matching a glob; nil when there is none.
    package func nearestTag(matching pattern: String?, from revision: String = "HEAD") throws(GitError) -> String? {
        try Self.nearestTag(matching: pattern, from: revision, in: root, environment: environment)
    }

    /// The same, asked in any directory of the work tree before the repository is opened
    /// (change detection asks both at once).
    static func nearestTag(
        matching pattern: String?, from revision: String = "HEAD", in directory: String, environment: [String: String]
    ) throws(GitError) -> String? {
        var arguments = ["describe", "--tags", "--abbrev=0"]
        if let pattern { arguments += ["--match", pattern] }
        arguments.append(revision)
        let result = try run(arguments, in: directory, environment: Self.environment(environment))
        if result.status == 0 { return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        let text = result.stderr.lowercased()
        if text.contains("no names found") || text.contains("no tags can describe") || text.contains("cannot describe") {
            return nil
        }
        throw .commandFailed(arguments: arguments, status: result.status, detail: Self.firstLine(result.stderr))
    }

    /// Files that differ between `base` and the working tree (committed, staged and
    /// unstaged changes), with renames detected, each with the id of its blob at the base
    /// (nil when added).
    package func changes(since base: String) throws(GitError) -> [(file: ChangedFile, baseObject: String?)] {
        ChangedFile.parseRaw(try fields(["diff", "--raw", "-z", "-M", "--no-abbrev", "--no-ext-diff", "--no-color", base, "--"]))
    }

    /// Paths with uncommitted changes (staged or not) relative to HEAD, in a repository
    /// with a HEAD commit.
    package func uncommittedPaths() throws(GitError) -> Set<String> {
        Set(try fields(["diff", "--name-only", "-z", "--no-ext-diff", "HEAD", "--"]))
    }

    /// Every file of the work tree that git knows or would add: tracked files (also ones
    /// deleted from disk but not from the index) and untracked ones that are not ignored,
    /// each once, in git's order; `untracked` is the second kind alone. One call lists both.
    package func workTreeFiles() throws(GitError) -> (all: [String], untracked: [String]) {
        let entries = try fields(["ls-files", "-z", "-t", "--cached", "--others", "--exclude-standard"])
        var all: [String] = [], untracked: [String] = []
        var seen = Set<String>()
        // `<tag> <path>`: `?` marks an untracked file; H, S, M, C... tracked ones (an
        // unmerged path is listed once per stage).
        for entry in entries where entry.utf8.count > 2 {
            let path = String(decoding: entry.utf8.dropFirst(2), as: UTF8.self)
            guard seen.insert(path).inserted else { continue }
            all.append(path)
            if entry.utf8.first == UInt8(ascii: "?") { untracked.append(path) }
        }
        return (all, untracked)
    }

    /// Blobs by name (an object id, or `<commit>:<path>`, which costs git a tree walk), in
    /// request order, read with one `git cat-file --batch`; nil for a name that names no
    /// blob.
    func objects(_ names: [String]) throws(GitError) -> [[UInt8]?] {
        let arguments = ["cat-file", "--batch"]
        return try CatFileBatch.read(names, call: { (batch: [String]) throws(GitError) -> CatFileBatch.Call in
            let result = try attemptReportingOverflow(arguments, input: Data(batch.map { $0 + "\n" }.joined().utf8))
            guard result.status == 0 else {
                throw .commandFailed(arguments: arguments, status: result.status, detail: Self.firstLine(result.stderr))
            }
            return CatFileBatch.Call(output: [UInt8](result.standardOutput), truncated: result.truncated)
        }, malformed: { .commandFailed(arguments: arguments, status: 0, detail: $0.detail) })
    }
}
