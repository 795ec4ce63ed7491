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

    /// Where a run's schemas come from: the export files given on the command line, or
    /// the live exports of every container, started at once.
    package enum Source: Sendable {
        case files(production: File, development: File?)
        case live(LiveExports)
    }

    /// - Parameters:
    ///   - index: the container's place in the run's list (its exports in `LiveExports`).
    ///   - label: appended to names (` (iCloud.x)`) when several containers are checked.
    ///   - record: where a live Production export is kept (ProductionRecord); nil keeps none.
    package static func load(
        container: ResolvedContainer, index: Int, source: Source, configuration: ResolvedConfiguration, label: String,
        environment: [String: String], record: ProductionRecord.Store? = nil
    ) throws -> EnvironmentSchemas {
        switch source {
        case .files(let production, let development):
            return try fromFiles(production: production, development: development, label: label)
        case .live(let live):
            do {
                let exported = try live.schemas(of: index)
                let kept = record?.save(exported.production, teamID: exported.team, redactor: Redactor(environment: environment))
                return EnvironmentSchemas(
                    production: exported.production.named("Production\(label)"), development: exported.development.named("Development\(label)"),
                    live: true, note: "Check\(label): exported Production and Development of \(container.id.value) (team \(exported.team)) with cktool."
                        + (kept.map { " Note: \($0)." } ?? ""))
            } catch let error as CKToolError {
                guard let reason = unavailable(error), let snapshot = usableSnapshot(of: container) else { throw error }
                return try fromSnapshot(
                    snapshot, container: container, configuration: configuration, reason: reason, label: label, environment: environment)
            }
        }
    }

    private static func fromFiles(production file: File, development developmentFile: File?, label: String) throws -> EnvironmentSchemas {
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

extension EnvironmentSchemas {
    /// Production and Development of every container of a run, exported with cktool all at
    /// once (`CKToolExports`) and read container by container: each container's result,
    /// or its error, is what exporting them one after another gave.
    package struct LiveExports: Sendable {
        private struct Started: Sendable {
            var exports: CKToolExports
            var team: String
        }

        /// The exports, or why they could not start (no xcrun, no team id): the error each
        /// container meets, as each met it when they ran one after another.
        private let started: Result<Started, any Error>

        package init(
            _ containers: [ResolvedContainer], configuration: ResolvedConfiguration, environment: [String: String],
            workingDirectory: String, limit: Int = CKToolExports.limit, log: @Sendable (String) -> Void
        ) {
            started = Result {
                let runner = try CKToolRunner(
                    environment: environment, timeout: configuration.cktoolTimeout.value, workingDirectory: workingDirectory)
                let team = try configuration.requireTeamID()
                for container in containers { log("exporting Production and Development of \(container.id.value) with cktool…") }
                let exports = containers.flatMap { container in
                    [CloudKitEnvironment.production, .development].map {
                        CKToolExports.Export(teamID: team, containerID: container.id.value, environment: $0)
                    }
                }
                return Started(exports: CKToolExports(runner: runner, exports: exports, limit: limit), team: team)
            }
        }

        /// The container at `index` in the list given: Production first, then Development,
        /// so the first error is the one the sequential run met first.
        func schemas(of index: Int) throws -> (team: String, production: CloudKitExport, development: CloudKitExport) {
            let started = try self.started.get()
            let production = try started.exports.export(2 * index)
            let development = try started.exports.export(2 * index + 1)
            return (started.team, production, development)
        }

        /// Stops the exports still running; returns once none runs (see `CKToolExports.stop`).
        package func stop() {
            if case .success(let started) = started { started.exports.stop() }
        }
    }
}
