import Foundation
import Testing
import TestSupport

/// The real executable's exit status and last line: what a release script and a plugin host see.
@Suite(.waitsOnProcesses) struct GateBinaryTests {
    func gate(_ fixture: GateFixture, _ extra: [String: String?] = [:]) throws -> TestSupport.ProcessResult {
        var environment: [String: String?] = fixture.fake.environment().mapValues { $0 }
        // Variables of the machine running the tests must not leak into the gate.
        for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "GITHUB_STEP_SUMMARY"] {
            environment.updateValue(nil, forKey: name)
        }
        for (key, value) in extra { environment.updateValue(value, forKey: key) }
        return try runProcess(cloudkitSchemaBinary, ["gate"], in: fixture.repo.path, environment: environment)
    }

    @Test func exitStatusesOfTheRealBinary() throws {
        let failing = try GateFixture(production: Pantry.productionMissingField)
        let fail = try gate(failing)
        #expect(fail.status == 1)
        // notes is an error; its String companion a warning (`stringAssetField`'s default).
        #expect(fail.stdout.hasSuffix("cloudkit-schema gate: FAILED (exit 1): 1 error, 1 warning, 0 info\n"), "\(fail.stdout)")

        let passing = try GateFixture(production: Pantry.productionComplete)
        #expect(try gate(passing).status == 0)
        let skip = try gate(passing, ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        #expect(skip.status == 0)
        #expect(skip.stdout.contains("SKIPPED: SKIP_CLOUDKIT_SCHEMA_CHECK=1"))
        let unclear = try gate(passing, ["SKIP_CLOUDKIT_SCHEMA_CHECK": "maybe"])
        #expect(unclear.status == 2)
        #expect(unclear.stdout.hasSuffix("cloudkit-schema gate: ERROR (exit 2): 1 error, 0 warnings, 0 info\n"))
    }
}
