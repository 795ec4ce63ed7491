import CloudKitSchemaCLI
import Foundation
import SchemaGate
import Testing
import TestSupport

/// CLOUDKIT_MANAGEMENT_TOKEN never reaches argv, output, reports or files: every command
/// runs with a sentinel token, in every output format, against a cktool that behaves,
/// one that prints the token, and exports that hold it (as names, or as the first word of
/// garbage); then every written or kept file is searched too.
@Suite(.waitsOnProcesses) struct TokenSentinelTests {
    /// Shaped like a name, so a hostile export can hold it where a parser quotes it back.
    static let sentinel = "SentinelToken_7f3a9c"
    static let formats = OutputFormat.allCases.map(\.rawValue)

    /// A schema that names the sentinel (quoted names may hold any character).
    static let schemaNamingTheToken = Pantry.productionMissingField + """

        RECORD TYPE "\(sentinel)" (
            "___recordID" REFERENCE QUERYABLE,
            "\(sentinel)" STRING,
            GRANT READ TO "_world"
        );

    """

    /// Files the test writes with the token on purpose; everything else must not hold it.
    static let hostileInputs = ["cloudkit/hostile.ckdb", "cloudkit/hostile-formatted.ckdb"]

    /// Arguments per command; commands not listed run with none and with --help.
    static func argumentSets(_ fixture: GateFixture) -> [String: [[String]]] {
        fixture.repo.write("cloudkit/development.ckdb", Pantry.development)
        fixture.repo.write("cloudkit/production.ckdb", Pantry.productionMissingField)
        fixture.repo.write("cloudkit/hostile.ckdb", schemaNamingTheToken)
        let files = ["--production", "cloudkit/production.ckdb", "--development", "cloudkit/development.ckdb"]
        return [
            "check": formats.map { files + ["--format", $0] } + formats.map { ["--format", $0] }
                + [["--production", "cloudkit/hostile.ckdb", "--format", "json"]],
            "format": [["cloudkit/production.ckdb"], ["cloudkit/hostile.ckdb"], ["--in-place", "cloudkit/hostile-formatted.ckdb"]],
            "changed": [[], ["--format", "json"]],
            "export": [["--environment", "production", "--output", "cloudkit/exported.ckdb"], ["--environment", "development"]],
            "create": formats.map { ["--format", $0] },
            "scaffold": [["--output", "Debug/Initializer.swift", "--type", "Item"]],
            "init": [["--output", "init-written.json"]],
            "config": [[], ["--format", "json"]],
            "gate": formats.map { ["--format", $0] } + [["--always", "--format", "github"]],
        ]
    }

    /// How the fake cktool behaves, and what it exports.
    struct Scenario {
        var mode: String
        var production: String = Pantry.productionMissingField
    }

    static let scenarios = [
        Scenario(mode: "ok"),
        Scenario(mode: "echo-token"),
        Scenario(mode: "ok", production: schemaNamingTheToken),
        Scenario(mode: "ok", production: "\(sentinel) <html>502 Bad Gateway</html>\n"),
    ]

