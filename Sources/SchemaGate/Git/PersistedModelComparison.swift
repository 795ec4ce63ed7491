import Foundation
import ModelSource

/// Whether the persisted model changed between the base and the working tree, beyond
/// files being touched: the models are read twice with the same reader, once from the
/// base commit's blobs and once from the working tree, over the same set of paths (the
/// model paths plus every touched file), and compared with `PersistedModelDiff`.
public enum PersistedModelComparison {
    public static func compare(
        _ report: ChangeReport, repository: GitRepository, configuration: ResolvedConfiguration
    ) -> ChangeReport.ModelChange? {
        guard let base = report.base.commit, !report.modelFiles.isEmpty else { return nil }
        do {
            let (old, new) = try readBoth(report, base: base, repository: repository, configuration: configuration)
            for (model, when) in [(old, "at \(report.base.name ?? base)"), (new, "in the working tree")] {
                if let problem = model.diagnostics.first(where: ModelDiagnosticFindings.isInputProblem) {
                    return .unknown("\(problem.file) could not be read \(when): \(problem.message)")
                }
            }
            let differences = PersistedModelDiff.differences(from: old, to: new)
            return differences.isEmpty ? .unchanged : .changed(differences)
        } catch {
            return .unknown(error.message)
        }
    }

    static func readBoth(
        _ report: ChangeReport, base: String, repository: GitRepository, configuration: ResolvedConfiguration
    ) throws(GitError) -> (old: AppModel, new: AppModel) {
        let scope = self.scope(report, repository: repository, configuration: configuration)
        var arguments = ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--"]
        arguments += scope.map { ":(literal)\($0)" }
        let currentPaths = Set(try repository.run(arguments).split(separator: "\0").map(String.init).filter(isModelSource))

        var current: [String: [UInt8]] = [:]
        for path in currentPaths {
            if let data = FileManager.default.contents(atPath: repository.root + "/" + path) { current[path] = [UInt8](data) }
        }
        // Unchanged files are the same at the base; changed ones are read from git.
        let changed = report.files
        let changedPaths = Set(changed.flatMap { [$0.path] + ($0.previousPath.map { [$0] } ?? []) })
        var old = current.filter { !changedPaths.contains($0.key) }
        let inScope = { (path: String) in scope.isEmpty || scope.contains { path == $0 || path.hasPrefix($0 + "/") } }
        let basePaths = changed.filter { $0.change != .added && $0.change != .untracked }
            .map { $0.previousPath ?? $0.path }.filter { isModelSource($0) && inScope($0) }
        for (path, data) in try repository.contents(of: basePaths, at: base) {
            if let data { old[path] = [UInt8](data) }
        }
        let files = { (contents: [String: [UInt8]]) in contents.map { ModelSourceFile(path: $0.key, contents: $0.value) } }
        return (ModelReader.read(files: files(old)), ModelReader.read(files: files(current)))
    }

    /// Repository-relative paths to read: the configured model paths (all of the
    /// repository when none are configured) plus every model-touching file, old and new.
    static func scope(_ report: ChangeReport, repository: GitRepository, configuration: ResolvedConfiguration) -> [String] {
        guard configuration.modelPaths.source != .defaultValue else { return [] }
        let root = ModelFileClassifier.canonical(repository.root)
        var paths = Set(configuration.modelPaths.value + configuration.containers.flatMap(\.modelPaths))
            .map(ModelFileClassifier.canonical)
            .filter { ModelFileClassifier.isInside($0, root) }
            .map { $0 == root ? "" : String($0.dropFirst(root.count + 1)) }
        if paths.contains("") { return [] }
        paths += report.modelFiles.flatMap { [$0.path] + ($0.previousPath.map { [$0] } ?? []) }
        return Array(Set(paths)).sorted()
    }

    /// The files the model reader reads: Swift sources and Core Data model files.
    static func isModelSource(_ path: String) -> Bool {
        path.hasSuffix(".swift") || path.hasSuffix(".xccurrentversion")
            || (path.hasSuffix("/contents") && path.contains(".xcdatamodel/"))
    }
}
