import CloudKitSchema
import Foundation
import SchemaGateBasics

/// The gate's one shortcut (README "The release gate", Docs/gate-skip-rule.md): pass without
/// contacting CloudKit when, for every container, the Production this repository last
/// exported (ProductionRecord) already holds everything this release requires. The same
/// check the gate runs against live Production runs against the record; since Production
/// only grows, what it finds no error in, live Production has too.
///
/// It declines (the gate then contacts CloudKit) whenever that argument does not hold: a
/// container without a record, a record that cannot be read, requirements that are not
/// known (no models read), an error against the record (Production may have gained it
/// since), or a committed snapshot that claims something the record does not show (the full
/// gate compares the snapshot with live Production).
package struct RecordedProductionCheck {
    package var store: ProductionRecord.Store
    /// The committed snapshot's state is asked of this repository.
    package var repository: GitRepository?

    package init(store: ProductionRecord.Store, repository: GitRepository?) {
        self.store = store
        self.repository = repository
    }

    package enum Outcome {
        /// Every container's requirements are in its record: the report's findings and notes.
        case satisfied(findings: [Finding], notes: [String])
        /// Why CloudKit must be contacted, for a note.
        case declined(String)
    }

    /// - Parameter models: a container's requirements (nil: not known, so no shortcut).
    package func evaluate(
        _ containers: [ResolvedContainer], root: String, models: (ResolvedContainer) -> ExpectedModelSchema.Outcome?
    ) -> Outcome {
        var findings: [Finding] = []
        var notes: [String] = []
        for container in containers {
            let id = container.id.value
            guard let expected = models(container)?.expected else {
                return .declined("the models were not read, so what Production must hold is not known")
            }
            let record: ProductionRecord
            switch store.load(containerID: id) {
            case .none: return .declined("no live export of \(id)'s Production is recorded in this repository yet")
            case .unusable(let why): return .declined("the Production record is unusable (\(why))")
            case .record(let found): record = found
            }
            let production = NamedSchema(
                name: "Production of \(id) (as exported \(record.exportedAtShown))", environment: "production",
                schema: record.schema, file: nil)
            let check = SchemaCheck(production: production, references: [], expected: expected).run()
            if let missing = check.findings.first(where: { $0.severity == .error }) {
                return .declined("the Production exported \(record.exportedAtShown) lacked what this release needs (\(missing.message)), and it may have it now")
            }
            if let claim = snapshotClaim(container, root: root, record: record) {
                return .declined(claim)
            }
            findings += check.findings
            let types = expected.schema.recordTypes.filter { $0.name != "Users" }.count
            notes.append("Production of \(id), as cktool exported it \(record.exportedAtShown) (recorded in this repository), already holds the \(types) record type\(types == 1 ? "" : "s") and every field this release requires; Production only grows, so CloudKit was not contacted. Run with --always to export it again.")
        }
        return .satisfied(findings: findings, notes: notes)
    }

    /// Why a committed snapshot keeps the shortcut from answering: the full gate compares it
    /// with live Production, and only a snapshot that shows nothing the record lacks is sure
    /// to pass that comparison.
    private func snapshotClaim(_ container: ResolvedContainer, root: String, record: ProductionRecord) -> String? {
        guard let snapshot = container.productionSnapshot, FileManager.default.fileExists(atPath: snapshot.path) else { return nil }
        let shown = UserPath.display(snapshot.path, from: root)
        if let repository {
            do {
                _ = try CommittedSnapshot.verify(path: snapshot.path, shown: shown, repository: repository)
            } catch {
                return error.message
            }
        }
        guard let committed = try? SchemaParser.parse(contentsOf: snapshot.path) else {
            return "the committed snapshot \(shown) could not be read"
        }
        let claims = SchemaDiff.differences(from: committed, to: record.schema).filter { difference in
            switch difference {
            case .extraRecordType, .extraField, .extraRole: return false  // the record (Production) has more: the snapshot is behind
            default: return true
            }
        }
        guard let first = claims.first else { return nil }
        return "the committed snapshot \(shown) shows what the recorded Production does not (\(Self.describe(first)))"
    }

    private static func describe(_ claim: SchemaDifference) -> String {
        switch claim {
        case .missingRecordType(let type): return "record type \(type.name)"
        case .missingField(let type, let field): return "field \(type).\(field.name)"
        case .fieldTypeMismatch(let type, let snapshot, let recorded): return "\(type).\(snapshot.name) as \(snapshot.type), recorded as \(recorded.type)"
        case .indexOptionsDiffer(let type, let field, _): return "other indexes on \(type).\(field.name)"
        case .permissionsDiffer(let type, let role, _, _): return "other grants to \(role) on \(type)"
        case .missingRole(let role): return "role \(role)"
        case .extraRecordType, .extraField, .extraRole: return "nothing"
        }
    }
}
