import Foundation
import ModelSource

/// Whether the persisted model changed between the base and the working tree, beyond
/// files being touched: the models are read twice with the same reader, once as of the
/// base commit and once from the working tree, over the same set of paths (the model
/// paths plus every touched file), and compared with `PersistedModelDiff`. Files that did
/// not change are read and parsed once for both; changed ones come from what change
/// detection already read.
public enum PersistedModelComparison {
    public static func compare(_ detected: DetectedChanges, configuration: ResolvedConfiguration) -> ChangeReport.ModelChange? {
        compare(detected, configuration: configuration, shortcut: true)
    }

    /// `shortcut: false` reads the models in full even when `onlyTouched` would answer
    /// (tests hold the two to the same verdict).
    static func compare(
        _ detected: DetectedChanges, configuration: ResolvedConfiguration, shortcut: Bool
    ) -> ChangeReport.ModelChange? {
        let report = detected.report
        guard let base = report.base.commit, !report.modelFiles.isEmpty else { return nil }
        if shortcut, onlyTouched(detected, configuration: configuration) { return .unchanged }
        let unchanged = parseUnchangedFiles(detected, configuration: configuration)
        let (old, new) = readBoth(detected, configuration: configuration, unchanged: unchanged)
        for (model, when) in [(old, "at \(report.base.name ?? base)"), (new, "in the working tree")] {
            if let problem = model.diagnostics.first(where: ModelDiagnosticFindings.isInputProblem) {
                return .unknown("\(problem.file) could not be read \(when): \(problem.message)")
            }
        }
        let differences = PersistedModelDiff.differences(from: old, to: new)
        return differences.isEmpty ? .unchanged : .changed(differences)
    }

    /// True when every changed model source in scope declares the same things at the base
    /// and now, lines aside (only comments, method bodies, computed properties, spacing
    /// changed): the two models are then the same whatever the unchanged files hold, and
    /// those need not be read. A rename or copy (which moves declarations between files),
    /// a Core Data file, or a file the reader has a problem with makes it false, and the
    /// models are read in full.
    public static func onlyTouched(_ detected: DetectedChanges, configuration: ResolvedConfiguration) -> Bool {
        let report = detected.report
        guard report.base.commit != nil else { return false }
        let scope = configuredScope(repository: detected.repository, configuration: configuration)
        let modelFiles = paths(of: report.modelFiles)
        for file in report.files {
            let paths = [file.path] + (file.previousPath.map { [$0] } ?? [])
            guard paths.contains(where: { ChangeContents.isModelSource($0) && (isInside($0, scope) || modelFiles.contains($0)) }) else {
                continue
            }
            guard file.previousPath == nil, file.path.hasSuffix(".swift"),
                  detected.contents.baseRequested.contains(file.path) || file.change == .added || file.change == .untracked,
                  detected.contents.current.declaresTheSame(at: file.path, as: detected.contents.base) else { return false }
        }
        return true
    }

    /// The model sources in scope that did not change since the base, read and parsed.
    /// Needs only the list of changed files, not which of them touch the models: a
    /// model-touching file is a changed one, never one of these.
    public static func parseUnchangedFiles(_ detected: DetectedChanges, configuration: ResolvedConfiguration) -> ParsedFiles {
        let root = detected.repository.root
        let scope = configuredScope(repository: detected.repository, configuration: configuration)
        let changed = paths(of: detected.report.files)
        let files = detected.contents.workTreeFiles.filter {
            ChangeContents.isModelSource($0) && isInside($0, scope) && !changed.contains($0)
        }
        return ModelReader.parse(files: files.map { (path: $0, readFrom: root + "/" + $0) })
    }

    /// Both models from what change detection read (every changed file at both versions)
    /// and the unchanged files.
    static func readBoth(
        _ detected: DetectedChanges, configuration: ResolvedConfiguration, unchanged: ParsedFiles
    ) -> (old: AppModel, new: AppModel) {
        let report = detected.report
        let scope = configuredScope(repository: detected.repository, configuration: configuration)
        let modelFiles = paths(of: report.modelFiles)
        let inScope = { (path: String) in isInside(path, scope) || modelFiles.contains(path) }
        let changed = paths(of: report.files)

        let new = detected.contents.current.filter { changed.contains($0) && ChangeContents.isModelSource($0) && inScope($0) }
        let basePaths = Set(report.files.filter { $0.change != .added && $0.change != .untracked }
            .map { $0.previousPath ?? $0.path }.filter { ChangeContents.isModelSource($0) && inScope($0) })
        let old = detected.contents.base.filter(basePaths.contains)
        return ModelReader.readVersions(shared: unchanged, old: old, new: new)
    }

    /// Every path the files have or had.
    static func paths(of files: [ChangedFile]) -> Set<String> {
        Set(files.flatMap { [$0.path] + ($0.previousPath.map { [$0] } ?? []) })
    }

    /// Whether a repository-relative path lies in the scope (nil: the whole repository).
    static func isInside(_ path: String, _ scope: [String]?) -> Bool {
        guard let scope else { return true }
        return scope.contains { CanonicalPath.isPrefix($0, of: path) }
    }

    /// The configured model paths inside the repository, repository-relative; nil (the
    /// whole repository) when none are configured or one of them is the repository itself.
    static func configuredScope(repository: GitRepository, configuration: ResolvedConfiguration) -> [String]? {
        guard configuration.modelPaths.source != .defaultValue else { return nil }
        let root = CanonicalPath(repository.root)
        let paths = Set(configuration.modelPaths.value + configuration.containers.flatMap(\.modelPaths))
            .compactMap { root.relativePath(of: CanonicalPath($0)) }
        return paths.contains("") ? nil : Array(Set(paths)).sorted()
    }
}
