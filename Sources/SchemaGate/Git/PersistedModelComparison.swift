/// Whether the persisted model differs between the base and now. Needs the model
/// reader; until it is merged the answer is "unknown", so the gate checks anyway.
public enum PersistedModelComparison {
    public static func compare(_ report: ChangeReport, repository: GitRepository, configuration: ResolvedConfiguration) -> ChangeReport.ModelChange? {
        guard report.base.commit != nil, !report.modelFiles.isEmpty else { return nil }
        return .unknown("the model reader is not part of this build")
    }
}
