import Foundation
import SchemaGate
import Testing
import TestSupport

@Suite(.waitsOnProcesses) struct ChangedCommandTests {
    @Test func jsonListsTheModelTouchingFiles() throws {
        let fixture = try GateFixture()
        fixture.repo.write("App/Models/Extra.swift", "import SwiftData\n@Model final class Extra { var a = 0; init() {} }\n")
        let result = fixture.run(["changed", "--format", "json"])
        #expect(result.status == 0, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "pass")
        #expect((json["base"] as? [String: Any])?["name"] as? String == "v1.0")
        #expect((json["base"] as? [String: Any])?["kind"] as? String == "tag")
        #expect(json["modelTouching"] as? Bool == true)
        #expect(json["modelFiles"] as? [String] == ["App/Models/Extra.swift", "App/Models/Item.swift"])
        #expect(json.keys.contains("modelChanged"))
        let files = try #require(json["files"] as? [[String: Any]])
        let extra = try #require(files.first { $0["path"] as? String == "App/Models/Extra.swift" })
        #expect(extra["change"] as? String == "untracked")
        #expect(extra["uncommitted"] as? Bool == true)
        #expect(extra["reasons"] as? [String] == ["declares @Model", "under model path App/Models"])
    }

    @Test func sinceAndTextOutput() throws {
        let fixture = try GateFixture()
        let head = fixture.run(["changed", "--since", "HEAD"])
        #expect(head.status == 0)
        #expect(head.stdout.contains("no model-touching change since HEAD (0 changed files)"))
        let text = fixture.run(["changed"])
        #expect(text.stdout.contains("  M  App/Models/Item.swift  (declares @Model; under model path App/Models)"))
    }

    @Test func verbosePrintsTheTimeOfEachStepToStandardError() throws {
        let fixture = try GateFixture()
        let result = fixture.run(["changed", "--format", "json", "--verbose"])
        #expect(result.status == 0, "\(result.output)")
        for step in ["find the base", "list changed files", "classify", "compare the persisted models"] {
            #expect(result.stderr.contains("timing: changes: \(step)"), "\(step): \(result.stderr)")
        }
        #expect(result.stderr.contains("timing: total"))
        #expect(!result.stdout.contains("timing:"))
        #expect(!fixture.run(["changed"]).stderr.contains("timing:"))
    }

    @Test func notARepositoryAndShallowClonesAreExitTwo() throws {
        let plain = TemporaryDirectory("plain")
        let outside = runTool(["changed", "--format", "json"], in: plain.path, environment: baseEnvironment())
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("is not inside a git work tree"))
        #expect(outside.stdout.contains("\"status\" : \"error\""))

        let fixture = try GateFixture()
        let clones = TemporaryDirectory("clone")
        try git(["clone", "-q", "--depth", "1", "file://\(fixture.repo.path)", clones.file("c")], in: clones.path)
        let shallow = runTool(["changed"], in: clones.file("c"), environment: baseEnvironment())
        #expect(shallow.status == 2)
        #expect(shallow.stderr.contains("git fetch --tags --unshallow"))
    }
}

