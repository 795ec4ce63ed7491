import Foundation
import TestSupport
import Testing

/// What Core Data writes, end to end (Docs/CloudKitMapping.md): models whose Production
/// holds exactly that pass, and what is missing gets the fix that creates it.
@Suite(.waitsOnProcesses) struct MappingCommandTests {
    static let mapping = packageRoot + "/Tests/CLITests/Fixtures/mapping"
    /// A SwiftData model with a Codable struct, a String-backed enum and a plain Codable enum.
    static let swiftData = mapping + "/swiftdata"
    /// A Core Data model with derived, transient, mirroring-ignored, Composite, external
    /// storage and userInfo-encrypted attributes.
    static let coreData = mapping + "/coredata"

    static func check(_ arguments: [String]) throws -> (status: Int32, findings: [[String: Any]], stdout: String) {
        let result = try runProcess(cloudkitSchemaBinary, ["check"] + arguments + ["--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        return (result.status, json["findings"] as? [[String: Any]] ?? [], result.stdout)
    }

    @Test func codableAndEnumsPassAgainstWhatCoreDataWrites() throws {
        let run = try Self.check(["--models", Self.swiftData + "/Models", "--production", Self.swiftData + "/production.ckdb"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.findings.isEmpty, "no _ckAsset companion is expected for Composite attributes")
    }

    @Test func derivedAndTransientAttributesPassAgainstWhatCoreDataWrites() throws {
        let run = try Self.check(["--models", Self.coreData, "--production", Self.coreData + "/production.ckdb"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.findings.isEmpty, "derived, transient and ignored attributes are never written")
    }

    /// `expected` prints exactly the Production these fixtures hold, in cktool's layout.
    @Test func expectedPrintsWhatCoreDataWrites() throws {
        for fixture in [(Self.swiftData + "/Models", Self.swiftData), (Self.coreData, Self.coreData)] {
            let result = try runProcess(cloudkitSchemaBinary, ["expected", "--models", fixture.0])
            #expect(result.status == 0)
            #expect(result.stdout == (try String(contentsOfFile: fixture.1 + "/production.ckdb", encoding: .utf8)))
        }
    }

    /// A Composite field Production lacks: initializeCloudKitSchema cannot create it, a
    /// saved record can, and the fix says so.
    @Test func aMissingCompositeFieldSaysWhatCreatesIt() throws {
        let dir = TemporaryDirectory("mapping")
        let production = try String(contentsOfFile: Self.swiftData + "/production.ckdb", encoding: .utf8)
        let path = dir.write("production.ckdb", production.replacingOccurrences(of: "        CD_destination         BYTES QUERYABLE SORTABLE,\n", with: ""))
        let run = try Self.check(["--models", Self.swiftData + "/Models", "--production", path])
        #expect(run.status == 1)
        #expect(run.findings.count == 1)
        let finding = try #require(run.findings.first)
        #expect(finding["severity"] as? String == "error" && finding["field"] as? String == "CD_destination")
        let fix = try #require(finding["fix"] as? String)
        #expect(fix.contains("initializeCloudKitSchema writes no sample value for Composite attributes (Codable structs and enums), so it does not create CD_destination"))
        #expect(fix.contains("run a debug build that saves a Trip with destination set"))
    }

    /// A collection's companion is unverified: lacking it is a warning that says so and how
    /// to confirm it; a Decimal field of another number type is a warning too.
    @Test func unverifiedMappingsWarnAndSayHowToConfirm() throws {
        let dir = TemporaryDirectory("mapping")
        let models = dir.write("Models/Note.swift", """
        import SwiftData
        @Model final class Note {
            var tags: [String] = []
            var price: Decimal = 0
            init() {}
        }
        """)
        let production = dir.write("production.ckdb", """
        DEFINE SCHEMA
            RECORD TYPE CD_Note (
                CD_entityName STRING, CD_moveReceipt BYTES, CD_moveReceipt_ckAsset ASSET,
                CD_price INT64, CD_tags BYTES,
                "___createTime" TIMESTAMP, "___createdBy" REFERENCE, "___etag" STRING, "___modTime" TIMESTAMP,
                "___modifiedBy" REFERENCE, "___recordID" REFERENCE,
                GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world"
            );
        """)
        let run = try Self.check(["--models", URL(fileURLWithPath: models).deletingLastPathComponent().path, "--production", production])
        #expect(run.status == 0, "warnings only: \(run.stdout)")
        let byField = Dictionary(uniqueKeysWithValues: run.findings.map { ($0["field"] as? String ?? "", $0) })
        let companion = try #require(byField["CD_tags_ckAsset"])
        #expect(companion["severity"] as? String == "warning")
        #expect((companion["message"] as? String)?.contains("unverified mapping: whether Core Data gives a SwiftData array, set or dictionary a _ckAsset companion") == true)
        #expect((companion["fix"] as? String)?.contains("confirm it in the CloudKit Console: from a debug build save a Note whose tags value is larger than 1 MB") == true)
        let price = try #require(byField["CD_price"])
        #expect(price["code"] as? String == "field-type-mismatch" && price["severity"] as? String == "warning")
        #expect((price["message"] as? String)?.contains("unverified mapping") == true)
    }
}

/// The same fixes from `gate` and `create`, which reach CloudKit through a fake xcrun.
@Suite(.waitsOnProcesses) struct MappingPipelineTests {
    static let tripModel = (try? String(contentsOfFile: MappingCommandTests.swiftData + "/Models/Trip.swift", encoding: .utf8)) ?? ""

    /// Pantry's complete Production plus the Trip types, without `CD_Trip.CD_destination`.
    static var productionWithoutDestination: String {
        let trip = (try? String(contentsOfFile: MappingCommandTests.swiftData + "/production.ckdb", encoding: .utf8)) ?? ""
        let item = Pantry.productionComplete.components(separatedBy: "\n\n").first { $0.contains("RECORD TYPE CD_Item (") } ?? ""
        return trip.replacingOccurrences(of: "        CD_destination         BYTES QUERYABLE SORTABLE,\n", with: "")
            .replacingOccurrences(of: "DEFINE SCHEMA\n", with: "DEFINE SCHEMA\n\n" + item)
    }

    @Test func gateGivesTheCompositeFix() throws {
        let fixture = try GateFixture(production: Self.productionWithoutDestination)
        fixture.repo.write("App/Models/Trip.swift", Self.tripModel)
        fixture.fake.setExport(.development, Self.productionWithoutDestination)
        let result = fixture.run(["gate", "--no-create", "--format", "json"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.stdout.contains("Production lacks field CD_Trip.CD_destination (BYTES)"))
        #expect(result.stdout.contains("so it does not create CD_destination: run a debug build that saves a Trip with destination set"))
    }

    @Test func createSaysInitializeCloudKitSchemaCannotCreateACompositeField() throws {
        let fixture = try GateFixture(production: Self.productionWithoutDestination)
        fixture.repo.write("App/Models/Trip.swift", Self.tripModel)
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"create\": {\"command\": \"true\"}"))
        fixture.fake.setExport(.development, Self.productionWithoutDestination)
        let result = fixture.run(["create"])
        #expect(result.stdout.contains("lacks field CD_Trip.CD_destination (BYTES) after the create command ran: initializeCloudKitSchema writes no sample value for Composite attributes (Codable structs and enums), so it cannot create it"), "\(result.output)")
        #expect(result.stdout.contains("Run a debug build that saves a Trip with destination set, then check that Development has CD_destination."))
    }
}
