import Foundation
import PluginSupport
import TestSupport
import Testing

/// The JSON document the plugin prints when it fails before the tool runs is the one the
/// tool prints for the same kind of error: one shape for JSON readers, wherever it failed.
@Suite(.waitsOnProcesses) struct PluginErrorReportTests {
    @Test func itIsTheToolsErrorDocument() throws {
        let tool = try runProcess(cloudkitSchemaBinary, ["gate", "--bogus", "--format", "json"])
        #expect(tool.status == 2)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(tool.stdout.utf8)) as? [String: Any])
        let message = try #require((json["findings"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(PluginErrorReport.json(command: "gate", code: "usage-error", message: message) == tool.stdout)
    }

    @Test(arguments: [
        (["--format", "json"], true), (["--format=json"], true), (["--format", "json", "--format", "text"], true),
        (["--format", "text", "--format", "json"], false), (["--", "--format", "json"], false), ([], false),
    ])
    func jsonIsAskedForAsTheToolReadsIt(arguments: [String], json: Bool) {
        #expect(PluginErrorReport.wantsJSON(arguments) == json)
    }
}
