import PluginSupport
import Testing

@Suite struct TargetDirectoriesTests {
    @Test func commonAncestorOfXcodeTargetFiles() {
        #expect(TargetDirectories.commonAncestor(of: [
            "/p/App/Models/Item.swift", "/p/App/Models/V2/Tag.swift", "/p/App/Views/List.swift",
        ]) == "/p/App")
        #expect(TargetDirectories.commonAncestor(of: ["/p/App/Item.swift"]) == "/p/App")
        #expect(TargetDirectories.commonAncestor(of: ["/a/x.swift", "/b/y.swift"]) == "/")
        #expect(TargetDirectories.commonAncestor(of: []) == nil)
        // Component-wise, not character-wise: /p/App and /p/AppTests share only /p.
        #expect(TargetDirectories.commonAncestor(of: ["/p/App/a.swift", "/p/AppTests/b.swift"]) == "/p")
    }

    @Test func namesResolveInOrderAndUnknownNamesListTheChoices() throws {
        let available = [(name: "Models", directory: "/p/Sources/Models"), (name: "App", directory: "/p/Sources/App")]
        #expect(try TargetDirectories.resolve(["App", "Models", "App"], in: available)
            == ["/p/Sources/App", "/p/Sources/Models"])
        #expect(throws: UnknownTargetError(name: "Modles", available: ["Models", "App"])) {
            try TargetDirectories.resolve(["Modles"], in: available)
        }
        #expect(UnknownTargetError(name: "Modles", available: ["Models", "App"]).description
            == "no target named 'Modles' in this project; targets: App, Models")
    }
}

@Suite struct TargetSplitTests {
    /// A name the package does not have is left for the tool: an Xcode app target.
    @Test func namesThePackageLacksGoToTheTool() {
        let available = [(name: "Models", directory: "/p/Sources/Models")]
        let split = TargetDirectories.split(["MyApp", "Models", "MyApp", "Models"], in: available)
        #expect(split.directories == ["/p/Sources/Models"])
        #expect(split.xcodeTargets == ["MyApp"])
    }
}
