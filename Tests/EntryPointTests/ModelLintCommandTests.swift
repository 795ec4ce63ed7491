import PluginSupport
import Testing

/// The command line the CloudKitModelLint build-tool plugin gives SwiftPM and Xcode.
@Suite struct ModelLintCommandTests {
    static let files = ["/p/Sources/App/Views/List.swift", "/p/Sources/App/Info.plist", "/p/Sources/App/Models/Item.swift"]

    @Test func lintsTheSwiftFilesInXcodeFormWithAStampInTheWorkDirectory() throws {
        let command = try #require(ModelLintCommand(target: "App", files: Self.files, workDirectory: "/w", configuration: nil))
        #expect(command.stamp == "/w/CloudKitModelLint-passed.swift")
        #expect(command.arguments == [
            "lint", "--format", "xcode", "--stamp", "/w/CloudKitModelLint-passed.swift",
            "--", "/p/Sources/App/Models/Item.swift", "/p/Sources/App/Views/List.swift",
        ])
        #expect(command.inputs == ["/p/Sources/App/Models/Item.swift", "/p/Sources/App/Views/List.swift"])
        #expect(command.displayName == "CloudKit model lint of App (2 Swift files)")
    }

    /// The configuration sets rule severities: passed explicitly (a build command's working
    /// directory is the build system's) and an input, so editing it reruns lint.
    @Test func thePackagesConfigurationIsPassedAndIsAnInput() throws {
        let command = try #require(ModelLintCommand(
            target: "App", files: Self.files, workDirectory: "/w", configuration: "/p/.cloudkit-schema.json"))
        #expect(command.arguments.prefix(7) == ["lint", "--format", "xcode", "--stamp", "/w/CloudKitModelLint-passed.swift", "--config", "/p/.cloudkit-schema.json"])
        #expect(command.inputs.last == "/p/.cloudkit-schema.json")
    }

    /// `lint` with no paths lints the whole app: a target without Swift files gets no command.
    @Test func aTargetWithoutSwiftFilesGetsNoCommand() {
        #expect(ModelLintCommand(target: "Assets", files: ["/p/Sources/Assets/a.png"], workDirectory: "/w", configuration: nil) == nil)
    }
}