@Suite(.waitsOnProcesses) struct ExportCommandTests {
    @Test func writesASnapshotInCanonicalLayout() throws {
        let fixture = try GateFixture()
        let result = fixture.run(["export", "--environment", "production", "--output", "cloudkit/production.ckdb"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stderr.contains("Wrote the Production schema of iCloud.com.example.pantry (2 record types) to cloudkit/production.ckdb."))
        #expect(fixture.repo.directory.read("cloudkit/production.ckdb") == Pantry.productionMissingField)
        // Printing instead of writing.
        let printed = fixture.run(["export", "--environment", "development"])
        #expect(printed.stdout == Pantry.development)
    }

    @Test func usageAndSetupErrors() throws {
        let fixture = try GateFixture()
        #expect(fixture.run(["export"]).status == 2)
        #expect(fixture.run(["export", "--environment", "staging"]).stderr.contains("unknown environment 'staging'"))
        let several = fixture.run(["export", "--environment", "production", "--container-id", "iCloud.a", "iCloud.b"])
        #expect(several.status == 2)
        #expect(several.stderr.contains("choose one with --container-id"))
        let noToken = fixture.run(["export", "--environment", "production"], mode: "no-token")
        #expect(noToken.status == 2)
        #expect(noToken.stderr.contains("save-token --type management"))
        #expect(noToken.lastLine == "cloudkit-schema export: ERROR (exit 2)")
    }
}

@Suite(.waitsOnProcesses) struct ConfigCommandTests {
    @Test func showsResolvedValuesAndTheirSources() throws {
        let fixture = try GateFixture()
        let result = fixture.run(["config"], ["TEAM_ID": "ZYXWV98765"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("teamId: ZYXWV98765 (environment: TEAM_ID)"))
        #expect(result.stdout.contains("  iCloud.com.example.pantry (file: containers)"))
        #expect(result.stdout.contains("tagPattern: v* (file: tagPattern)"))
        let flags = fixture.run(["config", "--format", "json", "--team-id", "QWERT12345"], ["TEAM_ID": "ZYXWV98765"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(flags.stdout.utf8)) as? [String: Any])
        let team = try #require(json["teamId"] as? [String: Any])
        #expect(team["value"] as? String == "QWERT12345")
        #expect(team["source"] as? String == "flag")
    }

    @Test func errorsNameTheKeyPath() throws {
        let fixture = try GateFixture()
        fixture.repo.write(".cloudkit-schema.json", #"{"containers": [{"id": "iCloud.a", "modelPath": ["x"]}]}"#)
        let result = fixture.run(["config"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("containers[0].modelPath: unknown key; did you mean 'modelPaths'?"))
    }
}

@Suite(.waitsOnProcesses) struct InitCommandTests {
    @Test func writesAStarterConfigurationFromTheRepository() throws {
        let repo = try FixtureRepository("init")
        repo.write("Pantry/Models/Item.swift", Pantry.model)
        repo.write("Pantry/Pantry.entitlements", """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>com.apple.developer.icloud-container-identifiers</key>
        <array><string>iCloud.com.example.pantry</string></array></dict></plist>
        """)
        repo.write("Pantry.xcodeproj/project.pbxproj", "DEVELOPMENT_TEAM = ABCDE12345;\n")
        try repo.commit("app")
        try repo.tag("v0.1")
        repo.write("Pantry/Deep/x.txt", "")
        let result = runTool(["init"], in: repo.directory.file("Pantry/Deep"), environment: baseEnvironment())
        #expect(result.status == 0, "\(result.output)")
        let written = try #require(repo.directory.read(".cloudkit-schema.json"))
        // What the survey finds is written as comments, never pinned: every command finds it again.
        let config = try ConfigFile.parse(written, file: "written")
        #expect(config.teamId == nil && config.containers.isEmpty && config.modelPaths == nil && config.tagPattern == nil)
        #expect(written.contains("// Found: ABCDE12345"), "\(written)")
        #expect(written.contains("// Found: iCloud.com.example.pantry."))
        #expect(written.contains("// Found: Pantry/Models."))
        #expect(written.contains("// Found: v* (what most tags look like)."))
        // Never overwritten by accident.
        let again = runTool(["init"], in: repo.path, environment: baseEnvironment())
        #expect(again.status == 2)
        #expect(again.stderr.contains("already exists"))
        #expect(runTool(["init", "--force"], in: repo.path, environment: baseEnvironment()).status == 0)
    }
}

@Suite(.waitsOnProcesses) struct ScaffoldCommandTests {
    @Test func writesTheInitializerForTheNamedTypes() throws {
        let fixture = try GateFixture()
        let result = fixture.run(["scaffold", "--output", "App/Debug/CloudKitSchemaInitializer.swift", "--type", "Item"])
        #expect(result.status == 0, "\(result.output)")
        let source = try #require(fixture.repo.directory.read("App/Debug/CloudKitSchemaInitializer.swift"))
        #expect(source.contains("#if DEBUG"))
        #expect(source.contains("        Item.self,"))
        #expect(source.contains("\"iCloud.com.example.pantry\""))
        #expect(fixture.run(["scaffold", "--output", "App/Debug/CloudKitSchemaInitializer.swift", "--type", "Item"]).status == 2)
        #expect(fixture.run(["scaffold", "--output", "x.swift", "--type", "Item.self]"]).status == 2)
        #expect(fixture.run(["scaffold", "--output", "y.swift", "--type", "Item", "--argument", "no dash"]).status == 2)
    }
}

/// `changed` (and so the gate) does not count the scaffold's file: it registers the models
/// for a throwaway store and persists nothing. Recognised by the mark it writes, not by name.
@Suite(.waitsOnProcesses) struct ScaffoldChangeDetectionTests {
    func modelTouching(_ fixture: GateFixture) throws -> Bool {
        let result = fixture.run(["changed", "--format", "json"])
        #expect(result.status == 0, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(json["modelTouching"] as? Bool)
    }

    @Test func theScaffoldsFileIsNotAModelChange() throws {
        let fixture = try GateFixture(changeModel: false)
        fixture.repo.write("README.md", "Pantry\n")
        try fixture.repo.commit("Docs")
        let file = "App/Models/Debug/CloudKitSchemaInitializer.swift"   // inside modelPaths
        #expect(fixture.run(["scaffold", "--output", file, "--type", "Item"]).status == 0)
        #expect(try !modelTouching(fixture), "untracked scaffold")
        try fixture.repo.commit("Add the scaffold")
        #expect(try !modelTouching(fixture), "committed scaffold")
        #expect(fixture.run(["scaffold", "--output", file, "--type", "Item", "--type", "Shelf", "--force"]).status == 0)
        #expect(try !modelTouching(fixture), "regenerated with another type")
        // The scaffold's model list is not the app's registration: what Production must hold
        // is unchanged, so once Production is known to hold it the gate needs no export.
        fixture.fake.setExport(.production, Pantry.productionComplete)
        #expect(fixture.run(["gate", "--no-create", "--always"]).status == 0)
        let calls = fixture.fake.calls.count
        let gate = fixture.run(["gate", "--no-create"])
        #expect(gate.status == 0, "\(gate.output)")
        #expect(fixture.fake.calls.count == calls, "the gate contacted CloudKit for a scaffold-only change")

        // The same file without its mark is an ordinary registration: model-touching.
        let source = try #require(fixture.repo.directory.read(file))
        fixture.repo.write(file, String(source.drop { $0 != "\n" }.dropFirst()))
        #expect(try modelTouching(fixture), "unmarked copy")
        // A model declared in it always counts.
        fixture.repo.write(file, source + "@Model final class Shelf {\n    var label: String = \"\"\n    init() {}\n}\n")
        #expect(try modelTouching(fixture), "scaffold declaring @Model")
    }
}

@Suite(.waitsOnProcesses) struct CreateCommandTests {
    func fixture(_ create: String) throws -> GateFixture {
        let fixture = try GateFixture()
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"create\": \(create)"))
        return fixture
    }

    @Test func runsTheCommandStreamingItsOutputThenExportsDevelopment() throws {
        let fixture = try fixture(#"{"command": ["sh", "-c", "echo launching app; echo done"]}"#)
        let result = fixture.run(["create"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stderr.contains("launching app\ndone\n"))
        #expect(fixture.fake.calls.map { $0[7] } == ["development"])
        let skipped = fixture.run(["create", "--no-verify"])
        #expect(skipped.stdout.contains("Verification: skipped (--no-verify)."))
    }

    @Test func failuresAndTimeoutsAreExitTwo() throws {
        #expect(try fixture(#"{"command": "exit 3"}"#).run(["create"]).status == 2)
        let hang = try fixture(#"{"command": "sleep 300"}"#)
        let started = Date()
        let result = hang.run(["create", "--timeout", "1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did not finish within 1 s"))
        #expect(Date().timeIntervalSince(started) < 15)
        let unconfigured = try GateFixture().run(["create"])
        #expect(unconfigured.status == 2)
        #expect(unconfigured.stderr.contains("no create command is configured"))
    }
}

@Suite(.waitsOnProcesses) struct LiveCheckTests {
    @Test func checkWithoutFilesExportsBothEnvironments() throws {
        let fixture = try GateFixture(production: Pantry.productionMissingField)
        let result = fixture.run(["check", "--format", "json"])
        #expect(result.status == 1, "\(result.output)")
        // Exported at once, so in no fixed order.
        #expect(fixture.fake.calls.map { $0[7] }.sorted() == ["development", "production"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        // Models (configured modelPaths) and Development both count; model findings point at the source.
        #expect(findings.first?["file"] as? String == "App/Models/Item.swift")
        #expect(findings.map { $0["field"] as? String } == ["CD_notes", "CD_notes_ckAsset"])

        let complete = try GateFixture(production: Pantry.productionComplete)
        #expect(complete.run(["check"]).status == 0)
        #expect(complete.run(["check"], mode: "no-token").status == 2)
        #expect(complete.run(["check", "--development", "x.ckdb"]).status == 2)
    }
}

@Suite(.waitsOnProcesses) struct CreateVerificationCommandTests {
    @Test func aRecordTypeStillMissingFromDevelopmentFailsCreate() throws {
        let fixture = try GateFixture()
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"create\": {\"command\": \"true\"}"))
        fixture.repo.write("App/Models/Shelf.swift", "import SwiftData\n\n@Model\nfinal class Shelf {\n    var label: String = \"\"\n    init() {}\n}\n")
        let result = fixture.run(["create"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.stdout.contains("Development of iCloud.com.example.pantry still lacks record type CD_Shelf after the create command ran"))
        #expect(result.stdout.contains("Development has 1 of the 2 record types the models need."))
    }

    @Test func unreadableModelsStopCreateBeforeItRuns() throws {
        let fixture = try GateFixture()
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", \"create\": {\"command\": \"touch ran.marker\"}"))
        fixture.repo.write("App/Models/Broken.xcdatamodel/contents", "<model><entity></model>")
        let result = fixture.run(["create"])
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: fixture.repo.directory.file("ran.marker")))
    }
}

@Suite(.waitsOnProcesses) struct ScaffoldFromModelsTests {
    @Test func readsTheRegisteredTypesOrTheSchemaVersion() throws {
        let fixture = try GateFixture()
        let plain = fixture.run(["scaffold", "--output", "Init.swift"])
        #expect(plain.status == 0, "\(plain.output)")
        #expect(fixture.repo.directory.read("Init.swift")?.contains("        Item.self,\n") == true)

        fixture.repo.write("Versioned/Schema.swift", """
        import SwiftData
        enum PantrySchemaV1: VersionedSchema {
            static var versionIdentifier = Schema.Version(1, 0, 0)
            static var models: [any PersistentModel.Type] { [Shelf.self] }

            @Model final class Shelf {
                var label: String = ""
                init() {}
            }
        }
        typealias Shelf = PantrySchemaV1.Shelf
        """)
        let versioned = fixture.run(["scaffold", "--output", "Versioned.swift", "--models", "Versioned"])
        #expect(versioned.status == 0, "\(versioned.output)")
        #expect(fixture.repo.directory.read("Versioned.swift")?.contains("{ PantrySchemaV1.models }") == true)
    }
}
