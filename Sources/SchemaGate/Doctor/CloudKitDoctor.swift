import CloudKitSchema
import Foundation

/// The doctor's CloudKit lines: xcrun, cktool, the token (`cktool get-teams`) and where it
/// comes from, the team among the token's teams, and each container's read-only exports.
/// Every cktool call goes through `CKToolRunner` (its policy and timeout); a line whose
/// prerequisite failed is skipped, naming it, so one cause is reported once.
package struct CloudKitDoctor: Sendable {
    package var configuration: ResolvedConfiguration
    package var environment: [String: String]
    package var workingDirectory: String
    package var log: @Sendable (String) -> Void
    /// How many exports may be in flight at once (1: one after another, as tests compare).
    package var exportsAtOnce = CKToolExports.limit

    package init(
        configuration: ResolvedConfiguration, environment: [String: String], workingDirectory: String,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.log = log
    }

    /// The lines, and live Production of each container that exported (for the snapshot line).
    package struct Outcome: Sendable {
        package var checks: [DoctorCheck] = []
        package var liveProduction: [String: Schema] = [:]
        /// Why cktool cannot run here at all (no xcrun, no cktool), when that is so.
        package var unavailable: String?
    }

    package func run() -> Outcome {
        var outcome = Outcome()
        let containers = configuration.containers
        let runner: CKToolRunner
        do {
            runner = try CKToolRunner(environment: environment, timeout: configuration.cktoolTimeout.value, workingDirectory: workingDirectory)
        } catch {
            outcome.unavailable = EnvironmentSchemas.unavailable(error)
            outcome.checks.append(unavailableLine("xcrun", error, containers))
            outcome.checks += skippedAfter("xcrun", ["cktool", "token", "team"], containers)
            return outcome
        }
        let override = !(environment[CKToolRunner.xcrunVariable] ?? "").isEmpty
        outcome.checks.append(.passed("xcrun", "\(runner.xcrun) (\(override ? CKToolRunner.xcrunVariable : "found on PATH"))."))

        log("asking cktool get-teams which teams the token can use…")
        let teams: ProcessResult
        do {
            teams = try runner.run(.getTeams)
        } catch {
            if case .cktoolNotFound = error {
                outcome.unavailable = EnvironmentSchemas.unavailable(error)
                outcome.checks.append(unavailableLine("cktool", error, containers))
                outcome.checks += skippedAfter("cktool", ["token", "team"], containers)
                return outcome
            }
            outcome.checks.append(.passed("cktool", "xcrun runs cktool."))
            outcome.checks.append(.failed("token", "cktool get-teams did not succeed with \(tokenSource).", fix: DoctorCheck.sentence(error.message)))
            outcome.checks += skippedAfter("token", ["team"], containers)
            return outcome
        }
        outcome.checks.append(.passed("cktool", "xcrun runs cktool."))
        outcome.checks.append(.passed("token", "cktool get-teams answered with \(tokenSource)."))

        guard let team = teamLine(teams, into: &outcome) else {
            outcome.checks += skippedAfter("team", [], containers)
            return outcome
        }
        exportLines(runner, team: team, containers, into: &outcome)
        return outcome
    }

    /// Where cktool takes the token from (the one `TokenSource`), never its value.
    var tokenSource: String {
        switch CKToolRefusal.TokenSource(environment: environment) {
        case .environment: return "the management token in \(CKToolRunner.tokenVariable)"
        case .keychain: return "the management token saved in the keychain (\(CKToolRunner.tokenVariable) is not set)"
        }
    }

    /// No xcrun or no cktool: a failure, unless every container has a committed snapshot,
    /// which the gate then checks against (as `EnvironmentSchemas` does).
    private func unavailableLine(_ id: String, _ error: CKToolError, _ containers: [ResolvedContainer]) -> DoctorCheck {
        let snapshots = !containers.isEmpty && containers.allSatisfy { EnvironmentSchemas.usableSnapshot(of: $0) != nil }
        if let reason = EnvironmentSchemas.unavailable(error), snapshots {
            return .skipped(id, "\(reason), so the gate checks against the committed Production snapshots here (Development is not compared); run doctor on a Mac with Xcode to check CloudKit itself.")
        }
        return .failed(id, "\(EnvironmentSchemas.unavailable(error) ?? "cktool cannot be started").", fix: DoctorCheck.sentence(error.message))
    }

    private func skippedAfter(_ cause: String, _ ids: [String], _ containers: [ResolvedContainer]) -> [DoctorCheck] {
        let why = "Not checked: needs the \(cause) line to pass."
        return ids.map { DoctorCheck.skipped($0, why) } + containers.map { DoctorCheck.skipped("export", container: $0.id.value, why) }
    }

    /// The configured team among the teams get-teams listed (`CKToolDiagnosis.teamCheck`).
    private func teamLine(_ teams: ProcessResult, into outcome: inout Outcome) -> String? {
        guard let team = configuration.teamID else {
            let fix: String
            do { _ = try configuration.requireTeamID(); fix = "" } catch { fix = error.message }
            outcome.checks.append(.failed("team", "No team id is configured and the Xcode project names none.", fix: fix))
            return nil
        }
        let from = "\(team.source.rawValue): \(team.origin)"
        let refusal = CKToolRefusal(teamID: team.value, containerID: nil, said: "", token: .init(environment: environment))
        switch CKToolDiagnosis.teamCheck(teams, teamID: team.value) {
        case .listed:
            outcome.checks.append(.passed("team", "Team \(team.value) (\(from)) is one of the token's teams."))
            return team.value
        case .notListed(let listed):
            outcome.checks.append(.failed(
                "team", "Team \(team.value) (\(from)) is not one of the teams \(refusal.tokenName) can use (get-teams lists \(listed.joined(separator: "; "))).",
                fix: DoctorCheck.sentence(refusal.teamFix + ", or use a token of that team")))
        case .tokenRefused, .notRun, .failed:
            outcome.checks.append(.failed(
                "team", "cktool get-teams listed no team, so team \(team.value) (\(from)) cannot be confirmed.",
                fix: "Run 'xcrun cktool get-teams' by hand and check that the token belongs to the app's team."))
        }
        return nil
    }

    /// Development and Production of each container, exported read-only, all at once
    /// (`CKToolExports`) and read container by container: a container's line reports the
    /// first of its two exports that failed, as when they ran one after another.
    private func exportLines(_ runner: CKToolRunner, team: String, _ containers: [ResolvedContainer], into outcome: inout Outcome) {
        guard !containers.isEmpty else {
            outcome.checks.append(.skipped("export", "Not checked: no container is configured (see the containers line)."))
            return
        }
        let environments = [CloudKitEnvironment.development, .production]
        for container in containers { log("exporting Development and Production of \(container.id.value) with cktool…") }
        let exports = CKToolExports(runner: runner, exports: containers.flatMap { container in
            environments.map { CKToolExports.Export(teamID: team, containerID: container.id.value, environment: $0) }
        }, limit: exportsAtOnce)
        defer { exports.stop() }
        for (number, container) in containers.enumerated() {
            let id = container.id.value
            let first = number * environments.count
            do {
                var counts: [String] = []
                for (offset, environment) in environments.enumerated() {
                    let export = try exports.export(first + offset)
                    if environment == .production { outcome.liveProduction[id] = export.schema }
                    let types = export.schema.recordTypes.count
                    counts.append("\(environment.displayName) \(types) record type\(types == 1 ? "" : "s")")
                }
                outcome.checks.append(.passed("export", container: id, "Exported (read-only): \(counts.joined(separator: ", "))."))
            } catch {
                // The line names this error; the container's other export is not needed.
                for offset in environments.indices { exports.discard(first + offset) }
                outcome.checks.append(.failed("export", container: id, "cktool could not export \(id) for team \(team).", fix: DoctorCheck.sentence(error.message)))
            }
        }
    }
}
