/// One path that differs between the base and the working tree.
public struct ChangedFile: Equatable, Sendable, Codable {
    public enum Change: String, Sendable, Codable {
        case added, modified, deleted, renamed, copied
        case typeChanged = "type-changed"
        case untracked
    }

    /// Relative to the repository root (the new path of a rename).
    public var path: String
    /// The old path of a rename or copy.
    public var previousPath: String?
    public var change: Change
    /// Part of the change is not committed yet (staged, unstaged or untracked).
    public var uncommitted: Bool
    /// Why the file counts as model-touching; empty when it does not.
    public var reasons: [String]

    public init(path: String, previousPath: String? = nil, change: Change, uncommitted: Bool = false, reasons: [String] = []) {
        self.path = path
        self.previousPath = previousPath
        self.change = change
        self.uncommitted = uncommitted
        self.reasons = reasons
    }

    public var isModelTouching: Bool { !reasons.isEmpty }

    /// Parses the fields of `git diff --name-status -z`: `M`, `path`; `R100`, `old`, `new`.
    static func parseNameStatus(_ fields: [String]) -> [ChangedFile] {
        var files: [ChangedFile] = []
        var index = 0
        while index < fields.count {
            let status = fields[index]
            index += 1
            guard let letter = status.first else { continue }
            if letter == "R" || letter == "C" {
                guard index + 1 < fields.count else { break }
                files.append(ChangedFile(path: fields[index + 1], previousPath: fields[index],
                                         change: letter == "R" ? .renamed : .copied))
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
            files.append(ChangedFile(path: fields[index], change: change))
            index += 1
        }
        return files
    }
}
