import CloudKitSchema
import CloudKitSchemaCLI
import Foundation
import ModelSource
import TestSupport
import Testing

/// `models`, `expected` and `check --models`, run in-process.
@Suite(.waitsOnProcesses) struct ModelCommandsTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ arguments: [String], in directory: String = packageRoot) -> Run {
        let console = CapturingConsole()
        let status = Tool.run(arguments, environment: [:], workingDirectory: directory, console: console.console)
        return Run(status: status, stdout: console.stdout, stderr: console.stderr)
    }

    static let models = "Examples/Stockroom/Models"
    static let production = "Examples/Stockroom/cloudkit/production.ckdb"

    /// Production alone is measured against the resolved models; where there are none to
    /// find, that is an input error naming --models (never a pass).
    @Test func checkNeedsModelsOrDevelopment() {
        let empty = TemporaryDirectory("no-models")
        let result = run(["check", "--production", packageRoot + "/" + Self.production], in: empty.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("found no @Model class or Core Data entity"), "\(result.stderr)")
        #expect(result.stderr.contains("point --models at the app's model sources"))
    }

    @Test func checkWithModelsAndNoDevelopmentWorks() throws {
        let result = run(["check", "--models", Self.models, "--production", Self.production, "--format", "json"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["findings"] as? [[String: Any]])?.count == 3)
    }

    @Test func modelPathsThatHoldNoModelAreAnInputError() {
        let missing = run(["check", "--models", "No/Such/Dir", "--production", Self.production])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("No/Such/Dir"))
        let empty = run(["expected", "--models", "Examples/Stockroom/cloudkit"])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("found no @Model class"))
    }

    @Test func anUnreadableModelFileMakesTheCheckAnError() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: packageRoot + "/" + Self.models, toPath: directory.file("Models"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("Models/Broken.swift"), withDestinationPath: directory.file("gone"))
        try FileManager.default.copyItem(atPath: packageRoot + "/" + Self.production, toPath: directory.file("production.ckdb"))
        let result = run(["check", "--models", "Models", "--production", "production.ckdb", "--format", "json"], in: directory.path)
        #expect(result.status == 2)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "error")
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["code"] as? String == "unreadable-file" && $0["file"] as? String == "Models/Broken.swift" })
    }

    @Test func modelsJSONFollowsTheContract() throws {
        let result = run(["models", "--models", Self.models, "--format", "json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let entities = try #require(json["entities"] as? [[String: Any]])
        #expect(entities.count == 10)
        let item = try #require(entities.first { $0["name"] as? String == "Item" })
        #expect(item["file"] as? String == "Examples/Stockroom/Models/Item.swift")
        #expect(item["line"] as? Int == 6)
        let attribute = try #require((item["attributes"] as? [[String: Any]])?.first)
        for key in ["name", "swiftType", "optional", "hasDefault", "externalStorage", "unique", "allowsCloudEncryption"] {
            #expect(attribute[key] != nil, "attribute key \(key)")
        }
        let relationship = try #require((item["relationships"] as? [[String: Any]])?.first { $0["name"] as? String == "tags" })
        #expect(relationship["destination"] as? String == "Tag")
        #expect(relationship["toMany"] as? Bool == true && relationship["optional"] as? Bool == true)
        #expect(relationship["inverse"] as? String == "items" && relationship["deleteRule"] as? String == "nullify")
    }

    @Test func modelsTextListsEntitiesAndWhereTheyAre() {
        let result = run(["models", "--models", Self.models])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Item  Examples/Stockroom/Models/Item.swift:6"))
        #expect(result.stdout.contains("10 models"))
        #expect(run(["models", "--models", Self.models, "--format", "xml"]).status == 2)
    }

    @Test func expectedPrintsAParsableSchemaInExportLayout() throws {
        let result = run(["expected", "--models", Self.models])
        #expect(result.status == 0)
        let schema = try SchemaParser.parse(bytes: Array(result.stdout.utf8), file: "expected.ckdb")
        #expect(SchemaPrinter.print(schema) == result.stdout, "canonical layout")
        #expect(schema.recordTypes.map(\.name) == [
            "CDMR", "CD_Bin", "CD_Category", "CD_CustomField", "CD_Item", "CD_ItemPhoto", "CD_Loan", "CD_Room",
            "CD_SavedSearch", "CD_StockCount", "CD_Tag", "Users",
        ])
    }

    @Test func helpListsTheNewCommands() {
        let overview = run(["--help"]).stdout
        #expect(overview.contains("models") && overview.contains("expected"))
        #expect(run(["check", "--help"]).stdout.contains("--models DIR..."))
    }
}

extension ModelCommandsTests {
    /// The JSON is written directly (not through JSONEncoder) and in pieces: the text a
    /// user gets is still JSONEncoder's, on a console that keeps strings and on bytes.
    @Test func modelsJSONIsJSONEncodersText() throws {
        let result = run(["models", "--models", Self.models, "--format", "json"])
        #expect(result.status == 0)
        let model = ModelReader.read(paths: [Self.models], workingDirectory: packageRoot)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(result.stdout == String(decoding: try encoder.encode(model), as: UTF8.self) + "\n")
    }

    @Test func bytesReachAStringConsoleDecoded() {
        let console = CapturingConsole()
        Array("héllo ".utf8).withUnsafeBytes { console.console.out(utf8: $0) }
        console.console.out(utf8: UnsafeRawBufferPointer(start: nil, count: 0))
        console.console.out("world")
        #expect(console.stdout == "héllo world")
    }
}
