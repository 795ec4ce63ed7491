import PluginSupport
import Testing

@Suite struct ToolTerminationTests {
    static let invocation = ToolInvocation(verb: .gate, executable: "/x", arguments: ["gate"], workingDirectory: "/")

    @Test func everyContractStatusHasItsOwnWords() {
        #expect(ToolTermination.exited(0).succeeded)
        #expect(!ToolTermination.exited(1).succeeded)
        #expect(ToolTermination.exited(1).explanation.contains("exit status 1: findings"))
        #expect(ToolTermination.exited(2).explanation.contains("exit status 2: a setup, usage or input problem"))
        #expect(ToolTermination.exited(70).explanation.contains("exit status 70: unexpected"))
        #expect(ToolTermination.signalled(9).explanation == "killed by signal 9 (SIGKILL); the check did not finish")
        #expect(ToolTermination.exited(131).explanation == "exit status 131: interrupted by SIGQUIT; the check did not finish")
        #expect(ToolTermination.exited(200).explanation.contains("exit status 200: unexpected"))
    }

    @Test func failureNamesTheCommandAndStatus() {
        let failure = ToolFailure(invocation: Self.invocation, termination: .exited(1))
        #expect(failure.description
            == "cloudkit-schema gate failed with exit status 1: findings (schema drift or model-rule violations) block the release.")
    }
}
