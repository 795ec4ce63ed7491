import Foundation

/// Reads files as they were at a git revision straight from the object database
/// (`git ls-tree -r` + `git cat-file --batch`), without checking anything out.
struct GitRevisionReader: Sendable {
    struct Blob: Sendable {
        /// Path relative to the repository root.
        var path: String
        var contents: [UInt8]
    }

    let git: GitProcess
    /// The repository's top-level directory (symlinks resolved, as git prints it).
    let root: String

    init(workingDirectory: String, environment: [String: String]) throws(LintError) {
        git = try GitProcess(workingDirectory: workingDirectory, environment: environment)
        let result = try git.run(["rev-parse", "--show-toplevel"])
        guard result.status == 0 else {
            throw .input("lint --since needs a git work tree, and \(workingDirectory) is not in one (\(result.stderr))")
        }
        root = String(decoding: result.stdout, as: UTF8.self).trimmingWhitespace
    }

    /// The commit a revision names, or an error saying how to get it.
    func commit(_ revision: String) throws(LintError) -> String {
        guard !revision.hasPrefix("-") else { throw .input("'\(revision)' is not a revision; give a tag, branch or commit after --since") }
        let result = try git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"])
        guard result.status == 0 else {
            let shallow = (try? git.run(["rev-parse", "--is-shallow-repository"]))
                .map { String(decoding: $0.stdout, as: UTF8.self).trimmingWhitespace == "true" } ?? false
            throw .input("unknown revision '\(revision)' for lint --since"
                + (shallow ? "; this is a shallow clone: run 'git fetch --tags --unshallow' first" : "; check the tag or branch name ('git tag --list')"))
        }
        return String(decoding: result.stdout, as: UTF8.self).trimmingWhitespace
    }

    /// Blobs at `commit` whose repository-relative path passes `include`.
    func blobs(at commit: String, where include: (String) -> Bool) throws(LintError) -> [Blob] {
        let listing = try git.run(["ls-tree", "-r", "-z", "--full-tree", commit])
        guard listing.status == 0 else { throw .input("git ls-tree \(commit) failed: \(listing.stderr)") }
        var wanted: [(path: String, object: String)] = []
        for entry in listing.stdout.split(separator: 0) {
            // "<mode> SP <type> SP <object> TAB <path>"
            let text = String(decoding: entry, as: UTF8.self)
            guard let tab = text.firstIndex(of: "\t") else { continue }
            let fields = text[..<tab].split(separator: " ")
            let path = String(text[text.index(after: tab)...])
            guard fields.count == 3, fields[1] == "blob", include(path) else { continue }
            wanted.append((path, String(fields[2])))
        }
        guard !wanted.isEmpty else { return [] }
        let objects = try CatFileBatch.read(wanted.map(\.object), call: { (batch: [String]) throws(LintError) -> CatFileBatch.Call in
            let result = try git.run(["cat-file", "--batch"], stdin: Data(batch.map { $0 + "\n" }.joined().utf8), reportingOverflow: true)
            guard result.status == 0 else { throw .input("git cat-file failed: \(result.stderr)") }
            return CatFileBatch.Call(output: [UInt8](result.stdout), truncated: result.truncated)
        }, malformed: { .input("git cat-file returned unexpected output: \($0.detail)") })
        // Every wanted object is a blob ls-tree listed; one too large to read is left out.
        return zip(wanted, objects).compactMap { wanted, contents in contents.map { Blob(path: wanted.path, contents: $0) } }
    }
}
