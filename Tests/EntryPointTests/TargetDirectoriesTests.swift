import PluginSupport
import Testing

@Suite struct TargetSplitTests {
    /// A name the package does not have is left for the tool: an Xcode target, which the
    /// tool resolves with the local packages it links.
    @Test func namesThePackageLacksGoToTheTool() {
        let available = [(name: "Models", directories: ["/p/Sources/Models"])]
        let split = TargetDirectories.split(["MyApp", "Models", "MyApp", "Models"], in: available)
        #expect(split.directories == ["/p/Sources/Models"])
        #expect(split.xcodeTargets == ["MyApp"])
    }

    /// A package target brings the directories of the local targets it depends on, once each.
    @Test func aTargetBringsItsLocalDependencies() {
        let available = [
            (name: "App", directories: ["/p/Sources/App", "/p/Sources/Models", "/core/Sources/Core"]),
            (name: "Models", directories: ["/p/Sources/Models"]),
        ]
        #expect(TargetDirectories.split(["Models", "App"], in: available).directories
            == ["/p/Sources/Models", "/p/Sources/App", "/core/Sources/Core"])
    }
}
