import Foundation
import Testing
import TestSupport

/// The gate skips CloudKit only when nothing Production must hold is missing from what this
/// repository last exported of live Production (Docs/gate-skip-rule.md). Each test is a
/// release history that a gate deciding on changed files passed while `gate --always`
/// blocked; every run here is the real binary with a fake cktool.
@Suite(.waitsOnProcesses) struct GateSkipRuleTests {
    /// A release repository with a configuration, run through the built binary.
    final class Release: @unchecked Sendable {
        let repo: FixtureRepository
        let fake: FakeXcrun

        init(configuration: String = Pantry.configuration, production: String = Pantry.productionMissingField,
             development: String = Pantry.productionMissingField) throws {
            repo = try FixtureRepository("release")
            repo.write(".cloudkit-schema.json", configuration)
            fake = FakeXcrun(development: development, production: production)
        }

        func run(_ arguments: [String], mode: String = "ok", in directory: String? = nil, _ extra: [String: String] = [:]) throws -> ProcessResult {
            var environment: [String: String?] = fake.environment(mode: mode, extra).mapValues { $0 }
            for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "GITHUB_STEP_SUMMARY"]
            where extra[name] == nil {
                environment.updateValue(nil, forKey: name)
            }
            return try runProcess(cloudkitSchemaBinary, arguments, in: directory ?? repo.path, environment: environment)
        }

        /// The gate, and `gate --always` on the same state: the rule's two sides.
        func gates() throws -> (gate: ProcessResult, always: ProcessResult) {
            (try run(["gate", "--no-create"]), try run(["gate", "--no-create", "--always"]))
        }

