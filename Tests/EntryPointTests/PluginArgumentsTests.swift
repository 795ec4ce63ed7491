import PluginSupport
import Testing

@Suite struct PluginArgumentsTests {
    @Test func everythingButTargetIsForwardedInOrder() throws {
        let parsed = try PluginArguments(parsing: [
            "--format", "json", "--target", "AppModels", "--always", "--target=Shared", "--since", "v1.0",
        ])
        #expect(parsed.targets == ["AppModels", "Shared"])
        #expect(parsed.forwarded == ["--format", "json", "--always", "--since", "v1.0"])
    }

    @Test func noArgumentsForwardNothing() throws {
        #expect(try PluginArguments(parsing: []) == PluginArguments())
    }

    @Test func repeatedTargetIsKeptOnce() throws {
        #expect(try PluginArguments(parsing: ["--target", "A", "--target", "A"]).targets == ["A"])
    }

    @Test func afterDoubleDashNothingIsInterpreted() throws {
        let parsed = try PluginArguments(parsing: ["--target", "A", "--", "--target", "B"])
        #expect(parsed.targets == ["A"])
        #expect(parsed.forwarded == ["--", "--target", "B"])
    }

    @Test func lookalikesAreForwarded() throws {
        // Only SwiftPM's exact option is consumed; the tool decides what the rest mean.
        let parsed = try PluginArguments(parsing: ["--targets", "A", "-target", "B", "target"])
        #expect(parsed.targets.isEmpty)
        #expect(parsed.forwarded == ["--targets", "A", "-target", "B", "target"])
    }

    @Test func swiftPMPermissionOptionsAfterTheVerbAreNotForwarded() throws {
        // SwiftPM 6.3 applies these wherever they appear and still hands them to the plugin.
        let parsed = try PluginArguments(parsing: [
            "--allow-network-connections", "all", "--always", "--disable-sandbox",
            "--allow-writing-to-directory=/tmp/out", "--allow-writing-to-package-directory", "--format", "json",
        ])
        #expect(parsed.forwarded == ["--always", "--format", "json"])
        #expect(parsed.targets.isEmpty)
    }

    @Test(arguments: [["--target"], ["--target", "--always"], ["--target="]])
    func targetWithoutNameIsAnError(arguments: [String]) {
        #expect(throws: PluginArgumentError.missingValue(option: "--target")) { try PluginArguments(parsing: arguments) }
        #expect(PluginArgumentError.missingValue(option: "--target").description
            .contains("swift package lint-models --target"))
    }

    @Test func permissionOptionWithoutValueIsAnError() {
        #expect(throws: PluginArgumentError.missingValue(option: "--allow-network-connections")) {
            try PluginArguments(parsing: ["--allow-network-connections"])
        }
    }
}
