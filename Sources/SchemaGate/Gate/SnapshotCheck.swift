import CloudKitSchema
import Foundation

/// Compares a committed Production snapshot with live Production. CI checks without cktool
/// measure against the snapshot, so what it claims beyond live Production could pass a
/// release Production refuses (an error); what it lacks of live Production, deployed since
/// it was taken, can only make them report more than Production lacks (a warning).
package enum SnapshotCheck {
    package static func refreshCommand(snapshot: String, containerID: String, multipleContainers: Bool) -> String {
        "cloudkit-schema export --environment production --output \(snapshot)"
            + (multipleContainers ? " --container-id \(containerID)" : "")
    }

    /// Nil when the snapshot matches; otherwise one finding naming the refresh command.
    package static func staleness(
        snapshot: ResolvedContainer.Snapshot, displayPath: String, live: Schema, containerID: String, multipleContainers: Bool,
        repository: GitRepository?
    ) throws -> Finding? {
        let refresh = refreshCommand(snapshot: displayPath, containerID: containerID, multipleContainers: multipleContainers)
        guard FileManager.default.fileExists(atPath: snapshot.path) else {
            // Only a configured snapshot can be missing; the conventional one is used when present.
            return Finding(
                severity: .error, code: FindingCode.missingSnapshot.id,
                message: "the configured Production snapshot \(displayPath) does not exist",
                fix: "Create it with '\(refresh)' and commit it.", environment: "production", file: displayPath)
        }
        if let repository { _ = try CommittedSnapshot.verify(path: snapshot.path, shown: displayPath, repository: repository) }
        let committed = try NamedSchema.load(
            path: snapshot.path, displayPath: displayPath, name: "Production snapshot", environment: .production,
            role: "the committed Production snapshot", fix: "refresh it with '\(refresh)'")
        return finding(committed: committed.schema, live: live, displayPath: displayPath, containerID: containerID, refresh: refresh)
    }

    /// What the snapshot's differences from live Production mean for the checks that use it.
    static func finding(committed: Schema, live: Schema, displayPath: String, containerID: String, refresh: String) -> Finding? {
        let differences = SchemaDiff.differences(from: live, to: committed)
        guard !differences.isEmpty else { return nil }
        let beyond = differences.filter(claimsBeyondLive)
        let shown = beyond.isEmpty ? differences : beyond
        let examples = shown.prefix(3).map(describe).joined(separator: "; ")
        let counted = "\(plural(shown.count, "difference")): \(examples)\(shown.count > 3 ? "; …" : "")"
        let (severity, code, message): (Severity, FindingCode, String) = beyond.isEmpty
            ? (.warning, .snapshotBehind,
               "the committed Production snapshot \(displayPath) is behind live Production of \(containerID), which has gained since (\(counted)); checks against it can only report more than Production lacks, never less")
            : (.error, .staleSnapshot,
               "the committed Production snapshot \(displayPath) has what live Production of \(containerID) lacks, so a check against it could pass a release Production refuses (\(counted))")
        return Finding(
            severity: severity, code: code.id, message: message, fix: "Refresh the snapshot: \(refresh), then review and commit it.",
            fixSteps: [.refreshSnapshot], environment: "production", file: displayPath)
    }

    /// Whether a difference of the snapshot from live Production claims what live lacks
    /// (a record type, field, role, type, index or permission), rather than lacking what it has.
    static func claimsBeyondLive(_ difference: SchemaDifference) -> Bool {
        switch difference {
        case .missingRecordType, .missingField, .missingRole: return false
        case .extraRecordType, .extraField, .extraRole, .fieldTypeMismatch: return true
        case .indexOptionsDiffer(_, let live, let snapshot): return !live.options.isSuperset(of: snapshot.options)
        case .permissionsDiffer(_, _, let live, let snapshot): return !live.isSuperset(of: snapshot)
        }
    }

    static func describe(_ difference: SchemaDifference) -> String {
        switch difference {
        case .missingRecordType(let type): return "live has record type \(type.name), the snapshot does not"
        case .extraRecordType(let type): return "the snapshot has record type \(type.name), live does not"
        case .missingField(let type, let field): return "live has \(type).\(field.name), the snapshot does not"
        case .extraField(let type, let field): return "the snapshot has \(type).\(field.name), live does not"
        case .fieldTypeMismatch(let type, let live, let snapshot):
            return "\(type).\(live.name) is \(live.type) live but \(snapshot.type) in the snapshot"
        case .indexOptionsDiffer(let type, let live, _): return "\(type).\(live.name) is indexed differently"
        case .permissionsDiffer(let type, let role, _, _): return "\(type) grants \(role) differently"
        case .missingRole(let role): return "live has role \(role), the snapshot does not"
        case .extraRole(let role): return "the snapshot has role \(role), live does not"
        }
    }
}