        var exports: Int { fake.calls.filter { $0.count > 1 && $0[1] == "export-schema" }.count }
    }

    static let itemWithoutNotes = Pantry.model.replacingOccurrences(of: "    var notes: String?\n", with: "")

    /// v1.1 is refused, yet its tag stays; v1.1.1 (a README change) must not pass on top of
    /// it, whether v1.1's gate failed, stopped (exit 2) or was skipped.
    @Test(arguments: ["failed", "stopped", "skipped"])
    func aRefusedTagIsNeverTheProofOfTheNext(how: String) throws {
        let release = try Release()
        release.repo.write("App/Models/Item.swift", Self.itemWithoutNotes)
        try release.repo.commit("1.0")
        try release.repo.tag("v1.0")
        #expect(try release.run(["gate", "--no-create"]).status == 0)
        release.repo.write("App/Models/Item.swift", Pantry.model)
        try release.repo.commit("Notes")
        try release.repo.tag("v1.1")
        let refused: ProcessResult
        switch how {
        case "failed": refused = try release.run(["gate", "--no-create"])
        case "stopped": refused = try release.run(["gate", "--no-create"], mode: "network")
        default: refused = try release.run(["gate", "--no-create"], ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"])
        }
        #expect(refused.status == ["failed": 1, "stopped": 2, "skipped": 0][how], "\(refused.output)")
        release.repo.write("README.md", "1.1.1\n")
        try release.repo.commit("Docs")
        try release.repo.tag("v1.1.1")
        let (gate, always) = try release.gates()
        #expect(gate.status == 1, "\(gate.output)")
        #expect(gate.stdout.contains("Production lacks field CD_Item.CD_notes"), "\(gate.output)")
        #expect(!gate.stdout.contains("CloudKit was not contacted"))
        #expect(always.status == 1)
    }

    /// Sync arrives in 1.1: the entitlement and `.private(...)` are added, no model changes.
    @Test func turningSyncOnWithoutAModelEditIsChecked() throws {
        let release = try Release(configuration: #"{ "teamId": "\#(Pantry.team)", "tagPattern": "v*" }"#,
                                  production: SchemaTexts.emptyProduction, development: Pantry.productionMissingField)
        release.repo.write("App/Models/Item.swift", Self.itemWithoutNotes)
        release.repo.write("App/PantryApp.swift", XcodeAppFixture.app(database: ".none"))
        try release.repo.commit("1.0, local only")
        try release.repo.tag("v1.0")
        release.repo.write("App/Pantry.entitlements", XcodeAppFixture.entitlements)
        release.repo.write("App/PantryApp.swift", XcodeAppFixture.app())
        try release.repo.commit("Sync arrives")
        try release.repo.tag("v1.1")
        let (gate, always) = try release.gates()
        #expect(gate.status == 1, "\(gate.output)")
        #expect(gate.stdout.contains("Production lacks record type CD_Item"), "\(gate.output)")
        #expect(always.status == 1)
    }

    /// The configuration moves the app to another container: its Production is its own.
    @Test func movingToAnotherContainerIsChecked() throws {
        let release = try Release(production: Pantry.productionComplete, development: Pantry.productionComplete)
        release.repo.write("App/Models/Item.swift", Pantry.model)
        try release.repo.commit("1.0")
        try release.repo.tag("v1.0")
        #expect(try release.run(["gate", "--no-create"]).status == 0)
        release.fake.setExport(.production, SchemaTexts.emptyProduction, container: "iCloud.com.example.moved")
        release.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(of: Pantry.container, with: "iCloud.com.example.moved"))
        try release.repo.commit("Move to a new container")
        try release.repo.tag("v1.1")
        let (gate, always) = try release.gates()
        #expect(gate.status == 1, "\(gate.output)")
        #expect(gate.stdout.contains("CloudKit is contacted: no live export of iCloud.com.example.moved's Production is recorded"), "\(gate.output)")
        #expect(always.status == 1)
    }

    /// Models in a submodule: a clone without its submodules cannot say what Production
    /// must hold, so the gate stops and says how to check them out.
    @Test func aSubmoduleThatIsNotCheckedOutStopsTheGate() throws {
        let shared = try FixtureRepository("shared-models")
        shared.write("Item.swift", Self.itemWithoutNotes)
        try shared.commit("Item")
        let release = try Release(
            configuration: Pantry.configuration.replacingOccurrences(of: #""modelPaths": ["App/Models"]"#, with: #""modelPaths": ["App/Models", "Shared"]"#),
            production: Pantry.productionMissingField, development: Pantry.productionMissingField)
        release.repo.write("App/Models/README.md", "models live in Shared\n")
        try release.repo.git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", shared.path, "Shared"])
        try release.repo.commit("1.0")
        try release.repo.tag("v1.0")
        #expect(try release.run(["gate", "--no-create"]).status == 0)
        shared.write("Tag.swift", "import SwiftData\n\n@Model\nfinal class Tag {\n    var label: String = \"\"\n    init() {}\n}\n")
        try shared.commit("Tag")
        try TestSupport.git(["-c", "protocol.file.allow=always", "pull", "-q", "--no-rebase", shared.path, "main"], in: release.repo.directory.file("Shared"))
        try release.repo.commit("Bump Shared: Tag")
        try release.repo.tag("v1.1")
        #expect(try release.run(["gate", "--no-create"]).status == 1, "the full checkout sees Tag")

        let clone = TemporaryDirectory("clone")
        try TestSupport.git(["clone", "-q", release.repo.path, clone.file("app")], in: clone.path)
        let result = try release.run(["gate", "--no-create"], in: clone.file("app"))
        #expect(result.status == 2, "\(result.output)")
        #expect(result.stdout.contains("submodules that are not checked out here (Shared)"), "\(result.output)")
        #expect(result.stdout.contains("git submodule update --init --recursive"))
    }

    /// `iCloud.$(CFBundleIdentifier)` first (the container `.automatic` uses), a literal second:
    /// both are checked, and one the project cannot expand stops the gate with the reason.
    @Test func aContainerMadeOfBuildSettingsIsExpandedOrStopsTheGate() throws {
        let release = try Release(configuration: #"{ "teamId": "\#(Pantry.team)", "tagPattern": "v*" }"#,
                                  production: Pantry.productionComplete, development: Pantry.productionComplete)
        release.fake.setExport(.production, Pantry.productionMissingField, container: "iCloud.com.example.pantry")
        release.repo.write("Pantry.xcodeproj/project.pbxproj", XcodeAppFixture.project())
        release.repo.write("Pantry/Pantry.entitlements", XcodeAppFixture.entitlements.replacingOccurrences(
            of: "<string>\(Pantry.container)</string>", with: "<string>iCloud.$(CFBundleIdentifier)</string>\n\t\t<string>iCloud.com.example.shared</string>"))
        release.repo.write("Pantry/Models/Item.swift", Pantry.model)
        try release.repo.commit("1.0")
        try release.repo.tag("v1.0")
        let (gate, always) = try release.gates()
        #expect(gate.status == 1, "\(gate.output)")
        #expect(gate.stdout.contains("Production (iCloud.com.example.pantry) lacks field CD_Item.CD_notes"), "\(gate.output)")
        let containers = Set(release.fake.calls.filter { $0.count > 5 && $0[1] == "export-schema" }.map { $0[5] })
        #expect(containers == ["iCloud.com.example.pantry", "iCloud.com.example.shared"])
        #expect(always.status == 1)

        // No target signs with the file: the entry cannot be expanded, and the gate says so.
        release.repo.write("Pantry.xcodeproj/project.pbxproj", XcodeAppFixture.project(["CODE_SIGN_ENTITLEMENTS": "Other.entitlements"]))
        let unknown = try release.run(["gate", "--no-create"])
        #expect(unknown.status == 2, "\(unknown.output)")
        #expect(unknown.stdout.contains("Pantry/Pantry.entitlements names the iCloud container iCloud.$(CFBundleIdentifier), which cannot be told here"), "\(unknown.output)")
        #expect(unknown.stdout.contains("list every container the app uses in \"containers\""))
    }

    /// modelPaths pinned to Shared; v1.1 registers a model declared in App/Receipts.
    @Test func aRegisteredModelOutsideTheModelPathsStopsTheGate() throws {
        let release = try Release(
            configuration: Pantry.configuration.replacingOccurrences(of: #""modelPaths": ["App/Models"]"#, with: #""modelPaths": ["Shared"]"#),
            production: Pantry.productionComplete, development: Pantry.productionComplete)
        release.repo.write("Shared/Item.swift", Pantry.model)
        release.repo.write("Shared/Container.swift", "import SwiftData\n\nlet schema = Schema([Item.self])\n")
        try release.repo.commit("1.0")
        try release.repo.tag("v1.0")
        #expect(try release.run(["gate", "--no-create"]).status == 0)
        release.repo.write("App/Receipts/Receipt.swift", "import SwiftData\n\n@Model\nfinal class Receipt {\n    var total: Double = 0\n    init() {}\n}\n")
        release.repo.write("Shared/Container.swift", "import SwiftData\n\nlet schema = Schema([Item.self, Receipt.self])\n")
        try release.repo.commit("Receipts")
        try release.repo.tag("v1.1")
        let gate = try release.run(["gate", "--no-create"])
        #expect(gate.status == 2, "\(gate.output)")
        #expect(gate.stdout.contains("the app registers Receipt (declared in App/Receipts/Receipt.swift), outside the configured model paths"), "\(gate.output)")
        #expect(gate.stdout.contains("add App/Receipts to modelPaths"))
    }

    /// ios/v1.0, android/v3.0, ios/v1.1 without a pattern: the release before ios/v1.1 would
    /// be Android's. The gate stops and proposes the family's pattern; with it, all is well.
    @Test func tagsOfSeveralFamiliesNeedAPattern() throws {
        let release = try Release(configuration: Pantry.configuration.replacingOccurrences(of: #", "tagPattern": "v*""#, with: "")
            .replacingOccurrences(of: ",\n  \"tagPattern\": \"v*\"", with: ""),
            production: Pantry.productionComplete, development: Pantry.productionComplete)
        release.repo.write("App/Models/Item.swift", Self.itemWithoutNotes)
        try release.repo.commit("ios 1.0")
        try release.repo.tag("ios/v1.0")
        release.repo.write("App/Models/Item.swift", Pantry.model)
        try release.repo.commit("notes")
        try release.repo.tag("android/v3.0")
        release.repo.write("README.md", "ios 1.1\n")
        try release.repo.commit("ios 1.1")
        try release.repo.tag("ios/v1.1")
        let gate = try release.run(["gate", "--no-create"])
        #expect(gate.status == 2, "\(gate.output)")
        #expect(gate.stdout.contains("belong to 2 release families (ios/v* (2 tags, e.g. ios/v1.1); android/v* (1 tag, e.g. android/v3.0))"), "\(gate.output)")
        #expect(gate.stdout.contains(#""tagPattern": "ios/v*" or "tagPattern": "android/v*""#))
        let doctor = try release.run(["doctor"])
        let tagsLine = doctor.stdout.split(separator: "\n").first { $0.contains("FAIL  tags") }
        #expect(tagsLine?.contains("belong to 2 release families") == true, "\(doctor.output)")
        let starter = try release.run(["init", "--print"])
        #expect(starter.stdout.contains("The tags belong to several release families"), "\(starter.output)")
        let chosen = try release.run(["gate", "--no-create", "--tag-pattern", "ios/v*"])
        #expect(chosen.status == 0, "\(chosen.output)")
        #expect(chosen.stdout.contains("Last release: ios/v1.0"), "\(chosen.output)")
    }

    /// A pattern the hook could not apply as git does is refused where it is read.
    @Test(arguments: ["refs/tags/v*", " v*"])
    func aPatternNoReaderAppliesAlikeIsRefused(pattern: String) throws {
        let release = try Release(configuration: Pantry.configuration.replacingOccurrences(of: #""v*""#, with: "\"\(pattern)\""))
        release.repo.write("App/Models/Item.swift", Pantry.model)
        try release.repo.commit("1.0")
        try release.repo.tag("v1.0")
        for arguments in [["gate", "--no-create"], ["config", "--release-tag=v1.0"], ["config", "--get", "tagPattern"]] {
            let result = try release.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output)")
            #expect(result.output.contains("tagPattern: '\(pattern)'"), "\(result.output)")
            #expect(result.output.contains("use 'v*'"), "\(result.output)")
        }
    }

    /// Without cktool the committed snapshot is Production; a modified or uncommitted one is
    /// not the committed snapshot, and is refused with which it is.
    @Test func aSnapshotIsUsedOnlyAsCommitted() throws {
        let release = try Release()
        release.repo.write("App/Models/Item.swift", Pantry.model)
        release.repo.write("cloudkit/production.ckdb", Pantry.productionMissingField)
        try release.repo.commit("1.0")
        try release.repo.tag("v1.0")
        #expect(try release.run(["gate", "--no-create"], mode: "no-cktool").status == 1)
        release.repo.write("cloudkit/production.ckdb", Pantry.productionComplete)
        let modified = try release.run(["gate", "--no-create"], mode: "no-cktool")
        #expect(modified.status == 2, "\(modified.output)")
        #expect(modified.stdout.contains("the Production snapshot cloudkit/production.ckdb has changes that are not committed (git status: ' M')"), "\(modified.output)")
        #expect(!modified.stdout.contains("PASSED"))
        try release.repo.git(["rm", "-q", "--cached", "cloudkit/production.ckdb"])
        try release.repo.git(["commit", "-q", "-m", "untrack"])
        let untracked = try release.run(["gate", "--no-create"], mode: "no-cktool")
        #expect(untracked.status == 2, "\(untracked.output)")
        #expect(untracked.stdout.contains("is not committed (git status: untracked)"), "\(untracked.output)")
    }

    /// An app that writes CKRecords itself has no models to read: every tag gets the
    /// Development-vs-Production verdict `check` gives, never a pass by default.
    @Test func anAppWithoutModelsIsMeasuredAgainstDevelopmentAtEveryTag() throws {
        let notes = """
            DEFINE SCHEMA

                RECORD TYPE Note (
                    text            STRING QUERYABLE SEARCHABLE SORTABLE,
                    "___createTime" TIMESTAMP,
                    "___createdBy"  REFERENCE,
                    "___etag"       STRING,
                    "___modTime"    TIMESTAMP,
                    "___modifiedBy" REFERENCE,
                    "___recordID"   REFERENCE QUERYABLE,
                    GRANT WRITE TO "_creator",
                    GRANT CREATE TO "_icloud",
                    GRANT READ TO "_world"
                );

            """ + SchemaTexts.emptyProduction.replacingOccurrences(of: "DEFINE SCHEMA\n", with: "")
        let release = try Release(configuration: #"{ "teamId": "\#(Pantry.team)", "containers": [{ "id": "\#(Pantry.container)" }], "tagPattern": "v*" }"#,
                                  production: SchemaTexts.emptyProduction, development: notes)
        release.repo.write("App/NoteStore.swift", "import CloudKit\n\nfunc save(_ text: String) {\n    let record = CKRecord(recordType: \"Note\")\n    record[\"text\"] = text\n}\n")
        try release.repo.commit("1.0")
        try release.repo.tag("v1.0")
        for tag in ["v1.1", "v1.2"] {
            release.repo.write("README.md", tag + "\n")
            try release.repo.commit(tag)
            try release.repo.tag(tag)
            let (gate, always) = try release.gates()
            #expect(gate.status == 1, "\(tag): \(gate.output)")
            #expect(gate.stdout.contains("Production lacks record type Note"), "\(gate.output)")
            #expect(gate.stdout.contains("Production is measured against Development only"), "\(gate.output)")
            #expect(always.status == 1)
            #expect(try release.run(["check"]).status == 1)
        }
    }
}
