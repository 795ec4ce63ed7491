/// What `changed` and the gate both ask: what changed since the last release, which of it
/// touches the models, and whether the persisted model actually changed.
package enum ChangeAnalysis {
    /// The unchanged files are read only when the comparison needs them: when the changed
    /// model files declare what they did at the base, the answer is known without them.
    /// That is the case to make fast: a gate that finds a real model change goes on to
    /// export schemas from CloudKit, which takes seconds.
    /// - Parameter timer: gets one phase per step (`changes: ...`), for `--verbose`.
    package static func run(
        workingDirectory: String, environment: [String: String], since: String?,
        configuration: ResolvedConfiguration, timer: PhaseTimer? = nil
    ) throws(GitError) -> ChangeReport {
        let detector = detector(workingDirectory: workingDirectory, environment: environment, since: since, configuration: configuration)
        let detected = try detector.detect(timer: timer)
        var report = detected.report
        let compare = { PersistedModelComparison.compare(detected) }
        report.modelChange = timer.map { $0.measure("changes: compare the persisted models", compare) } ?? compare()
        return report
    }

    /// The change detection the configuration asks for: its tag pattern, its model paths
    /// (for the classifier) and what the gate's model reader reads: every configured model
    /// path, or the project's root when none is configured (a superset of the folders the
    /// project survey would name, so no repository walk is needed here).
    static func detector(
        workingDirectory: String, environment: [String: String], since: String?, configuration: ResolvedConfiguration
    ) -> ChangeDetector {
        let configured = configuration.configuredModelPaths
        var readerPaths: [String] = []
        for path in (configured ?? [configuration.root]) + configuration.configuredContainerModelPaths where !readerPaths.contains(path) {
            readerPaths.append(path)
        }
        return ChangeDetector(
            workingDirectory: workingDirectory, environment: environment, since: since,
            tagPattern: configuration.tagPattern?.value, modelPaths: configured ?? [], readerPaths: readerPaths)
    }
}
