import Foundation
import ModelSource
import SchemaGateBasics

/// Production and Development of one container, from export files given on the command
/// line, exported live with cktool, or (where cktool is unavailable) Production from the
/// container's committed snapshot. Shared by `gate` and `check`.
package struct EnvironmentSchemas: Sendable {
    package var production: NamedSchema
    package var development: NamedSchema?
    /// True when Production came from cktool (so a committed snapshot can be compared).
    package var live: Bool
    /// Where the schemas came from, for the report.
    package var note: String
    /// Set when the verdict stands on less than usual (the snapshot, no Development), for
    /// the status line.
    package var basis: String?

    /// A schema file as given (for messages) and resolved (for reading).
    package struct File: Sendable {
        package var path: String
        package var displayPath: String
        package init(path: String, displayPath: String) {
            self.path = path
            self.displayPath = displayPath
        }
    }

    /// - Parameters:
    ///   - label: appended to names (` (iCloud.x)`) when several containers are checked.
    ///   - cktool: created on first use and reused for the next container.
    ///   - record: where a live Production export is kept (ProductionRecord); nil keeps none.
    package static func load(
        container: ResolvedContainer, configuration: ResolvedConfiguration,
        productionFile: File?, developmentFile: File?, label: String,
        environment: [String: String], workingDirectory: String, cktool: inout CKToolRunner?,
        record: ProductionRecord.Store? = nil, log: @Sendable (String) -> Void = { _ in }
    ) throws -> EnvironmentSchemas {
        if let file = productionFile {
            let production = try NamedSchema.load(
                path: file.path, displayPath: file.displayPath, name: "Production\(label)", environment: .production)
            let development = try developmentFile.map { (file: File) throws -> NamedSchema in
                try NamedSchema.load(path: file.path, displayPath: file.displayPath, name: "Development\(label)", environment: .development)
            }
            let from = development.map { ", Development from \($0.file ?? "a file")" } ?? ""
            return EnvironmentSchemas(
                production: production, development: development, live: false,
                note: "Check\(label): Production from \(file.displayPath)\(from); cktool not used.")
        }
        let id = container.id.value
        do {
            let runner = try cktool ?? CKToolRunner(
                environment: environment, timeout: configuration.cktoolTimeout.value, workingDirectory: workingDirectory)
            cktool = runner
            let team = try configuration.requireTeamID()
            log("exporting Production and Development of \(id) with cktool…")
            let production = try runner.exportSchema(teamID: team, containerID: id, environment: .production)
            let development = try runner.exportSchema(teamID: team, containerID: id, environment: .development)
            let kept = record?.save(production, teamID: team, redactor: Redactor(environment: environment))
            return EnvironmentSchemas(
                production: production.named("Production\(label)"), development: development.named("Development\(label)"),
                live: true, note: "Check\(label): exported Production and Development of \(id) (team \(team)) with cktool."
                    + (kept.map { " Note: \($0)." } ?? ""))
        } catch let error as CKToolError {
            guard let reason = unavailable(error), let snapshot = usableSnapshot(of: container) else { throw error }
            return try fromSnapshot(
                snapshot, container: container, configuration: configuration, reason: reason, label: label, environment: environment)
        }
    }

    /// Why cktool cannot run on this machine at all (no xcrun, or an xcrun without cktool),
    /// as opposed to a cktool that ran and failed. Only the first makes a committed snapshot
    /// the answer: a token, team, container or network failure is a setup to fix, and
    /// measuring against a snapshot then would hide it behind a possibly stale Production.
    static func unavailable(_ error: CKToolError) -> String? {
        switch error {
        case .xcrunNotFound: return "xcrun was not found"
        case .cktoolNotFound: return "xcrun cannot find cktool"
        default: return nil
        }
    }

    /// The container's committed Production snapshot, when there is one on disk.
    static func usableSnapshot(of container: ResolvedContainer) -> ResolvedContainer.Snapshot? {
        var isDirectory: ObjCBool = false
        guard let snapshot = container.productionSnapshot, FileManager.default.fileExists(atPath: snapshot.path, isDirectory: &isDirectory),
              !isDirectory.boolValue else { return nil }
        return snapshot
    }

    /// Whether every container can be checked here before anything slow runs: with cktool
    /// (a team id and an xcrun), or, where there is no xcrun, with committed snapshots.
    package static func preflight(
        _ containers: [ResolvedContainer], configuration: ResolvedConfiguration, environment: [String: String], workingDirectory: String
    ) throws {
        if !CKToolRunner.isAvailable(environment: environment), containers.allSatisfy({ usableSnapshot(of: $0) != nil }) { return }
        _ = try configuration.requireTeamID()
        _ = try CKToolRunner(environment: environment, timeout: configuration.cktoolTimeout.value, workingDirectory: workingDirectory)
    }

    private static func fromSnapshot(
        _ snapshot: ResolvedContainer.Snapshot, container: ResolvedContainer, configuration: ResolvedConfiguration,
        reason: String, label: String, environment: [String: String]
    ) throws -> EnvironmentSchemas {
        let display = UserPath.display(snapshot.path, from: configuration.root)
        let read = try CommittedSnapshot.verify(path: snapshot.path, shown: display, environment: environment)
        let production = try NamedSchema.load(
            path: snapshot.path, displayPath: display, name: "Production\(label) (committed snapshot)", environment: .production,
            role: "the committed Production snapshot",
            fix: "refresh it with '\(SnapshotCheck.refreshCommand(snapshot: display, containerID: container.id.value, multipleContainers: !label.isEmpty))' on a Mac")
        return EnvironmentSchemas(
            production: production, development: nil, live: false,
            note: "Check\(label): cktool is unavailable here (\(reason)), so Production is the committed snapshot, read from \(read), and Development was not compared; the verdict is only as current as the snapshot.",
            basis: "against the committed Production snapshot \(display) (cktool unavailable; Development not compared)")
    }
}
