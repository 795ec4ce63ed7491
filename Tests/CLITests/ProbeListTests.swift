import CloudKitSchema
import CloudKitSyncDiagnostics
import Foundation
import TestSupport
import Testing

/// `probe-list`: the app's probe asks about exactly what the gate requires. The Stockroom
/// list in Generated/ is this command's output, compiled into this test target the way an
/// app compiles it.
@Suite(.waitsOnProcesses) struct ProbeListTests {
    static let models = "Examples/Stockroom/Models"
    static let generated = "Tests/CLITests/Generated/StockroomProbeList.swift"
    static let arguments = ["probe-list", "--models", models, "--container-id", "iCloud.com.example.stockroom", "--name", "stockroom"]

    /// What `expected` prints, as the probe's list: every record type but Users, every
    /// field but CloudKit's system fields.
    static func expectedList(_ run: RunResult) throws -> [ExpectedCloudKitSchema.RecordType] {
        let schema = try SchemaParser.parse(bytes: Array(run.stdout.utf8), file: "expected.ckdb")
        return schema.recordTypes.filter { $0.name != "Users" }.map { type in
            .init(type.name, fields: type.fields.filter { !$0.name.hasPrefix("___") }.map { .init($0.name, $0.type.description) })
        }
    }

    @Test func theCompiledListIsWhatExpectedRequires() throws {
        let expected = runTool(["expected", "--models", Self.models])
        #expect(expected.status == 0, "\(expected.stderr)")
        let list = try Self.expectedList(expected)
        #expect(list.count == 11)
        #expect(ExpectedCloudKitSchema.stockroom.recordTypes == list)
        #expect(ExpectedCloudKitSchema.stockroom.containerIdentifier == "iCloud.com.example.stockroom")
    }

    /// The files in Generated/ and in the example are what the command writes today
    /// (regenerate them with these arguments when the Stockroom models or the mapping change).
    @Test(arguments: [
        (generated, ["--name", "stockroom"]),
        ("Examples/SyncDiagnostics/ProductionSchema.swift", []),
    ])
    func theGeneratedFilesAreCurrent(file: String, name: [String]) throws {
        let run = runTool(["probe-list", "--models", Self.models, "--container-id", "iCloud.com.example.stockroom"] + name)
        #expect(run.status == 0, "\(run.stderr)")
        let committed = try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8)
        #expect(run.stdout == committed)
    }

    /// The gate's options decide which models are expected: with `includeUnregisteredModels`
    /// a model neither registered nor reachable is expected too, by both commands.
    @Test func theConfigurationChangesBothListsAlike() throws {
        for include in [false, true] {
            let project = TemporaryDirectory("probe-list")
            try FileManager.default.copyItem(
                atPath: packageRoot + "/Tests/ModelSourceTests/Fixtures/Projects/LeftOutOfModels", toPath: project.file("Models"))
            _ = project.write(".cloudkit-schema.json", #"{ "modelPaths": ["Models"], "includeUnregisteredModels": \#(include) }"#)
            let expected = runTool(["expected"], in: project.path)
            let probe = runTool(["probe-list"], in: project.path)
            #expect(expected.status == 0 && probe.status == 0, "\(expected.stderr)\(probe.stderr)")
            let names = try Self.expectedList(expected).map(\.name)
            #expect(names.contains("CD_Draft") == include, "\(names)")
            #expect(Self.recordTypeNames(in: probe.stdout) == names)
        }
    }

    static func recordTypeNames(in swift: String) -> [String] {
        swift.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("            .init(\""), line.hasSuffix(", fields: [") else { return nil }
            return line.split(separator: "\"")[1].description
        }
    }

    @Test func anUpToDateFileIsNotRewritten() throws {
        let directory = TemporaryDirectory("probe-list")
        let output = directory.file("Diagnostics/ProbeList.swift")
        let first = runTool(Self.arguments + ["--output", output])
        #expect(first.status == 0)
        #expect(first.stderr.contains("wrote 11 record types"))
        let stamp = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: output)
        let second = runTool(Self.arguments + ["--output", output])
        #expect(second.status == 0)
        #expect(second.stderr.contains("is up to date"))
        let after = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
        #expect(after == Date(timeIntervalSince1970: 0), "rewritten (was \(String(describing: stamp)))")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == String(contentsOfFile: packageRoot + "/" + Self.generated, encoding: .utf8))
    }

    /// An unreadable model would make the probe expect less: nothing is written, exit 2.
    @Test func unreadableModelsWriteNothing() throws {
        let project = TemporaryDirectory("probe-list")
        try FileManager.default.copyItem(atPath: packageRoot + "/" + Self.models, toPath: project.file("Models"))
        try FileManager.default.createSymbolicLink(atPath: project.file("Models/Broken.swift"), withDestinationPath: project.file("gone"))
        let run = runTool(["probe-list", "--models", "Models", "--output", "List.swift"], in: project.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("model sources could not be read"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.file("List.swift")))

        let none = runTool(["probe-list", "--models", "Examples/Stockroom/cloudkit", "--output", project.file("None.swift")])
        #expect(none.status == 2)
        #expect(!FileManager.default.fileExists(atPath: project.file("None.swift")))
    }

    @Test func theNameMustBeAnIdentifier() {
        for bad in ["1st", "app-list", "a b", "é"] {
            let run = runTool(["probe-list", "--models", Self.models, "--name", bad])
            #expect(run.status == 2, "\(bad)")
            #expect(run.stderr.contains("is not a Swift identifier"), "\(bad): \(run.stderr)")
        }
        let keyword = runTool(["probe-list", "--models", Self.models, "--name", "default"])
        #expect(keyword.status == 0)
        #expect(keyword.stdout.contains("static let `default` = ExpectedCloudKitSchema("))
    }

    /// Several containers with different models: the list depends on the choice.
    @Test func severalContainersNeedAChoiceWhenTheirModelsDiffer() throws {
        let project = TemporaryDirectory("probe-list")
        try FileManager.default.copyItem(atPath: packageRoot + "/" + Self.models, toPath: project.file("Models"))
        try FileManager.default.copyItem(
            atPath: packageRoot + "/Tests/ModelSourceTests/Fixtures/Projects/LeftOutOfModels", toPath: project.file("Other"))
        _ = project.write(".cloudkit-schema.json", """
            { "containers": [ { "id": "iCloud.com.example.one", "modelPaths": ["Models"] },
                              { "id": "iCloud.com.example.two", "modelPaths": ["Other"] } ] }
            """)
        let ambiguous = runTool(["probe-list"], in: project.path)
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr.contains("choose one with --container-id"), "\(ambiguous.stderr)")
        let chosen = runTool(["probe-list", "--container-id", "iCloud.com.example.two"], in: project.path)
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stdout.contains(#"containerIdentifier: "iCloud.com.example.two","#))
        #expect(Self.recordTypeNames(in: chosen.stdout) == ["CD_Document", "CD_Folder", "CD_Revision"])
    }

    @Test func severalContainersWithTheSameModelsShareTheListUnnamed() throws {
        let run = runTool(["probe-list", "--models", Self.models, "--container-id", "iCloud.com.example.a", "--container-id", "iCloud.com.example.b"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("containerIdentifier: nil,"))
        #expect(run.stderr.contains("2 containers are configured (iCloud.com.example.a, iCloud.com.example.b), so the file names none"))
    }
}
