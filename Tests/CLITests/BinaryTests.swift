import CloudKitSchemaCLI
import Foundation
import TestSupport
import Testing

/// End-to-end runs of the real built binary.
@Suite(.waitsOnProcesses) struct BinaryTests {
    static let example = packageRoot + "/Examples/Stockroom/cloudkit"

    static let models = packageRoot + "/Examples/Stockroom/Models"

    /// Development matches Production, so comparing them finds nothing: "the diff that lied".
    /// What no debug build wrote is missing from both.
    @Test func quickStartDevelopmentAgainstProductionFindsNothing() throws {
        let result = try runProcess(cloudkitSchemaBinary, [
            "check", "--development", Self.example + "/development.ckdb",
            "--production", Self.example + "/production.ckdb", "--format", "json",
        ])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect((json["findings"] as! [[String: Any]]).isEmpty)
        #expect(json["status"] as? String == "pass")
    }

    /// The ten-model inventory app: Production lacks the rarely used SavedSearch type, the
    /// always-nil Item.warrantyExpires and the photo's _ckAsset companion. The models
    /// catch exactly those three, at their source lines, and nothing else; adding the
    /// Development export changes nothing (every gap it shares is reported once).
    @Test func quickStartModelsFindTheThreeGapsDevelopmentNeverSaw() throws {
        let base = ["check", "--models", Self.models, "--production", Self.example + "/production.ckdb", "--format", "json"]
        for arguments in [base, base + ["--development", Self.example + "/development.ckdb"]] {
            let result = try runProcess(cloudkitSchemaBinary, arguments)
            #expect(result.status == 1, "\(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
            let findings = json["findings"] as! [[String: Any]]
            let keys = findings.map {
                "\($0["severity"]!) \($0["code"]!) \($0["recordType"]!) \($0["field"] ?? "-") \($0["file"]!):\($0["line"]!) \($0["environment"]!)"
            }
            #expect(keys == [
                "error missing-field CD_Item CD_warrantyExpires \(Self.models)/Item.swift:\(try line("var warrantyExpires", "Item.swift")) production",
                "error missing-field CD_ItemPhoto CD_imageData_ckAsset \(Self.models)/ItemPhoto.swift:\(try line("var imageData", "ItemPhoto.swift")) production",
                "error missing-record-type CD_SavedSearch - \(Self.models)/SavedSearch.swift:\(try line("final class SavedSearch", "SavedSearch.swift")) production",
            ])
            #expect(json["status"] as? String == "fail")
        }
    }

    @Test func xcodeFormatPointsIntoTheSwiftSource() throws {
        let result = try runProcess(cloudkitSchemaBinary, [
            "check", "--models", "Examples/Stockroom/Models", "--production", "Examples/Stockroom/cloudkit/production.ckdb",
            "--format", "xcode",
        ], in: packageRoot)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Absolute: Xcode opens an issue's file by its absolute path.
        #expect(lines.contains { $0.hasPrefix(packageRoot + "/Examples/Stockroom/Models/Item.swift:\(try! line("var warrantyExpires", "Item.swift")): error: ") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix(packageRoot + "/Examples/Stockroom/Models/SavedSearch.swift:") && $0.contains("CD_SavedSearch") })
        #expect(result.status == 1)
    }

    /// The 1-based line of `needle` in a Stockroom model file.
    func line(_ needle: String, _ file: String) throws -> Int {
        let text = try String(contentsOfFile: Self.models + "/" + file, encoding: .utf8)
        let index = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains(needle) })
        return index + 1
    }

    @Test func versionAndHelp() throws {
        // The version itself is CHANGELOG.md's (ReleaseRuleTests); here: the binary prints it.
        #expect(try runProcess(cloudkitSchemaBinary, ["--version"]).stdout == Tool.version + "\n")
        let help = try runProcess(cloudkitSchemaBinary, ["--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: cloudkit-schema <command>"))
    }
}
