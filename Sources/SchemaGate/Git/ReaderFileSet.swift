import Foundation
import ModelSource
import SchemaGateBasics

/// The model reader's files, as change detection sees them. The reader walks the model
/// paths on disk; git knows tracked files and the untracked ones it does not ignore. A
/// file the reader reads that git has no history for (ignored by git, inside a submodule,
/// outside the repository, or reached through a symbolic link) cannot be compared with
/// the base, so it is `unversioned` and the model change is unknown: the gate then checks
/// CloudKit. No verdict rests on a file that change detection cannot see.
struct ReaderFileSet: Sendable {
    /// Repository-relative roots of the reader's paths ("" for the repository itself).
    var roots: [String]
    /// The reader's files git knows, repository-relative: the current side of every
    /// comparison is exactly these.
    var versioned: Set<String> = []
    /// The reader's files git has no history for: the path shown (repository-relative,
    /// absolute outside it), the path to read, and why git cannot tell their history.
    var unversioned: [(path: String, readFrom: String, why: String)] = []

    /// Nothing read yet (change detection fills it in).
    init(roots: [String]) {
        self.roots = roots
    }

    /// - Parameters:
    ///   - planned: the reader's files (absolute), walked from `canonicalPaths`.
    ///   - root: the repository's top level, symlinks resolved (as git gives it).
    ///   - known: every path git lists for the work tree (a submodule is one entry).
    init(planned: [String], canonicalPaths: [String], root: String, known: Set<String>) {
        let prefix = root + "/"
        roots = canonicalPaths.compactMap { path in
            path == root ? "" : path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
        }
        // Byte-wise prefix tests: thousands of paths, where Character-wise ones walk graphemes.
        let prefixBytes = prefix.utf8.count
        for file in planned {
            guard file.utf8.starts(with: prefix.utf8) else {
                unversioned.append((file, file, "outside the git repository, so it has no history there"))
                continue
            }
            let relative = String(decoding: file.utf8.dropFirst(prefixBytes), as: UTF8.self)
            if known.contains(relative) {
                versioned.insert(relative)
            } else if let submodule = Self.submodule(containing: relative, known: known, root: root) {
                unversioned.append((relative, file, "inside git submodule \(submodule), whose history change detection does not follow"))
            } else {
                unversioned.append((relative, file, "not tracked by git (ignored, or reached through a symbolic link), so its state at the base is unknown"))
            }
        }
    }

    /// The nearest folder above `path` that git lists as an entry of its own and that is
    /// a checkout (holds `.git`), not a symbolic link git stores as one: a submodule.
    private static func submodule(containing path: String, known: Set<String>, root: String) -> String? {
        var components = path.split(separator: "/").dropLast()
        while !components.isEmpty {
            let folder = components.joined(separator: "/")
            if known.contains(folder) {
                let absolute = root + "/" + folder
                let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: absolute)) != nil
                return !isLink && FileManager.default.fileExists(atPath: absolute + "/.git") ? folder : nil
            }
            components = components.dropLast()
        }
        return nil
    }

    /// Whether the reader, walking its roots, reads `path` (repository-relative) when a
    /// file is there: for paths at the base, which need not exist now.
    func wouldRead(_ path: String) -> Bool {
        guard ChangeContents.isModelSource(path) else { return false }
        return roots.contains { root in
            guard let below = CanonicalPath.suffix(of: path, under: root) else { return false }
            // A root that is the file itself; else not in a folder the reader's walk never enters.
            return below.isEmpty || !SkippedFolders.containsFolder(of: below)
        }
    }
}
