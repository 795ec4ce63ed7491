import Foundation
import ModelSource

/// Whether the persisted model changed between the base and the working tree, beyond
/// files being touched: the models are read twice with the same reader, once as of the
/// base commit and once from the working tree, over the reader's own file set (the files
/// its walk of the model paths finds, `ReaderFileSet`), and compared with
/// `PersistedModelDiff`. Files that did not change are read and parsed once for both;
/// changed ones come from what change detection already read. A file of the reader's that
/// git has no history for makes the answer unknown.
package enum PersistedModelComparison {
    package static func compare(_ detected: DetectedChanges) -> ChangeReport.ModelChange? {
        compare(detected, shortcut: true)
    }

    /// `shortcut: false` reads the models in full even when `onlyTouched` would answer
    /// (tests hold the two to the same verdict).
    static func compare(
        _ detected: DetectedChanges, shortcut: Bool
    ) -> ChangeReport.ModelChange? {
        let report = detected.report
        guard let base = report.base.commit, !report.modelFiles.isEmpty else { return nil }
        if let file = report.files.first(where: { $0.change == .unversioned }) {
            return .unknown("\(file.path) is \(file.reasons.joined(separator: "; "))")
        }
        if shortcut, onlyTouched(detected) { return .unchanged }
        let unchanged = parseUnchangedFiles(detected)
        let (old, new) = readBoth(detected, unchanged: unchanged)
        // A broken file in the working tree must be fixed (an input error, as every
        // command reports it); one in the past only leaves the answer unknown.
        if let problem = new.diagnostics.first(where: ModelDiagnosticFindings.isInputProblem) {
            return .unreadable(problem.message)
        }
        if let problem = old.diagnostics.first(where: ModelDiagnosticFindings.isInputProblem) {
            return .unknown("\(problem.file) could not be read at \(report.base.name ?? base): \(problem.message)")
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
    package static func onlyTouched(_ detected: DetectedChanges) -> Bool {
        let report = detected.report
        guard report.base.commit != nil else { return false }
        guard !report.files.contains(where: { $0.change == .unversioned }) else { return false }
        let compared = comparedPaths(detected)
        for file in report.files {
            let paths = [file.path] + (file.previousPath.map { [$0] } ?? [])
            guard paths.contains(where: compared) else { continue }
            guard file.previousPath == nil, file.path.hasSuffix(".swift"),
                  detected.contents.baseRequested.contains(file.path) || file.change == .added || file.change == .untracked,
                  detected.contents.current.declaresTheSame(at: file.path, as: detected.contents.base) else { return false }
        }
        return true
    }

    /// The model sources in scope that did not change since the base, read and parsed.
    /// Needs only the list of changed files, not which of them touch the models: a
    /// model-touching file is a changed one, never one of these.
    package static func parseUnchangedFiles(_ detected: DetectedChanges) -> ParsedFiles {
        let root = detected.repository.root
        let changed = paths(of: detected.report.files)
        let files = detected.contents.reader.versioned.filter { !changed.contains($0) }.sorted()
        return ModelReader.parse(files: files.map { (path: $0, readFrom: root + "/" + $0) })
    }

    /// Both models from what change detection read (every changed file at both versions)
    /// and the unchanged files.
    static func readBoth(
        _ detected: DetectedChanges, unchanged: ParsedFiles
    ) -> (old: AppModel, new: AppModel) {
        let report = detected.report
        let compared = comparedPaths(detected)
        let changed = paths(of: report.files)

        let new = detected.contents.current.filter { changed.contains($0) && compared($0) }
        let basePaths = Set(report.files.filter { $0.change != .added && $0.change != .untracked }
            .map { $0.previousPath ?? $0.path }.filter(compared))
        let old = detected.contents.base.filter(basePaths.contains)
        return ModelReader.readVersions(shared: unchanged, old: old, new: new)
    }

    /// The changed paths both readings take: the reader's own (its files now, and at the
    /// base the paths its walk would read), and every model-touching file wherever it is
    /// (a registration outside the model paths still counts: generous, never short).
    static func comparedPaths(_ detected: DetectedChanges) -> (String) -> Bool {
        let reader = detected.contents.reader
        let modelFiles = paths(of: detected.report.modelFiles)
        return { path in
            reader.versioned.contains(path) || reader.wouldRead(path)
                || (modelFiles.contains(path) && ChangeContents.isModelSource(path))
        }
    }

    /// Every path the files have or had.
    static func paths(of files: [ChangedFile]) -> Set<String> {
        Set(files.flatMap { [$0.path] + ($0.previousPath.map { [$0] } ?? []) })
    }
}
