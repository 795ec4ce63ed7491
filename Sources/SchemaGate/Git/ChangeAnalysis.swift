import ModelSource

/// What `changed` and the gate both ask: what changed since the last release, which of it
/// touches the models, and whether the persisted model actually changed.
public enum ChangeAnalysis {
    /// As soon as a file is seen to touch the models, the unchanged model sources are read
    /// and parsed on other threads while git fetches the base versions of the changed
    /// ones, so the two overlap. That reading is stopped when the changed files turn out
    /// to declare the same things as before (the models cannot differ then).
    /// - Parameter timer: gets one phase per step (`changes: ...`), for `--verbose`.
    public static func run(
        workingDirectory: String, environment: [String: String], since: String?,
        configuration: ResolvedConfiguration, timer: PhaseTimer? = nil
    ) throws(GitError) -> ChangeReport {
        let modelPaths = configuration.modelPaths.source == .defaultValue ? [] : configuration.modelPaths.value
        let detector = ChangeDetector(
            workingDirectory: workingDirectory, environment: environment, since: since,
            tagPattern: configuration.tagPattern?.value, modelPaths: modelPaths)
        var unchangedFiles: BackgroundTask<ParsedFiles, Never>?
        let notNeeded = CancellationFlag()
        let detected = try detector.detect(timer: timer) { sofar in
            unchangedFiles = BackgroundTask {
                PersistedModelComparison.parseUnchangedFiles(sofar, configuration: configuration, isCancelled: { notNeeded.isSet })
            }
        }
        var report = detected.report
        let compare = { () -> ChangeReport.ModelChange? in
            // Only comments or code changed in the model files: the guess was wrong, stop it.
            if !detected.report.modelFiles.isEmpty, PersistedModelComparison.onlyTouched(detected, configuration: configuration) {
                notNeeded.set()
                return .unchanged
            }
            return PersistedModelComparison.compare(detected, configuration: configuration, unchanged: unchangedFiles?.value())
        }
        report.modelChange = timer.map { $0.measure("changes: compare the persisted models", compare) } ?? compare()
        return report
    }
}
