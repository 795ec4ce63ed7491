import Foundation
import Testing
import TestSupport

/// The gate's lint step compares with the commit change detection resolved as the base,
/// not with whatever the base's name resolves to when lint looks it up again.
@Suite(.waitsOnProcesses) struct GateBaseCommitTests {
    @Test func lintComparesWithTheBaseCommitTheGateFound() throws {
        let app = try XcodeAppFixture(changeModel: false, production: Pantry.productionComplete)
        app.repo.write("Pantry/Models/Item.swift", Pantry.model
            .replacingOccurrences(of: "var quantity: Int = 0", with: "var quantity: String = \"\""))
        try app.repo.commit("Retype quantity")
        // `refs/v1.0` outranks the tag `refs/tags/v1.0` when git resolves the name `v1.0`:
        // a lookup by name lands on HEAD, where nothing was retyped.
        _ = try app.repo.git(["update-ref", "refs/v1.0", "HEAD"])
        let result = app.run(["gate", "--always", "--no-create"])
        #expect(result.stdout.contains("[property-type-changed]"), "\(result.output)")
        #expect(result.status == 1, "\(result.output)")
    }
}
