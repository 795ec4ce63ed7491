import Foundation
import SchemaGateBasics

/// Builds a repository whose last tag is followed by `commits` commits, with git
/// fast-import (seconds, where 10,000 `git commit` calls would take minutes).
enum GitHistory {
    static func create(at directory: String, files: [String], commits: Int) throws {
        try run(["git", "init", "-q", "-b", "main", directory])
        var stream = "reset refs/heads/main\n"
        // Base commit with every file, tagged as the last release.
        stream += "commit refs/heads/main\nmark :1\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata 4\nbase\n"
        var contents: [String: String] = [:]
        for path in files {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            contents[path] = text
            stream += "M 100644 inline \(UserPath.relative(path, to: directory) ?? path)\ndata \(text.utf8.count)\n\(text)\n"
        }
        stream += "reset refs/tags/v1.0.0\nfrom :1\n"
        // Each later commit appends a line to one of every 7th file: most of the tree is
        // untouched, and an edited file keeps what it declares.
        let edited = stride(from: 0, to: files.count, by: 7).map { files[$0] }
        for commit in 0..<commits {
            let path = edited[commit % edited.count]
            let body = (contents[path] ?? "") + "// edit \(commit)\n"
            contents[path] = body
            stream += "commit refs/heads/main\ncommitter Bench <bench@example.com> \(1700000001 + commit) +0000\ndata 5\nedit\n"
            stream += "M 100644 inline \(UserPath.relative(path, to: directory) ?? path)\ndata \(body.utf8.count)\n\(body)\n"
        }
        let streamFile = directory + "/.git/bench.fast-import"
        try stream.write(toFile: streamFile, atomically: false, encoding: .utf8)
        try run(["sh", "-c", "git -C \"$0\" fast-import --quiet < \"$1\"", directory, streamFile])
        try run(["git", "-C", directory, "checkout", "-q", "-f", "main"])
        try run(["git", "-C", directory, "gc", "-q"])
        // A checkout leaves files as new as the index ("racily clean"): until something
        // refreshes the index, every git call re-reads them. A developer's shell or IDE
        // refreshes it all the time; so does the first `git status` of the git peer, which
        // would otherwise favour whichever case runs after it.
        try run(["sh", "-c", "sleep 1 && git -C \"$0\" update-index -q --really-refresh", directory])
    }

    /// Through `measure` (posix_spawn): Foundation's Process crashes intermittently on Linux.
    static func run(_ arguments: [String], in directory: String? = nil, output: String = "/dev/null") throws {
        let result = measure(arguments, in: directory, output: output)
        guard result.status == 0 else {
            throw BenchError("\(arguments.joined(separator: " ")) failed (exit \(result.status))")
        }
    }
}
