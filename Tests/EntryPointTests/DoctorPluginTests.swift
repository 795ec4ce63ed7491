import Foundation
import PluginSupport
import TestSupport
import Testing

/// `swift package doctor` gives the command line's verdict: the same JSON document, and the
/// real status in words where SwiftPM collapses it.
@Suite(.serialized, .waitsOnProcesses) struct DoctorPluginTests {
    @Test func thePluginAndTheCommandLineGiveOneVerdict() throws {
        let consumer = try ConsumerPackage.shared.get()
        let app = TemporaryDirectory("doctor-plugin-app")
        try git(["init", "-q", "-b", "main"], in: app.path)
        app.write("App/Item.swift", ConsumerPackage.itemModel)
        try git(["add", "-A"], in: app.path)
        try git(["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-q", "-m", "app"], in: app.path)
        let exports = TemporaryDirectory("doctor-plugin-exports")
        let environment: [String: String?] = [
            "PATH": consumer.fakeBin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            FakeXcrun.exportsVariable: exports.path, "NO_COLOR": "1",
            "CLOUDKIT_MANAGEMENT_TOKEN": nil, "CLOUDKIT_SCHEMA_XCRUN": nil, "TEAM_ID": nil, "CONTAINER_ID": nil,
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        ]
        let plugin = try consumer.swiftPackage(
            ["--allow-network-connections", "all"], "doctor", ["--format", "json"], environment: environment, in: app.path)
        let tool = try runProcess(cloudkitSchemaBinary, ["doctor", "--format", "json"], in: app.path, environment: environment)
        #expect(tool.status == 1, "\(tool.output)")
        #expect(plugin.status == 1, "\(plugin.output)")
        var fromPlugin = try #require(try JSONSerialization.jsonObject(with: Data(plugin.stdout.utf8)) as? [String: Any], "\(plugin.output)")
        var fromTool = try #require(try JSONSerialization.jsonObject(with: Data(tool.stdout.utf8)) as? [String: Any])
        // The hooks line's fix names the tool as it ran: the plugin's is the consumer's build,
        // the command line's this package's. Everything else is one document.
        let pluginFix = try Self.takeHooksFix(&fromPlugin), toolFix = try Self.takeHooksFix(&fromTool)
        #expect(pluginFix.contains("swift run --package-path \(consumer.root) cloudkit-schema install-hooks"), "\(pluginFix)")
        #expect(toolFix.contains("cloudkit-schema install-hooks"), "\(toolFix)")
        #expect(NSDictionary(dictionary: fromPlugin) == NSDictionary(dictionary: fromTool), "plugin: \(plugin.stdout)\ntool: \(tool.stdout)")
        #expect(plugin.stderr.contains("cloudkit-schema doctor: FAILED (exit 1)"), "\(plugin.stderr)")
        #expect(plugin.stderr.contains("error: cloudkit-schema doctor failed with exit status 1: the checklist has lines to fix, each with its fix."), "\(plugin.stderr)")
    }

    /// Removes the `hooks` line's fix from a doctor document and gives it.
    static func takeHooksFix(_ document: inout [String: Any]) throws -> String {
        var checks = try #require(document["checks"] as? [[String: Any]])
        let index = try #require(checks.firstIndex { $0["id"] as? String == "hooks" })
        let fix = checks[index]["fix"] as? String ?? ""
        checks[index]["fix"] = nil
        document["checks"] = checks
        return fix
    }

    @Test func doctorsExitStatusOneIsASetupToFixNotFindings() {
        let invocation = ToolInvocation(verb: .doctor, executable: "/bin/cloudkit-schema", arguments: ["doctor"], workingDirectory: "/repo")
        #expect(ToolFailure(invocation: invocation, termination: .exited(1)).description
            == "cloudkit-schema doctor failed with exit status 1: the checklist has lines to fix, each with its fix.")
        #expect(ToolFailure(invocation: invocation, termination: .exited(2)).description.contains("exit status 2: a setup, usage or input problem"))
    }

    @Test func thePluginDeclaresNetworkForCktool() throws {
        let run = try ConsumerPackage.shared.get().swiftPackage([], "doctor", ["--help"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Plugin ‘DoctorPlugin’ wants permission to allow all network connections on all ports."), "\(run.stderr)")
    }
}
