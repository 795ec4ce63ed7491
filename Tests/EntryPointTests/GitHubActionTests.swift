import Foundation
import TestSupport
import Testing

/// The composite Action in `.github/actions/cloudkit-schema-gate`: its manifest has what
/// GitHub needs and keeps the token out of every script, and its gate step, run here with
/// the real binary and a fake xcrun, annotates, writes the job summary and fails on findings.
@Suite(.waitsOnProcesses) struct GitHubActionTests {
    static let directory = packageRoot + "/.github/actions/cloudkit-schema-gate"

    static func manifest() throws -> ActionManifest {
        try ActionManifest.parse(try String(contentsOfFile: directory + "/action.yml", encoding: .utf8))
    }

    static var steps: [ActionManifest] { get throws { try manifest()["runs"]?["steps"]?.items ?? [] } }

    static func step(named name: String) throws -> ActionManifest {
        try #require(try steps.first { $0["name"]?.string == name }, "no step \(name)")
    }

    @Test func theManifestIsACompositeActionWithTheGateInputs() throws {
        let manifest = try Self.manifest()
        #expect(manifest["name"]?.string?.isEmpty == false)
        #expect(manifest["description"]?.string?.isEmpty == false)
        #expect(manifest["runs"]?["using"]?.string == "composite")
        let inputs = try #require(manifest["inputs"])
        #expect(inputs.keys.isSuperset(of: ["management-token", "team-id", "container-id", "format", "working-directory"]))
        #expect(inputs["management-token"]?["required"]?.string == "true")
        #expect(inputs["format"]?["default"]?.string == "github", "annotations by default")
        for step in try Self.steps {
            // A composite's run steps must each name their shell.
            if step["run"] != nil { #expect(step["shell"]?.string == "bash", "\(step)") }
        }
    }

    /// Every script a step runs is in the Action's directory and executable.
    @Test func everyRunStepRunsAScriptOfTheAction() throws {
        let runs = try Self.steps.compactMap { $0["run"]?.string }
        #expect(runs.count == 3)
        for run in runs {
            let script = try #require(run.split(separator: "\"").first.map(String.init), "\(run)")
            #expect(script.hasPrefix("$GITHUB_ACTION_PATH/"), "\(run)")
            let path = Self.directory + "/" + script.dropFirst("$GITHUB_ACTION_PATH/".count)
            #expect(FileManager.default.isExecutableFile(atPath: path), "\(path)")
        }
    }

    /// An expression in a `run:` is pasted into the script before it runs (a secret would
    /// be in the script's text); in `env:` it is a variable's value.
    @Test func theTokenReachesTheToolOnlyThroughTheEnvironment() throws {
        let gate = try Self.step(named: "cloudkit-schema gate")
        #expect(gate["env"]?["CLOUDKIT_MANAGEMENT_TOKEN"]?.string == "${{ inputs.management-token }}")
        let text = try String(contentsOfFile: Self.directory + "/action.yml", encoding: .utf8)
        #expect(text.components(separatedBy: "inputs.management-token").count == 2, "used once, in the gate step's env")
        for script in ["gate.sh", "build.sh"] {
            let code = try String(contentsOfFile: Self.directory + "/" + script, encoding: .utf8)
                .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            #expect(!code.contains { $0.contains("set -x") || $0.contains("xtrace") }, "\(script) traces no command")
            #expect(!code.contains { $0.contains("$CLOUDKIT_MANAGEMENT_TOKEN") || $0.contains("${CLOUDKIT_MANAGEMENT_TOKEN") },
                    "\(script) never expands the token: the tool reads it")
        }
    }

    @Test func theCacheIsKeyedByTheKeyStep() throws {
        let cache = try Self.step(named: "Restore the built tool")
        #expect(cache["uses"]?.string?.hasPrefix("actions/cache@") == true)
        #expect(cache["with"]?["key"]?.string == "${{ steps.key.outputs.key }}")
        #expect(cache["with"]?["path"]?.string == "${{ steps.key.outputs.build-directory }}")
        #expect(try Self.step(named: "Cache key for the tool")["id"]?.string == "key")
        #expect(try Self.step(named: "Build cloudkit-schema")["id"]?.string == "build")
    }

