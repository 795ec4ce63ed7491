#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path in the one spelling every comparison of paths uses ("is X inside Y", "X relative
/// to the root"): absolute, with `.`, `..` and every symbolic link resolved by realpath(3),
/// as git and getcwd(3) print it. Both sides of a comparison are of this type.
///
/// Not Foundation's `standardizedFileURL`, `standardizingPath` or `resolvingSymlinksInPath`:
/// they drop a leading `/private` (Docs/macos-paths.md). On a Mac `/tmp` and `/var` are links
/// into `/private`, so a repository under `$TMPDIR` would lie outside the `/private/var/…`
/// root git prints. realpath(3) keeps the prefix.
///
/// A path that does not exist (yet) is the canonical form of its deepest existing ancestor,
/// followed by the rest with `.` and `..` applied.
package struct CanonicalPath: Hashable, Sendable, CustomStringConvertible {
    package let path: String

    /// - Parameter directory: what a relative `path` is relative to (default: the process's
    ///   working directory).
    package init(_ path: String, relativeTo directory: String? = nil) {
        if path.hasPrefix("/") {
            self.path = Self.resolve(path)
        } else {
            let base = directory.map { CanonicalPath($0).path } ?? Self.workingDirectory()
            self.path = Self.resolve(path.isEmpty ? base : Self.join(base, path))
        }
    }

    package var description: String { path }

    /// Whether `other` is this path or inside it.
    package func contains(_ other: CanonicalPath) -> Bool {
        Self.isPrefix(path, of: other.path)
    }

    /// `other` relative to this path: `""` for this path itself, nil when outside it.
    package func relativePath(of other: CanonicalPath) -> String? {
        Self.suffix(of: other.path, under: path)
    }

    /// Component by component: `directory` is `path` or one of its ancestors (`/a` is not an
    /// ancestor of `/ab`). Both must be in the same spelling: canonical, or relative to the
    /// same root as git lists them.
    package static func isPrefix(_ directory: String, of path: String) -> Bool {
        suffix(of: path, under: directory) != nil
    }

    /// What follows `directory` in `path` (`""` when equal), or nil when it does not start there.
    package static func suffix(of path: String, under directory: String) -> String? {
        if directory.isEmpty { return path }
        if path == directory { return "" }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : nil
    }

    /// realpath(3), as swift-tools-support-core's `resolveSymlinks` (TSCBasic/PathShims.swift)
    /// calls it on Darwin and Linux alike; for a path that does not exist, its parent's
    /// canonical form and the last component.
    private static func resolve(_ absolute: String) -> String {
        if let resolved = realpath(absolute, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var trimmed = Substring(absolute)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/"), trimmed != "/" else { return String(trimmed) }
        let parent = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        let last = String(trimmed[trimmed.index(after: slash)...])
        let base = resolve(parent)
        switch last {
        case "", ".": return base
        case "..": return base.lastIndex(of: "/").map { $0 == base.startIndex ? "/" : String(base[..<$0]) } ?? "/"
        default: return join(base, last)
        }
    }

    package static func join(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// realpath(3) of `.`: the working directory, canonical.
    private static func workingDirectory() -> String {
        resolve(".")
    }
}

/// Paths as the user spells them, for opening files and for messages; comparisons go
/// through `CanonicalPath`.
package enum UserPath {
    /// `path` made absolute against `directory`, in the user's spelling: `.` and empty
    /// components dropped. A path with `..` is made canonical: after a symbolic link, `..`
    /// leaves the link's target, which no rule on the text can know.
    package static func absolute(_ path: String, in directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : CanonicalPath.join(directory, path)
        let components = joined.split(separator: "/", omittingEmptySubsequences: true)
        if components.contains("..") || !joined.hasPrefix("/") { return CanonicalPath(joined).path }
        let kept = components.filter { $0 != "." }
        return "/" + kept.joined(separator: "/")
    }

    /// `path` relative to `directory` when inside it (`""` for the directory itself): as
    /// spelled when it is spelled under it, else as the canonical forms relate; nil outside.
    package static func relative(_ path: String, to directory: String) -> String? {
        // The common case, checked without rebuilding either path: spelled under the
        // directory, with no `.`, `..` or empty component on the way.
        if path.hasPrefix("/"), directory.hasPrefix("/"),
           let spelled = CanonicalPath.suffix(of: path, under: directory), isPlain(spelled) {
            return spelled
        }
        let base = directory.hasPrefix("/") ? absolute(directory, in: "/") : CanonicalPath(directory).path
        let full = absolute(path, in: base)
        if let spelled = CanonicalPath.suffix(of: full, under: base) { return spelled }
        return CanonicalPath(base).relativePath(of: CanonicalPath(full))
    }

    /// No empty, `.` or `..` component in a relative path (`""` has none).
    static func isPlain(_ relative: String) -> Bool {
        var length = 0, dots = 0
        for byte in relative.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots == length && length <= 2) { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return relative.isEmpty || !(length == 0 || (dots == length && length <= 2))
    }

    /// For messages: relative to `directory` when inside it (`.` for itself), else as given.
    package static func display(_ path: String, from directory: String) -> String {
        guard let relative = relative(path, to: directory) else { return path }
        return relative.isEmpty ? "." : relative
    }
}
