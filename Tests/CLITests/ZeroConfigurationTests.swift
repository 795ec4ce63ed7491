import Foundation
import Testing
import TestSupport

/// A standard Xcode app needs no configuration file: every command resolves the team, the
/// container, the model paths and the tag pattern from what the project says, and the file
/// only overrides (README "Configuration").
@Suite(.waitsOnProcesses) struct ZeroConfigurationTests {
    @Test func theGateRunsWithoutAConfigurationFile() throws {
        let app = try XcodeAppFixture()
        let result = app.run(["gate"])
        // The verdict (Production lacks notes), not a setup error asking for the container or team.
        #expect(result.status == 1, "\(result.output)")
        #expect(result.stdout.contains("Production lacks field CD_Item.CD_notes"))
        // Both exports, in whichever order they started (they run at once).
        #expect(app.exports.sorted() == [
            "\(Pantry.team) \(Pantry.container) development", "\(Pantry.team) \(Pantry.container) production",
        ])
        #expect(result.stdout.contains("Last release: v1.0"), "the tag pattern v* came from the tags")
    }

    @Test func configSaysWhereEachValueCameFromAndGetAgrees() throws {
        let app = try XcodeAppFixture()
        let text = app.run(["config"]).stdout
        #expect(text.contains("teamId: \(Pantry.team) (project survey: Pantry.xcodeproj/project.pbxproj)"), "\(text)")
        #expect(text.contains("\(Pantry.container) (project survey: Pantry/Pantry.entitlements)"))
        // The app folder: the models' and the Schema([...]) that registers them (which models are expected).
        #expect(text.contains("modelPaths: Pantry (project survey: Pantry/Models/Item.swift and 1 more model file)"), "\(text)")
        #expect(text.contains("tagPattern: v* (project survey: git tags: 1 of 1 look like v1.2)"))
        // The hooks ask --get: the same resolution, the same values, from any folder of the repository.
        for directory in ["", "Pantry/Views"] {
            #expect(app.run(["config", "--get", "teamId"], in: directory).stdout == "\(Pantry.team)\n")
            #expect(app.run(["config", "--get", "tagPattern"], in: directory).stdout == "v*\n")
        }
        #expect(app.run(["config", "--get", "modelPaths"]).stdout == "Pantry\n")
    }

    @Test func theFileOverridesKeyByKeyAndFlagsAndTheEnvironmentOverrideBoth() throws {
        let app = try XcodeAppFixture()
        app.repo.write(".cloudkit-schema.json", #"{ "teamId": "ZYXWV98765" }"#)
        let text = app.run(["config"]).stdout
        #expect(text.contains("teamId: ZYXWV98765 (file: teamId)"), "\(text)")
        #expect(text.contains("\(Pantry.container) (project survey: Pantry/Pantry.entitlements)"), "what the file leaves out still comes from the project")
        #expect(app.run(["config", "--get", "teamId"], ["TEAM_ID": "QWERT12345"]).stdout == "QWERT12345\n")
        #expect(app.run(["config", "--get", "teamId", "--team-id", "ASDFG12345"], ["TEAM_ID": "QWERT12345"]).stdout == "ASDFG12345\n")
    }

    @Test func severalTeamsAreNotGuessed() throws {
        let app = try XcodeAppFixture()
        app.repo.write("Widgets.xcodeproj/project.pbxproj", XcodeProjectFixture.pbxproj(project: [:], targets: [
            XcodeProjectFixture.Target("Widgets", ["DEVELOPMENT_TEAM": "ZYXWV98765"]),
        ]))
        #expect(app.run(["config", "--get", "teamId"]).stdout.isEmpty)
        let gate = app.run(["gate"])
        #expect(gate.status == 2)
        #expect(gate.stdout.contains("the Xcode projects name 2 teams (\(Pantry.team), ZYXWV98765), so none is taken"), "\(gate.output)")
    }

    /// `models`, `expected`, `check --production` and `lint` read the same model paths as the
    /// gate: from the file when it has them, else from the project.
    @Test func everyCommandReadsTheResolvedModelPaths() throws {
        let app = try XcodeAppFixture()
        app.repo.write("production.ckdb", Pantry.productionMissingField)
        func expectModels(_ label: String) {
            let models = app.run(["models"])
            #expect(models.status == 0 && models.stdout.contains("Item  Pantry/Models/Item.swift:5"), "\(label): \(models.output)")
            let expected = app.run(["expected"])
            #expect(expected.status == 0 && expected.stdout.contains("RECORD TYPE CD_Item"), "\(label): \(expected.output)")
            let check = app.run(["check", "--production", "production.ckdb"])
            #expect(check.status == 1 && check.stdout.contains("CD_Item.CD_notes"), "\(label): \(check.output)")
            let lint = app.run(["lint"])
            #expect(lint.status == 0 && lint.stdout.contains("Linted 1 model(s)"), "\(label): \(lint.output)")
        }
        expectModels("no file")
        app.repo.write(".cloudkit-schema.json", #"{ "modelPaths": ["Pantry/Models"] }"#)
        expectModels("modelPaths in the file")
        // From a subfolder the paths still mean the file's (and are shown from there).
        let fromViews = app.run(["models"], in: "Pantry/Views")
        #expect(fromViews.status == 0 && fromViews.stdout.contains("Pantry/Models/Item.swift:5"), "\(fromViews.output)")
    }

    @Test func aWrongModelPathIsNamedOnce() throws {
        let app = try XcodeAppFixture()
        for arguments in [["models", "--models", "Nowhere"], ["expected", "--models", "Nowhere"], ["gate", "--models", "Nowhere", "--always"], ["lint", "--models", "Nowhere"]] {
            let result = app.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output)")
            #expect(result.output.components(separatedBy: "Nowhere").count - 1 == 1, "\(arguments): \(result.output)")
        }
        app.repo.write(".cloudkit-schema.json", #"{ "modelPaths": ["Pantry/Modles"] }"#)
        let models = app.run(["models"])
        #expect(models.status == 2 && models.stderr.contains("fix modelPaths in .cloudkit-schema.json"), "\(models.output)")
        #expect(models.output.components(separatedBy: "Pantry/Modles").count - 1 == 1, "\(models.output)")
    }

    /// `--target NAME` names an Xcode app target: its sources (the synchronized folder) are
    /// the model paths.
    @Test func anXcodeAppTargetSelectsItsSources() throws {
        let app = try XcodeAppFixture()
        #expect(app.run(["config", "--get", "modelPaths", "--target", "Pantry"]).stdout == "Pantry\n")
        let lint = app.run(["lint", "--target", "Pantry"])
        #expect(lint.status == 0 && lint.stdout.contains("Linted 1 model(s)"), "\(lint.output)")
        #expect(lint.stdout.contains("(2 configure a store)"), "the target's views and app file are its sources: \(lint.output)")
        let unknown = app.run(["lint", "--target", "Pantyr"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no target named 'Pantyr' (Xcode app targets: Pantry)"), "\(unknown.output)")
    }
}
