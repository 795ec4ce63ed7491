import Foundation

/// A git work tree, driven through the `git` executable (no library): the answers are
/// the ones the user's own git gives.
public struct GitRepository: Sendable {
    static let timeout: TimeInterval = 60

    /// The top-level directory of the work tree.
    public let root: String
    private let environment: [String: String]

    /// Opens the work tree containing `directory`.
    public init(containing directory: String, environment: [String: String]) throws(GitError) {
        var environment = environment
        // Stable, parseable output whatever the user's locale and settings; never prompt.
        environment["LC_ALL"] = "C"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["GIT_PAGER"] = "cat"
        self.environment = environment
        let result = try Self.run(["rev-parse", "--show-toplevel"], in: directory, environment: environment)
        guard result.status == 0 else {
            let text = result.stderr.lowercased()
            if text.contains("not a git repository") || text.contains("must be run in a work tree") {
                throw .notARepository(directory)
            }
            throw .commandFailed(arguments: ["rev-parse", "--show-toplevel"], status: result.status, detail: Self.firstLine(result.stderr))
        }
        root = result.stdout.trimmingCharacters(in: .newlines)
    }

    /// Runs git in the work tree; a non-zero exit is an error.
    @discardableResult
    public func run(_ arguments: [String], input: Data? = nil) throws(GitError) -> String {
        let result = try Self.run(arguments, in: root, environment: environment, input: input)
        guard result.status == 0 else {
            throw .commandFailed(arguments: arguments, status: result.status, detail: Self.firstLine(result.stderr))
        }
        return result.stdout
    }

    /// Runs git and returns the raw result, for commands whose failure is an answer.
    public func attempt(_ arguments: [String], input: Data? = nil) throws(GitError) -> ProcessResult {
        try Self.run(arguments, in: root, environment: environment, input: input)
    }

    private static func run(
        _ arguments: [String], in directory: String, environment: [String: String], input: Data? = nil
    ) throws(GitError) -> ProcessResult {
        let request = ProcessRequest(
            executable: "git", arguments: arguments, environment: environment,
            workingDirectory: directory, timeout: timeout, standardInput: input)
        let result: ProcessResult
        do {
            result = try ProcessRunner.run(request)
        } catch {
            if case .notFound = error { throw .gitNotFound }
            throw .commandFailed(arguments: arguments, status: -1, detail: error.message)
        }
        if result.timedOut { throw .timedOut(arguments: arguments) }
        return result
    }

    static func firstLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
    }

    // MARK: - Questions the change detection asks

    public var isShallow: Bool {
        get throws(GitError) { try run(["rev-parse", "--is-shallow-repository"]).hasPrefix("true") }
    }

    /// The commit HEAD points at, or nil in a repository without commits.
    public func head() throws(GitError) -> String? {
        let result = try attempt(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// The commit a revision names, or nil when it names none.
    public func commit(for revision: String) throws(GitError) -> String? {
        guard !revision.hasPrefix("-") else { return nil }
        let result = try attempt(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"])
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// The nearest tag reachable from HEAD (annotated or lightweight), optionally
    /// matching a glob; nil when there is none.
    public func nearestTag(matching pattern: String?, from revision: String = "HEAD") throws(GitError) -> String? {
        var arguments = ["describe", "--tags", "--abbrev=0"]
        if let pattern { arguments += ["--match", pattern] }
        arguments.append(revision)
        let result = try attempt(arguments)
        if result.status == 0 { return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        let text = result.stderr.lowercased()
        if text.contains("no names found") || text.contains("no tags can describe") || text.contains("cannot describe") {
            return nil
        }
        throw .commandFailed(arguments: arguments, status: result.status, detail: Self.firstLine(result.stderr))
    }

    /// Files that differ between `base` and the working tree (committed, staged and
    /// unstaged changes), with renames detected.
    public func changes(since base: String) throws(GitError) -> [ChangedFile] {
        ChangedFile.parseNameStatus(try run(["diff", "--name-status", "-z", "-M", "--no-ext-diff", "--no-color", base, "--"]))
    }

    /// Paths with uncommitted changes (staged or not) relative to HEAD.
    public func uncommittedPaths() throws(GitError) -> Set<String> {
        guard try head() != nil else { return [] }
        let output = try run(["diff", "--name-only", "-z", "--no-ext-diff", "HEAD", "--"])
        return Set(output.split(separator: "\0").map(String.init))
    }

    /// Untracked files that are not ignored.
    public func untrackedPaths() throws(GitError) -> [String] {
        try run(["ls-files", "--others", "--exclude-standard", "-z"]).split(separator: "\0").map(String.init)
    }

    /// Every tracked file at a commit.
    public func trackedPaths(at commit: String) throws(GitError) -> [String] {
        try run(["ls-tree", "-r", "-z", "--name-only", "--full-tree", commit]).split(separator: "\0").map(String.init)
    }

    /// The contents of files at a commit, read with one `git cat-file --batch`; a path
    /// missing at that commit maps to nil.
    public func contents(of paths: [String], at commit: String) throws(GitError) -> [String: Data?] {
        let usable = paths.filter { !$0.contains("\n") }
        guard !usable.isEmpty else { return [:] }
        let input = usable.map { "\(commit):\($0)\n" }.joined()
        let result = try attempt(["cat-file", "--batch"], input: Data(input.utf8))
        guard result.status == 0 else {
            throw .commandFailed(arguments: ["cat-file", "--batch"], status: result.status, detail: Self.firstLine(result.stderr))
        }
        return try Self.parseBatch(result.standardOutput, paths: usable)
    }

    /// `<sha> <type> <size>\n<bytes>\n` per object, or `<name> missing\n`.
    static func parseBatch(_ data: Data, paths: [String]) throws(GitError) -> [String: Data?] {
        let bytes = [UInt8](data)
        var index = 0
        var contents: [String: Data?] = [:]
        for path in paths {
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else {
                throw .commandFailed(arguments: ["cat-file", "--batch"], status: 0, detail: "output ended early")
            }
            let header = String(decoding: bytes[index..<newline], as: UTF8.self)
            index = newline + 1
            // `<sha> blob <size>`; anything else (`<name> missing`, a tree) has no content.
            let parts = header.split(separator: " ")
            guard !header.hasSuffix(" missing"), parts.count == 3, let size = Int(parts[2]), size >= 0,
                  index + size <= bytes.count else {
                contents.updateValue(nil, forKey: path)
                continue
            }
            contents.updateValue(parts[1] == "blob" ? Data(bytes[index..<index + size]) : nil, forKey: path)
            index += size + 1
        }
        return contents
    }
}
