import Foundation
import TestSupport
import Testing
@testable import CloudKitSchemaCLI

@Suite(.waitsOnProcesses) struct CommandTests {
    @Test func everyCommandHasHelp() {
        for command in Tool.commands {
            let run = runTool([command.name, "--help"])
            #expect(run.status == 0)
            #expect(run.stdout.contains("USAGE: cloudkit-schema \(command.name)"), "\(command.name)")
            #expect(runTool(["help", command.name]).stdout == run.stdout)
        }
    }

    @Test func unknownCommandSuggests() {
        let run = runTool(["chek"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown command 'chek'; did you mean 'check'?"))
    }

    @Test func unknownFlagSuggestsAndPointsAtHelp() {
        let run = runTool(["check", "--prodution", "x"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("did you mean '--production'?"))
        #expect(run.stderr.contains("Run 'cloudkit-schema check --help'"))
    }

    @Test func checkNeedsProduction() {
        #expect(runTool(["check", "--development", exampleDevelopment]).status == 2)
    }

    @Test func unknownFormatIsUsageError() {
        let run = runTool(["check", "--development", exampleDevelopment, "--production", exampleProduction, "--format", "jsn"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("did you mean 'json'?"))
    }

    @Test func formatPrintsCanonicalAndRewritesInPlace() throws {
        let dir = TemporaryDirectory()
        let path = dir.write("hand.ckdb", "// mine\nDEFINE SCHEMA RECORD TYPE B (y STRING); RECORD TYPE A (x INT64 SORTABLE);\n")
        let canonical = "DEFINE SCHEMA\n\n    RECORD TYPE A (\n        x INT64 SORTABLE\n    );\n\n    RECORD TYPE B (\n        y STRING\n    );\n"
        #expect(runTool(["format", path]).stdout == canonical)
        #expect(runTool(["format", "--check", path]).status == 1)
        #expect(runTool(["format", "--in-place", path]).status == 0)
        #expect(dir.read("hand.ckdb") == canonical)
        #expect(runTool(["format", "--check", path]).status == 0)
    }

    @Test func formatLeavesCanonicalExportsUntouched() {
        let run = runTool(["format", "--check", exampleDevelopment, exampleProduction])
        #expect(run.status == 0, "\(run.stderr)")
    }
}
