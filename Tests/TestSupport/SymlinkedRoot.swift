import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory reached through a symbolic link into `/private`, the way a Mac reaches `/tmp`
/// and `/var` (every `$TMPDIR` is `/var/folders/…`, really `/private/var/folders/…`).
/// getcwd(3) and git print the `/private/…` spelling; Foundation drops the `/private` prefix
/// when it resolves or standardises a path. Commands run here see both spellings, as on a Mac.
///
/// Where `/tmp` is such a link (macOS): a fresh directory under `/tmp`. Elsewhere: a fresh
/// `/private/<name>` and a symbolic link `/<name>` to it, which needs write access to `/` (CI runs as root). Without
/// it `init` throws, saying so: the tests fail rather than pass without having run here.
public final class SymlinkedRoot: @unchecked Sendable {
    /// The directory as a user spells it, through the link: `/ckschema-1a2b3c4d`.
    public let path: String
    /// What getcwd(3) and git print for it: `/private/ckschema-1a2b3c4d`.
    public let realPath: String
    /// The link this value created (and removes); nil on macOS, where `/tmp` is the system's.
    private let link: String?
    private let createdPrivate: Bool

    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    public init() throws {
        let name = "ckschema-\(UUID().uuidString.prefix(8).lowercased())"
        if Self.resolved("/tmp") == "/private/tmp" {
            // A Mac: the system's own link.
            path = "/tmp/" + name
            realPath = "/private/tmp/" + name
            link = nil
            createdPrivate = false
            guard mkdir(realPath, 0o755) == 0 else { throw Self.failure("cannot create \(realPath)") }
            return
        }
        guard access("/", W_OK) == 0 else {
            throw Unavailable(description: """
                the symlinked-root tests need write access to / (they create /private/\(name) and a link \
                /\(name) to it, the layout of macOS's /tmp and /var), and user \(getuid()) has none: \
                run them as root (CI does), e.g. in a container
                """)
        }
        path = "/" + name
        realPath = "/private/" + name
        // Another test may remove an empty /private it made between the two calls: retry.
        var created = false, attempts = 0
        while true {
            if mkdir("/private", 0o755) == 0 { created = true }
            if mkdir(realPath, 0o755) == 0 { break }
            attempts += 1
            guard errno == ENOENT, attempts < 5 else { throw Self.failure("cannot create \(realPath)") }
        }
        createdPrivate = created
        guard symlink(realPath, path) == 0 else {
            let failure = Self.failure("cannot create the symbolic link \(path) -> \(realPath)")
            rmdir(realPath)
            throw failure
        }
        link = path
    }

    deinit {
        // Only what this value created: its link (if it still points at its directory), its
        // directory, and /private when this value made it and nothing else is inside.
        if let link, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link), target == realPath {
            unlink(link)
        }
        if realPath.hasPrefix("/private/"), (realPath as NSString).lastPathComponent.hasPrefix("ckschema-") {
            try? FileManager.default.removeItem(atPath: realPath)
        }
        if createdPrivate { rmdir("/private") }
    }

    /// Creates `relative` (and its parents) inside the root; returns it as a user spells it.
    @discardableResult
    public func directory(_ relative: String) throws -> String {
        let spelled = path + "/" + relative
        try FileManager.default.createDirectory(atPath: spelled, withIntermediateDirectories: true)
        return spelled
    }

    /// The environment a command gets here: `TMPDIR` and `HOME` inside the root, spelled
    /// through the link (as a Mac's `TMPDIR` is).
    public func environment() throws -> [String: String] {
        ["TMPDIR": try directory("tmp"), "HOME": try directory("home")]
    }

    private static func failure(_ what: String) -> Unavailable {
        Unavailable(description: "\(what) (\(String(cString: strerror(errno))))")
    }

    static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
