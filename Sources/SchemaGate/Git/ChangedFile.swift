/// One path that differs between the base and the working tree.
package struct ChangedFile: Equatable, Sendable, Codable {
    package enum Change: String, Sendable, Codable {
        case added, modified, deleted, renamed, copied
        case typeChanged = "type-changed"
        case untracked
        /// A file the model reader reads that git has no history for (ignored, inside a
        /// submodule, outside the repository): whether it changed cannot be told.
        case unversioned
    }

    /// Relative to the repository root (the new path of a rename).
    package var path: String
    /// The old path of a rename or copy.
    package var previousPath: String?
    package var change: Change
    /// Part of the change is not committed yet (staged, unstaged or untracked).
    package var uncommitted: Bool
    /// Why the file counts as model-touching; empty when it does not.
    package var reasons: [String]

    package init(path: String, previousPath: String? = nil, change: Change, uncommitted: Bool = false, reasons: [String] = []) {
        self.path = path
        self.previousPath = previousPath
        self.change = change
        self.uncommitted = uncommitted
        self.reasons = reasons
    }

    package var isModelTouching: Bool { !reasons.isEmpty }

    /// Parses the fields of `git diff --raw -z --no-abbrev`: a header
    /// `:<old mode> <new mode> <old object> <new object> <status>`, then the path, or for
    /// a rename or copy the old and the new path. Each file comes with its object at the
    /// base (nil when it was added): reading blobs by object id spares git a tree walk
    /// per path.
    static func parseRaw(_ fields: [String]) -> [(file: ChangedFile, baseObject: String?)] {
        var files: [(file: ChangedFile, baseObject: String?)] = []
        var index = 0
        while index < fields.count {
            let header = fields[index].split(separator: " ")
            index += 1
            guard header.count == 5, header[0].hasPrefix(":"), let letter = header[4].first else { continue }
            let object = header[2].allSatisfy { $0 == "0" } ? nil : String(header[2])
            if letter == "R" || letter == "C" {
                guard index + 1 < fields.count else { break }
                files.append((ChangedFile(path: fields[index + 1], previousPath: fields[index],
                                          change: letter == "R" ? .renamed : .copied), object))
                index += 2
                continue
            }
            guard index < fields.count else { break }
            let change: Change
            switch letter {
            case "A": change = .added
            case "D": change = .deleted
            case "T": change = .typeChanged
            default: change = .modified
            }
            files.append((ChangedFile(path: fields[index], change: change), change == .added ? nil : object))
            index += 1
        }
        return files
    }
}
