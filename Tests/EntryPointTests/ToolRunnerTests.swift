import Foundation
import PluginSupport
import TestSupport
import Testing

/// The runner starts a real process: working directory, arguments, exit status and signals.
@Suite struct ToolRunnerTests {
    @Test func runsInTheGivenDirectoryWithTheGivenArgumentsAndReportsTheStatus() throws {
        let directory = TemporaryDirectory()
        let invocation = ToolInvocation(
            verb: .gate, executable: "/bin/sh",
            arguments: ["-c", #"pwd > where; printf '%s|' "$@" > args; exit 3"#, "sh", "a b", "--x"],
            workingDirectory: directory.path)
        #expect(try ToolRunner.run(invocation) == .exited(3))
        #expect(directory.read("where") == directory.path + "\n")
        #expect(directory.read("args") == "a b|--x|")
    }

    @Test func aSignalIsNotAnExitStatus() throws {
        let invocation = ToolInvocation(
            verb: .gate, executable: "/bin/sh", arguments: ["-c", "kill -9 $$"], workingDirectory: "/")
        #expect(try ToolRunner.run(invocation) == .signalled(9))
    }

    @Test func aMissingToolIsALaunchErrorWithTheFix() {
        let invocation = ToolInvocation(
            verb: .gate, executable: "/nonexistent/cloudkit-schema", arguments: ["gate"], workingDirectory: "/")
        do {
            _ = try ToolRunner.run(invocation)
            Issue.record("expected a launch error")
        } catch {
            #expect(error.description.contains("could not start /nonexistent/cloudkit-schema"))
            #expect(error.description.contains("swift build --product cloudkit-schema"))
        }
    }
}