    @Test func theTokenNeverAppears() throws {
        let fixture = try GateFixture()
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"",
            with: "\"tagPattern\": \"v*\", \"create\": {\"command\": \"echo create sees ${CLOUDKIT_MANAGEMENT_TOKEN:-no token}\"}"))
        let summary = fixture.repo.directory.file("step-summary.md")
        let sets = Self.argumentSets(fixture)
        var transcripts: [String] = []
        for scenario in Self.scenarios {
            fixture.fake.setExport(.production, scenario.production)
            for command in Tool.commands {
                var runs = sets[command.name] ?? [[]]
                runs.append(["--help"])
                for arguments in runs {
                    // `format --in-place` rewrites its file: give it the hostile schema each time.
                    fixture.repo.write("cloudkit/hostile-formatted.ckdb", Self.schemaNamingTheToken)
                    let result = fixture.run([command.name] + arguments, mode: scenario.mode, [
                        "CLOUDKIT_MANAGEMENT_TOKEN": Self.sentinel, "GITHUB_STEP_SUMMARY": summary,
                    ])
                    transcripts.append(result.transcript)
                    #expect(!result.transcript.contains(Self.sentinel), "\(command.name) \(arguments) (\(scenario.mode)) printed the token")
                }
            }
        }
        #expect(transcripts.joined().contains("create sees no token"))
        #expect(transcripts.joined().contains(Redactor.placeholder))

        // Nothing written or kept contains it either: the repository (snapshots, the step
        // summary, scaffold, init) and the TMPDIR where unreadable exports are kept.
        for root in [fixture.repo.path, fixture.fake.scratchDirectory] {
            let written = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }
                .filter { !$0.hasPrefix(".git/") && !Self.hostileInputs.contains($0) } ?? []
            for file in written {
                let text = FileManager.default.contents(atPath: root + "/" + file).map { String(decoding: $0, as: UTF8.self) } ?? ""
                #expect(!text.contains(Self.sentinel), "\(root)/\(file) contains the token")
            }
            if root == fixture.repo.path {
                #expect(["step-summary.md", "cloudkit/exported.ckdb", "Debug/Initializer.swift", "init-written.json"].allSatisfy(written.contains))
            }
        }
        // The hostile schema was neither exported nor formatted in place, and an unreadable
        // export was kept with the token replaced.
        #expect(fixture.repo.directory.read("cloudkit/exported.ckdb")?.contains("RECORD TYPE CD_Item") == true)
        #expect(fixture.repo.directory.read("cloudkit/hostile-formatted.ckdb") == Self.schemaNamingTheToken)
        let kept = FileManager.default.enumerator(atPath: fixture.fake.scratchDirectory)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".ckdb") } ?? []
        #expect(kept.contains { fixture.fake.directory.read("tmp/\($0)")?.hasPrefix(Redactor.placeholder) == true }, "\(kept)")

        // cktool ran, only read-only subcommands, never with the token on its command line,
        // and received it the only way it should: its environment.
        let calls = fixture.fake.calls
        #expect(calls.count > 10)
        #expect(calls.allSatisfy { $0.count >= 2 && CKToolPolicy.allowedSubcommands.contains($0[1]) })
        #expect(!fixture.fake.recordedArguments.contains(Self.sentinel))
        #expect(fixture.fake.environments.allSatisfy { $0.contains("CLOUDKIT_MANAGEMENT_TOKEN=\(Self.sentinel)") })
    }

    /// A token with characters the formats escape (JSON `"`, annotations `%` `:` `,`,
    /// Markdown `|`), inside a path that findings name: redacted before the format escapes
    /// it, so neither the token nor an escaped form of it is printed.
    @Test func escapedFormsOfTheTokenNeverAppear() throws {
        let token = #"tok"en%:,|7f3a"#
        let escaped = [token, #"tok\"en%:,|7f3a"#, "tok\"en%25%3A%2C|7f3a", #"tok"en%:,\|7f3a"#, "tok\"en%25:,|7f3a"]
        let directory = TemporaryDirectory("escaped")
        directory.write("in-\(token)/development.ckdb", Pantry.development)
        directory.write("in-\(token)/production.ckdb", Pantry.productionMissingField)
        for format in Self.formats {
            let result = runTool(
                ["check", "--development", "in-\(token)/development.ckdb", "--production", "in-\(token)/production.ckdb", "--format", format],
                in: directory.path, environment: ["CLOUDKIT_MANAGEMENT_TOKEN": token])
            #expect(result.status == 1, "\(format): \(result.output)")
            #expect(result.output.contains(Redactor.placeholder), "\(format): \(result.output)")
            for form in escaped { #expect(!result.output.contains(form), "\(format) printed \(form): \(result.output)") }
        }
    }
}