    /// The key step, on a copy of the Action in a package of its own: the key names the
    /// runner and changes with any source file (a new ref must not reuse an old binary).
    @Test func theCacheKeyFollowsTheSources() throws {
        let package = TemporaryDirectory("action-key")
        package.write("Package.swift", "// swift-tools-version:6.0\n")
        package.write("Sources/Tool/main.swift", "print(1)\n")
        for script in ["build.sh", "gate.sh"] {
            package.writeExecutable(".github/actions/cloudkit-schema-gate/" + script,
                                    try String(contentsOfFile: Self.directory + "/" + script, encoding: .utf8))
        }
        func key() throws -> [String: String] {
            let output = package.file("output")
            try? FileManager.default.removeItem(atPath: output)
            let run = try runProcess(
                package.file(".github/actions/cloudkit-schema-gate/build.sh"), ["key"],
                environment: ["GITHUB_OUTPUT": output, "RUNNER_OS": "macOS", "RUNNER_ARCH": "ARM64"])
            #expect(run.status == 0, "\(run.output)")
            let lines = (package.read("output") ?? "").split(separator: "\n")
            return Dictionary(lines.compactMap { line in
                line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
            }, uniquingKeysWith: { $1 })
        }
        let first = try key()
        #expect(first["key"]?.hasPrefix("cloudkit-schema-macOS-ARM64-") == true, "\(first)")
        #expect(first["build-directory"].map(BuildToolPluginTests.canonical) == BuildToolPluginTests.canonical(package.path + "/.build"))
        #expect(try key() == first, "the same sources, the same key")
        package.write("Sources/Tool/main.swift", "print(2)\n")
        #expect(try key()["key"] != first["key"])
    }

    /// gate.sh builds the command line from the inputs: nothing of the token in it.
    @Test func theGateStepPassesTheInputsAsArguments() throws {
        let scratch = TemporaryDirectory("action-args")
        let recorder = scratch.writeExecutable("tool", "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$(dirname \"$0\")/argv\"\nexit 1\n")
        let run = try runProcess(Self.directory + "/gate.sh", [], environment: [
            "CLOUDKIT_SCHEMA_GATE_TOOL": recorder, "CLOUDKIT_MANAGEMENT_TOKEN": ContractCommands.token,
            "CLOUDKIT_SCHEMA_GATE_TEAM_ID": "TEAM999999", "CLOUDKIT_SCHEMA_GATE_CONTAINER_ID": "iCloud.com.example.other",
            "CLOUDKIT_SCHEMA_GATE_FORMAT": "markdown", "CLOUDKIT_SCHEMA_GATE_ARGUMENTS": "--since v1.* --no-create",
        ])
        #expect(run.status == 1, "the tool's status is the step's")
        #expect(scratch.read("argv") == """
            gate
            --format
            markdown
            --team-id
            TEAM999999
            --container-id
            iCloud.com.example.other
            --since
            v1.*
            --no-create

            """)
        #expect(!run.output.contains(ContractCommands.token))
    }

    /// A release repository: v1.0 tagged, then a new field. Development (the fake's) has it.
    static func release(production complete: Bool) throws -> (FixtureRepository, TestSupport.FakeXcrun) {
        let repo = try FixtureRepository("action-gate")
        repo.write(".cloudkit-schema.json", ContractCommands.configuration(modelPaths: ["App/Models"]))
        repo.write("App/Models/Item.swift", ConsumerPackage.itemModel.replacingOccurrences(of: "    var notes: String?\n", with: ""))
        try repo.commit("1.0")
        try repo.tag("v1.0", annotated: true)
        repo.write("App/Models/Item.swift", ConsumerPackage.itemModel)
        try repo.commit("Add notes")
        let schema = try ContractCommands.expectedSchema(models: repo.path + "/App/Models")
        return (repo, TestSupport.FakeXcrun(development: schema, production: complete ? schema : ContractCommands.emptyProduction))
    }

    func gate(_ repo: FixtureRepository, _ fake: TestSupport.FakeXcrun, summary: String) throws -> ProcessResult {
        var environment: [String: String?] = fake.environment().mapValues { $0 }
        environment.merge([
            "CLOUDKIT_SCHEMA_GATE_TOOL": cloudkitSchemaBinary, "CLOUDKIT_MANAGEMENT_TOKEN": ContractCommands.token,
            "CLOUDKIT_SCHEMA_GATE_TEAM_ID": "TEAM777777", "CLOUDKIT_SCHEMA_GATE_FORMAT": "github",
            "GITHUB_STEP_SUMMARY": summary, "GITHUB_WORKSPACE": repo.path, "GITHUB_ACTIONS": "true",
        ]) { $1 }
        return try runProcess(Self.directory + "/gate.sh", [], in: repo.path, environment: environment)
    }

    @Test func theGateStepAnnotatesSummarisesAndFailsOnFindings() throws {
        let (repo, fake) = try Self.release(production: false)
        let summary = repo.directory.file("summary.md")
        let run = try gate(repo, fake, summary: summary)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.stdout.contains("::error file=App/Models/Item.swift,line="), "an annotation at the model's line: \(run.stdout)")
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.contains("FAILED (exit 1)"), "\(written)")
        #expect(fake.recordedArguments.contains("TEAM777777"), "the team-id input reached cktool")
        #expect(!run.output.contains(ContractCommands.token) && !written.contains(ContractCommands.token))
        #expect(!fake.recordedArguments.contains(ContractCommands.token), "the token goes to cktool by environment")
    }

    @Test func theGateStepPassesWhenProductionHasEverything() throws {
        let (repo, fake) = try Self.release(production: true)
        let summary = repo.directory.file("summary.md")
        let run = try gate(repo, fake, summary: summary)
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.stdout.contains("::error"))
        #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("PASSED"))
    }
}
