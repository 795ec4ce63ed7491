import PluginSupport
import Testing

@Suite struct ToolInvocationTests {
    @Test func verbsForwardToTheirCommands() {
        #expect(PluginVerb.allCases.map(\.toolCommand) == ["gate", "check", "create", "lint", "doctor"])
        #expect(PluginVerb.allCases.map(\.rawValue) == ["gate", "check-schema", "create-schema", "lint-models", "doctor"])
    }

    @Test func targetDirectoriesBecomeModelsOptionsBeforeForwardedArguments() {
        let invocation = ToolInvocation(
            verb: .lintModels, executable: "/bin/cloudkit-schema", workingDirectory: "/pkg",
            arguments: PluginArguments(targets: ["A", "B"], forwarded: ["--format", "json", "--", "x"]),
            targetDirectories: ["/pkg/Sources/A", "/pkg/Sources/B"])
        #expect(invocation.arguments == [
            "lint", "--models", "/pkg/Sources/A", "--models", "/pkg/Sources/B", "--format", "json", "--", "x",
        ])
        #expect(invocation.workingDirectory == "/pkg")
    }

    @Test func everyVerbTurnsTargetsIntoModelDirectories() {
        for verb in PluginVerb.allCases {
            let invocation = ToolInvocation(
                verb: verb, executable: "/bin/cloudkit-schema", workingDirectory: "/pkg",
                arguments: PluginArguments(targets: ["A"], forwarded: ["--always"]),
                targetDirectories: ["/pkg/Sources/A"])
            #expect(invocation.arguments == [verb.toolCommand, "--models", "/pkg/Sources/A", "--always"])
        }
    }

    @Test func withoutTargetsNothingIsAdded() {
        let invocation = ToolInvocation(
            verb: .gate, executable: "/bin/cloudkit-schema", workingDirectory: "/pkg",
            arguments: PluginArguments(forwarded: ["--since", "v1"]), targetDirectories: [])
        #expect(invocation.arguments == ["gate", "--since", "v1"])
    }

    @Test func xcodeTargetsBecomeTargetOptionsAfterTheDirectories() {
        let invocation = ToolInvocation(
            verb: .lintModels, executable: "/bin/cloudkit-schema", workingDirectory: "/repo",
            arguments: PluginArguments(targets: ["Models", "MyApp"], forwarded: ["--", "x"]),
            targetDirectories: ["/repo/Tools/Sources/Models"], xcodeTargets: ["MyApp"])
        #expect(invocation.arguments == ["lint", "--models", "/repo/Tools/Sources/Models", "--target", "MyApp", "--", "x"])
    }

    /// The tool runs where the user ran `swift package`, not in the package (Tools/).
    @Test func theToolRunsInTheUsersDirectory() {
        #expect(ToolInvocation.workingDirectory(current: "/repo", package: "/repo/Tools") == "/repo")
        #expect(ToolInvocation.workingDirectory(current: nil, package: "/repo/Tools") == "/repo/Tools")
        #expect(ToolInvocation.workingDirectory(current: "", package: "/repo/Tools") == "/repo/Tools")
    }
}
