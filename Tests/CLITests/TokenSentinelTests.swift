import CloudKitSchemaCLI
import Foundation
import SchemaGate
import Testing
import TestSupport

/// CLOUDKIT_MANAGEMENT_TOKEN never reaches argv, output, reports or files: every command
/// runs with a sentinel token, cktool included, also when cktool prints it.
@Suite struct TokenSentinelTests {
    static let sentinel = "SENTINEL-TOKEN-7f3a9c"

    /// Arguments per command; commands not listed run with none and with --help.
    static func argumentSets(_ fixture: GateFixture) -> [String: [[String]]] {
        fixture.repo.write("cloudkit/development.ckdb", Pantry.development)
        fixture.repo.write("cloudkit/production.ckdb", Pantry.productionMissingField)
        return [
            "check": [["--production", "cloudkit/production.ckdb", "--development", "cloudkit/development.ckdb", "--format", "json"]],
            "format": [["cloudkit/production.ckdb"]],
            "changed": [[], ["--format", "json"]],
            "export": [["--environment", "production", "--output", "cloudkit/exported.ckdb"], ["--environment", "development"]],
            "create": [["--format", "json"]],
            "scaffold": [["--output", "Debug/Initializer.swift", "--type", "Item"]],
            "init": [["--output", "init-written.json"]],
            "config": [[], ["--format", "json"]],
            "gate": [[], ["--format", "json"], ["--format", "markdown"], ["--always", "--format", "github"]],
        ]
    }

    @Test func theTokenNeverAppears() throws {
        let fixture = try GateFixture()
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"",
            with: "\"tagPattern\": \"v*\", \"create\": {\"command\": \"echo create sees ${CLOUDKIT_MANAGEMENT_TOKEN:-no token}\"}"))
        let summary = fixture.repo.directory.file("step-summary.md")
        let sets = Self.argumentSets(fixture)
        var transcripts: [String] = []
        for command in Tool.commands {
            var runs = sets[command.name] ?? [[]]
            runs.append(["--help"])
            for arguments in runs {
                for mode in ["ok", "echo-token"] {
                    let result = fixture.run([command.name] + arguments, mode: mode, [
                        "CLOUDKIT_MANAGEMENT_TOKEN": Self.sentinel, "GITHUB_STEP_SUMMARY": summary,
                    ])
                    transcripts.append(result.transcript)
                    #expect(!result.transcript.contains(Self.sentinel), "\(command.name) \(arguments) (\(mode)) printed the token")
                }
            }
        }
        #expect(transcripts.joined().contains("create sees no token"))
        #expect(transcripts.joined().contains(Redaction.placeholder))

        // Nothing written contains it either.
        let written = FileManager.default.enumerator(atPath: fixture.repo.path)?.compactMap { $0 as? String }
            .filter { !$0.hasPrefix(".git/") } ?? []
        for file in written {
            let text = fixture.repo.directory.read(file) ?? ""
            #expect(!text.contains(Self.sentinel), "\(file) contains the token")
        }
        #expect(written.contains("step-summary.md") && written.contains("cloudkit/exported.ckdb"))

        // cktool ran, only read-only subcommands, never with the token on its command line,
        // and received it the only way it should: its environment.
        let calls = fixture.fake.calls
        #expect(calls.count > 10)
        #expect(calls.allSatisfy { $0.count >= 2 && CKToolPolicy.allowedSubcommands.contains($0[1]) })
        #expect(!fixture.fake.recordedArguments.contains(Self.sentinel))
        #expect(fixture.fake.environments.allSatisfy { $0.contains("CLOUDKIT_MANAGEMENT_TOKEN=\(Self.sentinel)") })
    }
}
