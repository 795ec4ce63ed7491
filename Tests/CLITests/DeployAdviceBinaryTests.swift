import CloudKitSchema
import Foundation
import SchemaGate
import Testing
import TestSupport

/// Issue 27 through the built executable and a fake xcrun: no false block, and advice that
/// still holds after the user follows it (Docs/DeployAdvice.md).
@Suite(.waitsOnProcesses) struct DeployAdviceBinaryTests {
    /// The real binary in `directory`, against `fake`, without the machine's own variables.
    static func run(_ arguments: [String], in directory: String, fake: FakeXcrun) throws -> TestSupport.ProcessResult {
        var environment: [String: String?] = fake.environment().mapValues { $0 }
        for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "GITHUB_STEP_SUMMARY"] {
            environment.updateValue(nil, forKey: name)
        }
        return try runProcess(cloudkitSchemaBinary, arguments, in: directory, environment: environment)
    }

    struct JSONReport: Decodable {
        var status: String
        var findings: [Finding]
    }

    static func decode(_ stdout: String) throws -> JSONReport {
        try JSONDecoder().decode(JSONReport.self, from: Data(stdout.utf8))
    }

    /// Pantry's Development with an abandoned experiment: `CD_Item.CD_barcode` (and its
    /// companion) and a `CD_Coupon` type, which no model writes.
    static var developmentWithLeftovers: String {
        Pantry.development
            .replacingOccurrences(of: "        CD_addedAt             TIMESTAMP QUERYABLE SORTABLE,\n", with: """
                    CD_addedAt             TIMESTAMP QUERYABLE SORTABLE,
                    CD_barcode             STRING QUERYABLE SEARCHABLE SORTABLE,
                    CD_barcode_ckAsset     ASSET,

            """)
            .replacingOccurrences(of: "    RECORD TYPE Users (", with: """
                RECORD TYPE CD_Coupon (
                    CD_code                STRING QUERYABLE SEARCHABLE SORTABLE,
                    CD_entityName          STRING QUERYABLE SEARCHABLE SORTABLE,
                    "___createTime"        TIMESTAMP,
                    "___createdBy"         REFERENCE,
                    "___etag"              STRING,
                    "___modTime"           TIMESTAMP,
                    "___modifiedBy"        REFERENCE,
                    "___recordID"          REFERENCE QUERYABLE,
                    GRANT WRITE TO "_creator",
                    GRANT CREATE TO "_icloud",
                    GRANT READ TO "_world"
                );

                RECORD TYPE Users (
            """)
    }

    /// Case 3: Development's leftovers are reported as what they are, never as errors whose
    /// fix deploys them into Production for good.
    @Test func developmentLeftoversAreNotErrorsAndNoFixDeploysThem() throws {
        // What the release does need gets a deploy, which deletes the leftovers first.
        let fixture = try GateFixture(production: Pantry.productionMissingField)
        fixture.fake.setExport(.development, Self.developmentWithLeftovers)
        let lacking = try Self.decode(try Self.run(["gate", "--format", "json"], in: fixture.repo.path, fake: fixture.fake).stdout)
        let notes = try #require(lacking.findings.first { $0.field == "CD_notes" })
        #expect(notes.severity == .error && notes.fixSteps == [.removeLeftovers, .deploy])
        #expect(notes.fix?.contains("(CD_Coupon, CD_Item.CD_barcode and CD_Item.CD_barcode_ckAsset)") == true, "\(notes.fix ?? "")")

        // Deployed (Production only grows): the leftovers alone are warnings, never a deploy.
        fixture.fake.setExport(.production, Pantry.productionComplete)
        let gate = try Self.run(["gate", "--format", "json"], in: fixture.repo.path, fake: fixture.fake)
        #expect(gate.status == 0, "\(gate.output)")
        let report = try Self.decode(gate.stdout)
        #expect(report.findings.map { "\($0.severity) \($0.code) \($0.recordType ?? "").\($0.field ?? "")" }.sorted() == [
            "warning unwritten-field CD_Item.CD_barcode", "warning unwritten-field CD_Item.CD_barcode_ckAsset",
            "warning unwritten-record-type CD_Coupon.",
        ])
        #expect(report.findings.allSatisfy { $0.fixSteps == [.removeLeftovers] && !($0.fix ?? "").contains("Deploy Schema Changes") })
        #expect(report.findings.allSatisfy { $0.message.contains("deploying the schema would make it permanent in Production") })
    }

    /// Case 4: `"stringAssetField": "info"` holds when Development shows the gap too, in
    /// the gate and in `check` with export files alone.
    @Test func theConfiguredStringAssetSeverityHoldsWhereverTheGapIsSeen() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete.replacingOccurrences(
            of: "        CD_name_ckAsset        ASSET,\n", with: ""))
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\",\n  \"severities\": { \"stringAssetField\": \"info\" }"))
        try fixture.repo.commit("String companions are info")
        let gate = try Self.run(["gate", "--format", "json"], in: fixture.repo.path, fake: fixture.fake)
        #expect(gate.status == 0, "\(gate.output)")
        let asset = try #require(try Self.decode(gate.stdout).findings.first { $0.field == "CD_name_ckAsset" })
        #expect(asset.severity == .info)

        fixture.repo.write("development.ckdb", Pantry.development)
        fixture.repo.write("production.ckdb", Pantry.productionComplete.replacingOccurrences(of: "        CD_name_ckAsset        ASSET,\n", with: ""))
        let check = try Self.run(["check", "--development", "development.ckdb", "--production", "production.ckdb", "--format", "json"],
                                 in: fixture.repo.path, fake: fixture.fake)
        #expect(check.status == 0, "\(check.output)")
        #expect(try Self.decode(check.stdout).findings.map(\.severity) == [.info])
    }

    /// Case 5: a committed snapshot behind live Production (a deploy since) warns; one
    /// claiming what live Production lacks fails.
    @Test func aSnapshotBehindLiveProductionDoesNotBlock() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        fixture.repo.write("cloudkit/production.ckdb", Pantry.productionMissingField)
        try fixture.repo.commit("Production snapshot before notes was deployed")
        let behind = try Self.run(["gate"], in: fixture.repo.path, fake: fixture.fake)
        #expect(behind.status == 0, "\(behind.output)")
        #expect(behind.stdout.contains("[snapshot-behind]"), "\(behind.output)")
        #expect(behind.stdout.hasSuffix("cloudkit-schema gate: PASSED (exit 0): 0 errors, 1 warning, 0 info\n"), "\(behind.stdout)")

        // A snapshot claiming a field live Production lacks (and no model needs): only the snapshot fails it.
        fixture.repo.write("cloudkit/production.ckdb", Pantry.productionComplete.replacingOccurrences(
            of: "        CD_addedAt ", with: "        CD_legacy              STRING,\n        CD_addedAt "))
        try fixture.repo.commit("A snapshot claiming CD_legacy")
        let ahead = try Self.run(["gate", "--format", "json"], in: fixture.repo.path, fake: fixture.fake)
        #expect(ahead.status == 1, "\(ahead.output)")
        #expect(try Self.decode(ahead.stdout).findings.contains { $0.code == "stale-snapshot" && $0.severity == .error })
    }

    /// The advice-following loop of AdviceFollowingTests through the executable: the models
    /// in a repository, both environments served by the fake xcrun, the fixes read from the
    /// JSON report's `fixSteps` and `fix`.
    @Test func followingTheJSONReportsFixesConverges() throws {
        var random = SeededGenerator(seed: 1027)
        var followed: Set<FixStep> = []
        for seed in 0..<4 {
            var app = GeneratedApp.generate(&random)
            var cloud = FakeCloudKit.generate(for: app, &random)
            let initial = cloud.production
            let directory = TemporaryDirectory("advice-\(seed)")
            directory.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
                of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\",\n  \"severities\": { \"stringAssetField\": \"error\", \"moveReceipt\": \"error\" }"))
            var errors: [Finding] = []
            for round in 0..<4 {
                directory.write("App/Models/Models.swift", app.source)
                let fake = FakeXcrun(development: SchemaPrinter.print(cloud.development), production: SchemaPrinter.print(cloud.production), in: directory.path)
                let run = try Self.run(["check", "--format", "json"], in: directory.path, fake: fake)
                let report = try Self.decode(run.stdout)
                let now = report.findings.filter { $0.severity == .error }
                let again = now.filter { error in errors.contains { $0.recordType == error.recordType && $0.field == error.field } }
                #expect(again.isEmpty, "seed \(seed) round \(round): \(again.map(\.message))")
                errors = now
                guard !now.isEmpty || report.findings.contains(where: { $0.code.hasPrefix("unwritten-") }) else { break }
                #expect(round < 3, "seed \(seed): \(now.map(\.message))")
                let actionable = report.findings.filter { $0.severity != .info }
                followed.formUnion(actionable.flatMap { $0.fixSteps ?? [] })
                cloud.follow(actionable, app: &app)
                #expect(cloud.refusals.isEmpty, "seed \(seed): \(cloud.refusals)")
                for type in cloud.production.recordTypes {
                    for field in type.fields where initial.recordType(named: type.name)?.field(named: field.name) == nil {
                        #expect(app.writes(field, in: type.name), "seed \(seed): Production gained \(type.name).\(field.name)")
                    }
                }
            }
        }
        #expect(followed.isSuperset(of: [.create, .deploy]), "\(followed)")
    }
}
