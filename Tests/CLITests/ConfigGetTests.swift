import Foundation
import Testing
import TestSupport
@testable import CloudKitSchemaCLI

/// `config --get KEY`: the configuration's one reader, answering scripts and the hooks
/// (which never read the JSON themselves).
@Suite(.waitsOnProcesses) struct ConfigGetTests {
    func directory(_ configuration: String?) -> TemporaryDirectory {
        let directory = TemporaryDirectory("config-get")
        if let configuration { directory.write(".cloudkit-schema.json", configuration) }
        return directory
    }

    @Test func aSetValueIsPrintedAloneAndACommentedOneIsNotSet() {
        let set = directory("{\n  // \"tagPattern\": \"nightly-*\",\n  \"tagPattern\": \"v*\" /* \"tagPattern\": \"x\" */\n}\n")
        let value = runTool(["config", "--get", "tagPattern"], in: set.path)
        #expect(value.status == 0 && value.stdout == "v*\n", "\(value.output)")

        let commented = directory("{\n  // \"tagPattern\": \"v*\",\n  \"sharesRecords\": false\n}\n")
        let none = runTool(["config", "--get", "tagPattern"], in: commented.path)
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none.output)")
        #expect(runTool(["config", "--get", "tagPattern", "--tag-pattern=rel-*"], in: commented.path).stdout == "rel-*\n", "flags win, as everywhere")
    }

    @Test func listsOnePerLineAndOtherValuesAsJSON() {
        let configured = directory("{ \"modelPaths\": [\"App/Models\", \"Shared\"], \"sharesRecords\": true, \"timeouts\": { \"cktoolSeconds\": 30 } }\n")
        #expect(runTool(["config", "--get", "modelPaths"], in: configured.path).stdout == "App/Models\nShared\n")
        #expect(runTool(["config", "--get", "sharesRecords"], in: configured.path).stdout == "true\n")
        #expect(runTool(["config", "--get", "cktoolTimeoutSeconds"], in: configured.path).stdout == "30\n")
    }

    @Test func anUnknownKeyOrABrokenFileIsExitTwo() {
        let configured = directory("{ \"tagPattern\": \"v*\" }\n")
        let unknown = runTool(["config", "--get", "tagpattern"], in: configured.path)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown configuration key 'tagpattern'; did you mean 'tagPattern'?"))
        let brokenFile = directory("{ \"tagPattern\": ")
        let broken = runTool(["config", "--get", "tagPattern"], in: brokenFile.path)
        #expect(broken.status == 2 && broken.stdout.isEmpty, "\(broken.output)")
    }

    /// `--get` knows every key `--format json` prints, and nothing else.
    @Test func theKeysAreTheJSONKeys() throws {
        let everything = directory("""
            { "teamId": "ABCDE12345", "containers": [{ "id": "iCloud.a.b" }], "modelPaths": ["M"], "tagPattern": "v*",
              "create": { "command": ["true"] }, "severities": { "moveReceipt": "info" },
              "lintBaseline": "lint-baseline.json" }
            """)
        let json = runTool(["config", "--format", "json"], in: everything.path, environment: ["CLOUDKIT_SCHEMA_XCRUN": "/bin/true"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(ConfigView.keys))
    }
}
