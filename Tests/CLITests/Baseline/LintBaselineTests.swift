import Foundation
import Testing
import TestSupport

/// `lint --write-baseline` / `--baseline` and the configuration's `lintBaseline`, through
/// the real binary: today's findings are held back across unrelated edits, new ones are
/// reported, and a baseline that cannot be used is exit 2, never a pass.
@Suite(.waitsOnProcesses) struct LintBaselineTests {
    /// Two model-rule violations: a unique attribute and a required attribute without a default.
    static let model = """
    import SwiftData

    @Model
    final class Item {
        @Attribute(.unique) var sku: String = ""
        var title: String
        init() { title = "" }
    }

    """

    func lint(_ arguments: [String], in directory: String) throws -> TestSupport.ProcessResult {
        try runProcess(cloudkitSchemaBinary, ["lint"] + arguments + ["--format", "json"], in: directory,
                       environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": nil, "GITHUB_WORKSPACE": nil])
    }

    func codes(_ result: TestSupport.ProcessResult) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.output)")
        return try #require(json["findings"] as? [[String: Any]]).map { "\($0["code"]!)" }
    }

    @Test func recordedFindingsStayHiddenAcrossUnrelatedEditsAndNewOnesShow() throws {
        let app = TemporaryDirectory("baseline")
        app.write("App/Models/Item.swift", Self.model)
        let before = try lint(["--models", "App/Models"], in: app.path)
        #expect(before.status == 1)
        #expect(try codes(before).sorted() == ["required-attribute", "unique-constraint"])

        let written = try lint(["--models", "App/Models", "--write-baseline", "baseline.json"], in: app.path)
        #expect(written.status == 0, "\(written.output)")
        #expect(try codes(written).isEmpty)
        let file = try #require(app.read("baseline.json"))
        #expect(file.contains("\"rule\" : \"unique-constraint\"") && file.contains("\"file\" : \"App/Models/Item.swift\""), "\(file)")
        #expect(!file.contains("\"line\" :"), "matched by the line's text, not its number: \(file)")

        // Lines added above both findings, and another property: the same two findings.
        let shifted = Self.model
            .replacingOccurrences(of: "import SwiftData\n", with: "import SwiftData\nimport Foundation\n\n// Inventory.\n")
            .replacingOccurrences(of: "    init() {", with: "    var count: Int = 0\n    init() {")
        app.write("App/Models/Item.swift", shifted)
        let known = try lint(["--models", "App/Models", "--baseline", "baseline.json"], in: app.path)
        #expect(known.status == 0, "\(known.output)")
        #expect(try codes(known).isEmpty, "\(known.stdout)")
        #expect(known.stdout.contains("2 known lint findings not shown"), "\(known.stdout)")

        // A new violation is reported alone.
        app.write("App/Models/Item.swift", shifted.replacingOccurrences(of: "    var count: Int = 0\n", with: "    var count: Int\n")
            .replacingOccurrences(of: "init() { title = \"\" }", with: "init() { title = \"\"; count = 0 }"))
        let new = try lint(["--models", "App/Models", "--baseline", "baseline.json"], in: app.path)
        #expect(new.status == 1, "\(new.output)")
        #expect(try codes(new) == ["required-attribute"])
        #expect(new.stdout.contains("Item.count"), "\(new.stdout)")
    }

    /// The configuration's `lintBaseline`, relative to the file's folder, from a subfolder:
    /// paths in the baseline are relative to the repository root, whatever the working
    /// directory and wherever the baseline lies.
    @Test func theConfiguredBaselineAppliesFromAnyDirectory() throws {
        let repo = try FixtureRepository("baseline-config")
        let app = repo.directory
        app.write("App/Models/Item.swift", Self.model)
        _ = try lint(["--models", "Models", "--write-baseline", "../ci/lint-baseline.json"], in: app.file("App"))
        let recorded = try #require(app.read("ci/lint-baseline.json"))
        #expect(recorded.contains("\"file\" : \"App/Models/Item.swift\""), "\(recorded)")
        app.write(".cloudkit-schema.json", "{ \"modelPaths\": [\"App/Models\"], \"lintBaseline\": \"ci/lint-baseline.json\" }\n")
        let root = try lint([], in: app.path)
        #expect(root.status == 0, "\(root.output)")
        #expect(try codes(root).isEmpty)
        let nested = try lint(["Models"], in: app.file("App"))
        #expect(nested.status == 0, "\(nested.output)")
        #expect(try codes(nested).isEmpty, "\(nested.stdout)")

        let config = try runProcess(cloudkitSchemaBinary, ["config", "--get", "lintBaseline"], in: app.path)
        #expect(config.stdout == "ci/lint-baseline.json\n", "\(config.output)")
        let text = try runProcess(cloudkitSchemaBinary, ["config"], in: app.path)
        #expect(text.stdout.contains("lintBaseline: ci/lint-baseline.json"), "\(text.stdout)")
    }

    @Test(arguments: ["missing", "garbage", "wrong shape", "directory", "future version"])
    func anUnusableBaselineIsAnErrorWithTheFix(_ fault: String) throws {
        let app = TemporaryDirectory("baseline-fault")
        app.write("App/Models/Item.swift", Self.model)
        switch fault {
        case "garbage": app.write("baseline.json", "{ not json")
        case "wrong shape": app.write("baseline.json", "{\"tool\": \"cloudkit-schema\", \"version\": 1, \"findings\": [{\"rule\": 3}]}")
        case "directory": try FileManager.default.createDirectory(atPath: app.file("baseline.json"), withIntermediateDirectories: true)
        case "future version": app.write("baseline.json", "{\"tool\": \"cloudkit-schema\", \"version\": 9, \"findings\": []}")
        default: break
        }
        for arguments in [["--models", "App/Models", "--baseline", "baseline.json"], ["--models", "App/Models"]] {
            if arguments.count == 2 { app.write(".cloudkit-schema.json", "{ \"lintBaseline\": \"baseline.json\" }\n") }
            let run = try lint(arguments, in: app.path)
            #expect(run.status == 2, "\(fault): \(run.output)")
            #expect(run.stderr.contains("the lint baseline baseline.json"), "\(fault): \(run.stderr)")
            #expect(run.stderr.contains("cloudkit-schema lint --write-baseline baseline.json"), "\(fault): \(run.stderr)")
            #expect(run.stdout.contains("\"status\" : \"error\""), "\(fault): \(run.stdout)")
        }
    }

    /// The baseline replaces the file atomically and never follows into a partial run.
    @Test func aBaselineIsNotWrittenFromARunThatCouldNotReadItsInput() throws {
        let app = TemporaryDirectory("baseline-partial")
        app.write("App/Models/Item.swift", Self.model)
        app.write("App/Models/Broken.swift", "import SwiftData\n@Model final class Broken {\n    var a: String = \"\"\n")
        let run = try lint(["--models", "App/Models", "--write-baseline", "baseline.json"], in: app.path)
        #expect(run.status == 2, "\(run.output)")
        #expect(app.read("baseline.json") == nil)
        #expect(run.stdout.contains("No baseline was written to baseline.json"), "\(run.stdout)")
    }
}
