import Foundation

/// Builds a repository whose last tag is followed by `commits` commits, with git
/// fast-import (seconds, where 10,000 `git commit` calls would take minutes).
enum GitHistory {
    static func create(at directory: String, files: [String], commits: Int) throws {
        try run(["git", "init", "-q", "-b", "main", directory])
        var stream = "reset refs/heads/main\n"
        // Base commit with every file, tagged as the last release.
        stream += "commit refs/heads/main\nmark :1\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata 4\nbase\n"
        for path in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let relative = String(path.dropFirst(directory.count + 1))
            stream += "M 100644 inline \(relative)\ndata \(data.count)\n" + String(decoding: data, as: UTF8.self) + "\n"
        }
        stream += "reset refs/tags/v1.0.0\nfrom :1\n"
        // Each later commit edits one file (every 7th file, so most of the tree is untouched).
        for commit in 0..<commits {
            let path = files[(commit * 7) % files.count]
            let relative = String(path.dropFirst(directory.count + 1))
            let body = "// edit \(commit)\n"
            stream += "commit refs/heads/main\ncommitter Bench <bench@example.com> \(1700000001 + commit) +0000\ndata 5\nedit\n"
            stream += "M 100644 inline \(relative)\ndata \(body.utf8.count)\n\(body)\n"
        }
        let streamFile = directory + ".fast-import"
        try stream.write(toFile: streamFile, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: streamFile) }
        try run(["sh", "-c", "git -C \"$0\" fast-import --quiet < \"$1\"", directory, streamFile])
        try run(["git", "-C", directory, "checkout", "-q", "-f", "main"])
    }

    /// Through `measure` (posix_spawn): Foundation's Process crashes intermittently on Linux.
    private static func run(_ arguments: [String]) throws {
        guard measure(arguments).status == 0 else {
            throw NSError(domain: "bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(arguments.joined(separator: " ")) failed"])
        }
    }
}
