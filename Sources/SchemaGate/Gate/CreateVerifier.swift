/// Exports Development of every configured container and checks it against the
/// schema the models require (`CreateVerification`).
package struct CreateVerifier: Sendable {
    package var configuration: ResolvedConfiguration
    package var environment: [String: String]
    package var workingDirectory: String

    package init(configuration: ResolvedConfiguration, environment: [String: String], workingDirectory: String) {
        self.configuration = configuration
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// The expected schema of every container, read before the create command runs so
    /// that unreadable models stop it early.
    package func expectations() throws -> [(ResolvedContainer, ExpectedModelSchema.Outcome)] {
        let containers = try configuration.requireContainers()
        return try containers.map { container in
            let label = containers.count > 1 ? " (\(container.id.value))" : ""
            return (container, try ExpectedModelSchema.build(
                modelPaths: container.modelPaths, configuration: configuration, container: container, workingDirectory: workingDirectory,
                label: label))
        }
    }

    package func verify(_ expectations: [(ResolvedContainer, ExpectedModelSchema.Outcome)]) throws -> (notes: [String], findings: [Finding]) {
        let team = try configuration.requireTeamID()
        let runner = try CKToolRunner(environment: environment, timeout: configuration.cktoolTimeout.value, workingDirectory: workingDirectory)
        // Every container's Development at once, read in order: the first error is the
        // one exporting them one after another met first.
        let exports = CKToolExports(runner: runner, exports: expectations.map {
            CKToolExports.Export(teamID: team, containerID: $0.0.id.value, environment: .development)
        })
        defer { exports.stop() }
        var notes: [String] = []
        var findings: [Finding] = []
        for (index, (container, models)) in expectations.enumerated() {
            let id = container.id.value
            let development = try exports.export(index)
            let missing = CreateVerification.findings(expected: models.expected, development: development.schema, containerID: id)
            findings += missing
            let needed = models.expected.schema.recordTypes.filter { models.expected.expectation(recordType: $0.name) != nil }.count
            let absent = missing.filter { $0.code == FindingCode.missingRecordType.id }.count
            notes += models.notes
            notes.append("Verification of \(id): Development has \(needed - absent) of the \(needed) record type\(needed == 1 ? "" : "s") the models need.")
        }
        return (notes, findings)
    }
}
