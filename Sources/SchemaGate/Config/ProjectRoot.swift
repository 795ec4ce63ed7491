import Foundation
import SchemaGateBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The project a command works in: the git work tree holding the working directory, found
/// as git finds it (the nearest directory at or above it that holds `.git`, a work tree's
/// folder or a linked worktree's file). Nothing above it belongs to the project: the
/// configuration is looked for up to it and no further (`ConfigDiscovery`).
///
/// Like git without `safe.directory` (Docs/git-safety.md), a `.git` that is not owned by
/// the user running the tool, in a directory not owned by that user, is no project root:
/// anyone who can write `/tmp` could otherwise plant one above a folder outside git.
package enum ProjectRoot {
    /// The work tree's root in canonical spelling (as git prints it), or nil outside one.
    package static func find(from workingDirectory: String) -> String? {
        var directory = CanonicalPath(workingDirectory).path
        while true {
            let marker = directory == "/" ? "/.git" : directory + "/.git"
            var info = stat()
            if lstat(marker, &info) == 0 {
                return ownedByUser(marker) && ownedByUser(directory) ? directory : nil
            }
            if directory == "/" { return nil }
            directory = (directory as NSString).deletingLastPathComponent
        }
    }

    /// The directories configuration may come from, nearest first: the working directory
    /// and each one above it up to the project's root; outside a work tree, the working
    /// directory alone.
    package static func searchedDirectories(from workingDirectory: String) -> [String] {
        let start = CanonicalPath(workingDirectory).path
        guard let root = find(from: start) else { return [start] }
        var directories = [start]
        var directory = start
        while directory != root && directory != "/" {
            directory = (directory as NSString).deletingLastPathComponent
            directories.append(directory)
        }
        return directories
    }

    /// git's test (`is_path_owned_by_current_uid`): the owner is the effective user.
    private static func ownedByUser(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_uid == geteuid()
    }
}
