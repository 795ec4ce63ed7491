/// What changed since the last release, as far as the persisted model is concerned.
package struct ChangeReport: Sendable {
    /// What the changes are measured from.
    package enum Base: Equatable, Sendable {
        /// The nearest tag reachable from HEAD.
        case tag(name: String, commit: String)
        /// A revision given with `--since`.
        case revision(name: String, commit: String)
        /// Nothing to measure from; everything counts as model-touching.
        case none(reason: String)

        package var name: String? {
            switch self {
            case .tag(let name, _), .revision(let name, _): return name
            case .none: return nil
            }
        }

        package var commit: String? {
            switch self {
            case .tag(_, let commit), .revision(_, let commit): return commit
            case .none: return nil
            }
        }
    }

    /// Whether the persisted model (entities, stored properties, relationships) differs
    /// between the base and now, beyond files merely being touched.
    package enum ModelChange: Equatable, Sendable {
        /// What differs, one line each (`Item: added attribute notes`).
        case changed([String])
        case unchanged
        /// Could not be decided; the reason says why (the gate then checks anyway).
        case unknown(String)
        /// A model source in the working tree cannot be read or parsed: an input error
        /// (exit 2), whose message names the file and line.
        case unreadable(String)
    }

    package var repositoryRoot: String
    package var base: Base
    package var head: String?
    package var shallow: Bool
    /// Every changed path (committed since the base, staged, unstaged, untracked).
    package var files: [ChangedFile]
    package var modelChange: ModelChange?

    package var modelFiles: [ChangedFile] { files.filter(\.isModelTouching) }

    /// Whether a check against CloudKit is due: there is no base, or a model file changed.
    package var isModelTouching: Bool {
        if case .none = base { return true }
        return !modelFiles.isEmpty
    }

    /// One sentence for humans: what was compared and the verdict.
    package var summary: String {
        switch base {
        case .none(let reason):
            return "\(reason): treating the release as model-touching"
        case .tag(let name, _), .revision(let name, _):
            let from = "since \(name)"
            let models = modelFiles
            guard !models.isEmpty else {
                return "no model-touching change \(from) (\(files.count) changed file\(files.count == 1 ? "" : "s"))"
            }
            var text = "\(models.count) model-touching file\(models.count == 1 ? "" : "s") \(from)"
            switch modelChange {
            case .changed(let lines)?: text += "; the persisted model changed (\(lines.count) difference\(lines.count == 1 ? "" : "s"))"
            case .unchanged?: text += "; the persisted model is unchanged (touched, not changed)"
            case .unknown(let reason)?: text += "; whether the persisted model changed is unknown (\(reason))"
            case .unreadable(let message)?: text += "; a model source cannot be read (\(message))"
            case nil: break
            }
            return text
        }
    }
}
