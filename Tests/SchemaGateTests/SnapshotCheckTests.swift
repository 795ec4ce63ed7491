import CloudKitSchema
import Testing
import TestSupport
@testable import SchemaGate

@Suite struct SnapshotCheckTests {
    let directory = TemporaryDirectory("snapshot")

    func live() throws -> Schema { try SchemaParser.parse(ExportFixtures.development) }

    func staleness(_ text: String?, explicit: Bool = false) throws -> Finding? {
        if let text { directory.write("cloudkit/production.ckdb", text) }
        return try SnapshotCheck.staleness(
            snapshot: .init(path: directory.file("cloudkit/production.ckdb"), explicit: explicit),
            displayPath: "cloudkit/production.ckdb", live: try live(), containerID: "iCloud.x", multipleContainers: false, repository: nil)
    }

    @Test func aMatchingSnapshotPassesWhateverItsLayout() throws {
        // Same schema, hand-formatted differently: structure counts, not text.
        let reformatted = ExportFixtures.development.replacingOccurrences(of: "        ", with: "\t")
        #expect(try staleness(reformatted) == nil)
    }

    /// Live Production gained a field since the snapshot: checks against it over-report at
    /// worst, so it is a warning (issue 27, case 5).
    @Test func aSnapshotBehindLiveProductionWarnsNamingTheRefreshCommand() throws {
        let finding = try #require(try staleness(ExportFixtures.production))
        #expect(finding.code == "snapshot-behind")
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("live has CD_Item.CD_notes, the snapshot does not"))
        #expect(finding.fix == "Refresh the snapshot: cloudkit-schema export --environment production --output cloudkit/production.ckdb, then review and commit it.")
        #expect(finding.fixSteps == [.refreshSnapshot])
    }

    /// A snapshot claiming what live Production lacks could pass a release Production refuses.
    @Test func aSnapshotAheadOfLiveProductionFails() throws {
        let production = try SchemaParser.parse(ExportFixtures.production)
        let ahead = try #require(SnapshotCheck.finding(
            committed: try live(), live: production, displayPath: "p.ckdb", containerID: "iCloud.x", refresh: "r"))
        #expect(ahead.code == "stale-snapshot" && ahead.severity == .error)
        #expect(ahead.message.contains("the snapshot has CD_Item.CD_notes, live does not"), "\(ahead.message)")
    }

    /// Each kind of difference, in each direction: only what lacks live Production's is behind.
    @Test func theDirectionOfEveryKindOfDifference() throws {
        let base = try live()
        var wider = base
        let item = try #require(wider.recordTypes.firstIndex { $0.name == "CD_Item" })
        let field = try #require(wider.recordTypes[item].fields.firstIndex { $0.name == "CD_name" })
        wider.recordTypes[item].grants.append(Grant([.read, .write], to: "_icloud"))
        wider.roles.append("Editor")
        wider.recordTypes.append(RecordType(name: "CD_New"))
        var retyped = base
        retyped.recordTypes[item].fields[field].type = .primitive(.bytes)
        var unindexed = base
        unindexed.recordTypes[item].fields[field].options = []
        func severity(snapshot: Schema, live: Schema) -> Severity? {
            SnapshotCheck.finding(committed: snapshot, live: live, displayPath: "p", containerID: "c", refresh: "r")?.severity
        }
        #expect(severity(snapshot: base, live: wider) == .warning)
        #expect(severity(snapshot: wider, live: base) == .error)
        #expect(severity(snapshot: retyped, live: base) == .error)
        #expect(severity(snapshot: unindexed, live: base) == .warning)
        #expect(severity(snapshot: base, live: unindexed) == .error)
        #expect(severity(snapshot: base, live: base) == nil)
    }

    @Test func aMissingConfiguredSnapshotIsAFinding() throws {
        let finding = try #require(try staleness(nil, explicit: true))
        #expect(finding.code == "missing-snapshot")
    }

    @Test func anUnreadableSnapshotIsAnInputError() {
        #expect(throws: SchemaFileError.self) { try staleness("RECORD TYPE") }
    }

    @Test func severalContainersNameTheContainerInTheCommand() {
        #expect(SnapshotCheck.refreshCommand(snapshot: "a.ckdb", containerID: "iCloud.b", multipleContainers: true)
            == "cloudkit-schema export --environment production --output a.ckdb --container-id iCloud.b")
    }
}
