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

    @Test func aStaleSnapshotFailsNamingTheRefreshCommand() throws {
        let finding = try #require(try staleness(ExportFixtures.production))
        #expect(finding.code == "stale-snapshot")
        #expect(finding.severity == .error)
        #expect(finding.message.contains("live has CD_Item.CD_notes, the snapshot does not"))
        #expect(finding.fix == "Refresh the snapshot: cloudkit-schema export --environment production --output cloudkit/production.ckdb, then review and commit it.")
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
