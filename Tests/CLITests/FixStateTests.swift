import Foundation
import TestSupport
import Testing

/// A missing field's fix follows the state: when Development already has it, deploying is
/// all that is left; when Development lacks it, it must be created first (by
/// initializeCloudKitSchema, or for a Composite attribute by saving a value); without a
/// Development export, both are said.
@Suite(.waitsOnProcesses) struct FixStateTests {
    static let pantry = fixtures + "/Pantry"

    func fixes(_ arguments: [String]) throws -> [String: String] {
        let run = runTool(["check", "--models", Self.pantry + "/Item.swift"] + arguments + ["--format", "json"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: findings.map { ($0["field"] as? String ?? "", $0["fix"] as? String ?? "") })
    }

    @Test func developmentHasItSoOnlyTheDeployIsMissing() throws {
        let fixes = try fixes(["--development", Self.pantry + "/development.ckdb", "--production", Self.pantry + "/production-missing-field.ckdb"])
        let fix = try #require(fixes["CD_notes"])
        #expect(fix.hasPrefix("Development already has it, so only the deploy is missing. Deploy the schema to Production"), "\(fix)")
        #expect(!fix.contains("Create it"), "\(fix)")
    }

    @Test func developmentLacksItSoItMustBeCreatedFirst() throws {
        let fixes = try fixes(["--development", Self.pantry + "/production-missing-field.ckdb", "--production", Self.pantry + "/production-missing-field.ckdb"])
        let fix = try #require(fixes["CD_notes"])
        #expect(fix.hasPrefix("Development lacks it too. Create it in Development (a debug build calling initializeCloudKitSchema"), "\(fix)")
        let asset = try #require(fixes["CD_notes_ckAsset"])
        #expect(asset.contains("saving a value larger than 1 MB"), "\(asset)")
    }

    /// Without Development, whether it holds leftovers is not known either: the fix resets
    /// it first, and says when the deploy alone is enough.
    @Test func withoutADevelopmentExportTheFixHoldsWhateverDevelopmentHolds() throws {
        let fixes = try fixes(["--production", Self.pantry + "/production-missing-field.ckdb"])
        let fix = try #require(fixes["CD_notes"])
        #expect(fix.hasPrefix("No Development export was compared, so this fix assumes nothing of it. Reset Development to Production"), "\(fix)")
        #expect(fix.contains("Then: Create it in Development"), "\(fix)")
        #expect(fix.contains("If Development already has it and holds nothing no model writes, the deploy alone is enough"), "\(fix)")
    }
}
