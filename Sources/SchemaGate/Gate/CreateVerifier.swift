/// Exports Development of every configured container and checks it against the
/// schema the models require (`CreateVerification`).
public struct CreateVerifier: Sendable {
    public var configuration: ResolvedConfiguration
    public var environment: [String: String]
    public var workingDirectory: String

    public init(configuration: ResolvedConfiguration, environment: [String: String], workingDirectory: String) {
        self.configuration = configuration
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    public func verify() throws -> (notes: [String], findings: [Finding]) {
        let team = try configuration.requireTeamID()
        let containers = try configuration.requireContainers()
        let runner = try CKToolRunner(environment: environment, timeout: configuration.cktoolTimeout.value, workingDirectory: workingDirectory)
        var notes: [String] = []
        var findings: [Finding] = []
        for container in containers {
            let id = container.id.value
            let development = try runner.exportSchema(teamID: team, containerID: id, environment: .development)
            guard let expected = try ExpectedModelSchema.build(for: container, configuration: configuration, label: "") else {
                notes.append("Verification of \(id): NOT DONE: this build cannot derive the expected schema from the models; Development has \(development.schema.recordTypes.count) record types.")
                continue
            }
            let missing = CreateVerification.findings(expected: expected.schema.schema, development: development.schema, containerID: id, modelsFile: nil)
            findings += missing
            notes.append("Verification of \(id): Development has \(expected.schema.schema.recordTypes.count - missing.filter { $0.code == "missing-record-type" }.count) of \(expected.schema.schema.recordTypes.count) record types the models need.")
        }
        return (notes, findings)
    }
}
