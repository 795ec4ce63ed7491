import Foundation

extension GitRepository {
    /// A file of a commit's tree: its path from the repository root and its contents.
    struct TreeFile: Sendable {
        var path: String
        var contents: [UInt8]
    }

    /// The files of `commit`'s tree whose repository-relative path passes `include`, read
    /// from the object database (`git ls-tree -r`, then one `git cat-file --batch`) without
    /// checking anything out. A file too large to read is left out.
    func files(at commit: String, where include: (String) -> Bool) throws(GitError) -> [TreeFile] {
        var wanted: [(path: String, object: String)] = []
        for entry in try fields(["ls-tree", "-r", "-z", "--full-tree", commit]) {
            // "<mode> SP <type> SP <object> TAB <path>"
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let fields = entry[..<tab].split(separator: " ")
            let path = String(entry[entry.index(after: tab)...])
            guard fields.count == 3, fields[1] == "blob", include(path) else { continue }
            wanted.append((path, String(fields[2])))
        }
        guard !wanted.isEmpty else { return [] }
        let objects = try objects(wanted.map(\.object))
        return zip(wanted, objects).compactMap { wanted, contents in contents.map { TreeFile(path: wanted.path, contents: $0) } }
    }
}
