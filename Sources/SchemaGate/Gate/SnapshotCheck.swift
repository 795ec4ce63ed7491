import CloudKitSchema
import Foundation

/// Compares a committed Production snapshot with live Production. A stale snapshot
/// makes CI checks without cktool measure against a Production that no longer exists.
package enum SnapshotCheck {
    package static func refreshCommand(snapshot: String, containerID: String, multipleContainers: Bool) -> String {
        "cloudkit-schema export --environment production --output \(snapshot)"
            + (multipleContainers ? " --container-id \(containerID)" : "")
    }

    /// Nil when the snapshot matches; otherwise one error finding naming the refresh command.
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
        let differences = SchemaDiff.differences(from: live, to: committed.schema)
        guard !differences.isEmpty else { return nil }
        let examples = differences.prefix(3).map(describe).joined(separator: "; ")
        return Finding(
            severity: .error, code: FindingCode.staleSnapshot.id,
            message: "the committed Production snapshot \(displayPath) differs from live Production of \(containerID) (\(differences.count) difference\(differences.count == 1 ? "" : "s"): \(examples)\(differences.count > 3 ? "; …" : ""))",
            fix: "Refresh the snapshot: \(refresh), then review and commit it.",
            environment: "production", file: displayPath)
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
