import Foundation
import SchemaGateBasics

/// The gate reads what Production must hold from the model sources; a submodule that is not
/// checked out (a clone without --recurse-submodules, a fresh worktree) would silently take
/// its models out of that. So every submodule that holds or may hold model paths must be
/// checked out, or the gate stops (exit 2) and says how.
package enum ModelSourcesPresence {
    /// - Parameter repository: the repository already opened, if any (else it is looked for).
    package static func require(
        configuration: ResolvedConfiguration, containers: [ResolvedContainer], environment: [String: String],
        repository opened: GitRepository? = nil
    ) throws(ModelSourcesError) {
        let paths = containers.isEmpty ? configuration.modelPaths.value : containers.flatMap(\.modelPaths)
        guard let repository = opened ?? (try? GitRepository(containing: configuration.root, environment: environment)) else { return }
        let missing = missingSubmodules(in: repository, under: paths.map { CanonicalPath($0).path }, environment: environment, depth: 0)
        guard !missing.isEmpty else { return }
        throw .submodulesNotCheckedOut(missing.map { UserPath.display($0, from: configuration.root) })
    }

    /// Gitlinks (submodules) of `repository` that lie inside one of `paths` or contain one,
    /// and are not checked out; checked-out ones are looked into in turn.
    private static func missingSubmodules(
        in repository: GitRepository, under paths: [String], environment: [String: String], depth: Int
    ) -> [String] {
        let root = CanonicalPath(repository.root).path
        guard depth < 16, FileManager.default.fileExists(atPath: root + "/.gitmodules"),
              let entries = try? repository.fields(["ls-files", "--stage", "-z"]) else { return [] }
        var missing: [String] = []
        for entry in entries where entry.hasPrefix("160000 ") {
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let path = root + "/" + entry[entry.index(after: tab)...]
            guard paths.contains(where: { CanonicalPath.isPrefix($0, of: path) || CanonicalPath.isPrefix(path, of: $0) }) else { continue }
            guard FileManager.default.fileExists(atPath: path + "/.git"),
                  let submodule = try? GitRepository(containing: path, environment: environment),
                  CanonicalPath(submodule.root).path == path else {
                missing.append(path)
                continue
            }
            missing += missingSubmodules(in: submodule, under: paths, environment: environment, depth: depth + 1)
        }
        return missing
    }
}

package enum ModelSourcesError: Error, Equatable, Sendable, ActionableError {
    case submodulesNotCheckedOut([String])

    package var category: ErrorCategory { .setup }

    package var message: String {
        switch self {
        case .submodulesNotCheckedOut(let paths):
            return "the model paths include submodules that are not checked out here (\(paths.joined(separator: ", "))), so the models in them cannot be read: run 'git submodule update --init --recursive' (in GitHub Actions, actions/checkout with submodules: recursive), or set modelPaths to leave them out"
        }
    }
}
