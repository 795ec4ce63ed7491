import Foundation
import ModelSource
import TestSupport
import Testing
@testable import SchemaGate
@testable import SchemaGateBasics

/// The store reading behind the configuration rules (the model reader's `StoreSites`), and plist parsing.
@Suite struct LintScannerTests {
    func sites(_ text: String) -> [ModelConfigurationSite] {
        SwiftSourceFile(path: "x.swift", contents: Array(text.utf8)).sites
    }

    func configurations(_ text: String) -> [ModelConfigurationSite] {
        sites(text).filter { $0.kind == .configuration }
    }

    @Test func callsInCommentsAndStringsAreNotCalls() {
        let source = #"""
        let a = "ModelConfiguration(" // ModelConfiguration(
        /* outer /* inner */ ModelConfiguration( */ let b = 1
        let c = #"raw " ModelConfiguration( "#
        let d = """
            ModelConfiguration(
            """
        let e = "x \(f("ModelConfiguration(")) y"; let g = ModelConfiguration(schema: s)
        """#
        #expect(configurations(source).map(\.line) == [7])
    }

    /// The project scans read Swift with the model reader's lexer: a regex literal holding
    /// quotes (which the scan's own masking read as a string opener) hides nothing after it.
    @Test func aRegexLiteralHidesNoCallAfterIt() {
        let source = """
        let quote = #/\"\"\"/#
        let bare = /"/
        let test = ModelConfiguration(isStoredInMemoryOnly: true)
        """
        #expect(configurations(source).map(\.line) == [3])
        #expect(configurations(source).first?.inMemory == true)
    }

    @Test func neverCrashesOnUnterminatedInput() {
        for text in ["\"abc", "/* never closed", "#\"raw", "\"\"\"\nmulti", "\"\\(", "ModelConfiguration(", "\"\\", "#", "\\((((",
                     "ModelContainer(for: ", "let c = ModelContainer(for: [A.self], configurations: c", "x.cloudKitContainerOptions ="] {
            _ = SwiftSourceFile(path: "x.swift", contents: Array(text.utf8))
        }
        let site = SwiftSourceFile(path: "x.swift", contents: Array("let c = ModelConfiguration(schema: s,\n".utf8)).sites
        #expect(site.map(\.line) == [1])
    }

    @Test func callArgumentsAndLines() {
        let text = "\n\nlet c = ModelConfiguration(\n  \"Main\",\n  schema: Schema([A.self, B.self]),\n  cloudKitDatabase: flag ? .private(\"id\") : .none\n)"
        #expect(configurations(text).map(\.line) == [3])
        #expect(configurations(text).first?.database == .conditional(mentionsAutomatic: false, container: "id"))
    }

    /// The type spelled with its module, and `.init(...)` given to an annotated variable,
    /// are calls too; a member that happens to share the name, or a comparison, is not.
    @Test func qualifiedAndImplicitInitializerCalls() {
        func databases(_ text: String) -> [ModelConfigurationSite.Database] { configurations(text).map(\.database) }
        #expect(databases("let c = SwiftData.ModelConfiguration(schema: s, cloudKitDatabase: .none)") == [.none])
        #expect(configurations("let c: ModelConfiguration = .init(isStoredInMemoryOnly: true)").map(\.inMemory) == [true])
        #expect(databases("var c: SwiftData.ModelConfiguration? = .init(cloudKitDatabase: .automatic)") == [.automatic])
        #expect(databases("let c = settings.ModelConfiguration(x: 1)").isEmpty)
        #expect(databases("let c = MySwiftData.ModelConfiguration(x: 1)").isEmpty)
        #expect(databases("if c is ModelConfiguration == .init(x) {}").isEmpty)
        #expect(databases("func make() -> ModelConfiguration { .init(x: 1) }").isEmpty)
    }

    @Test func databaseValues() {
        func database(_ value: String) -> ModelConfigurationSite.Database? {
            configurations("ModelConfiguration(schema: s, cloudKitDatabase: \(value))").first?.database
        }
        #expect(database(".automatic") == .automatic)
        #expect(database(".none") == ModelConfigurationSite.Database.none)
        #expect(database("ModelConfiguration.CloudKitDatabase.none") == ModelConfigurationSite.Database.none)
        #expect(database(".private(\"iCloud.a\")") == .private("iCloud.a"))
        #expect(database(".private(flag ? \"a\" : \"b\")") == .private(nil))
        #expect(database("sync ? .automatic : .none") == .conditional(mentionsAutomatic: true))
        #expect(database("settings.database") == .unknown)
    }

    @Test func malformedPlistIsAParseErrorWithALine() throws {
        let directory = TemporaryDirectory("lint-plist")
        directory.write("App/App.entitlements", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n<string>b</key>\n</dict>\n</plist>\n")
        directory.write("App/Info.plist", "not a plist at all {")
        directory.write("App/Empty.entitlements", "")
        let report = try LintRunner(reader: noModels).run(LintRequest(paths: ["App"], workingDirectory: directory.path, environment: [:]))
        #expect(report.status == .error)
        #expect(report.status.exitCode == 2)
        let errors = report.findings.filter { $0.code == "parse-error" }
        #expect(errors.map(\.file) == ["App/App.entitlements", "App/Empty.entitlements", "App/Info.plist"])
        #expect(errors.first?.line == 5)
    }

    @Test func invalidUTF8IsAParseErrorNotACrash() {
        let bytes = Array("<plist>\n<dict><key>a</key>\n<rtnn".utf8) + [0xC3, 0x2D] + Array("/></dict></plist>".utf8)
        #expect(throws: PropertyListError(file: "A.entitlements", line: 3, reason: "malformed XML: not valid UTF-8 (byte 32); save the file as UTF-8")) {
            try PropertyListFile.parse(path: "A.entitlements", contents: bytes)
        }
        #expect(UTF8Check.firstInvalidOffset(Array("héllo ✓".utf8)) == nil)
    }

    @Test func binaryPlistsAreRead() throws {
        let values: [String: Any] = ["com.apple.developer.icloud-container-environment": "Production"]
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0)
        let file = try PropertyListFile.parse(path: "A.entitlements", contents: [UInt8](data))
        let findings = ProductionEnvironmentEntitlementRule().check(LintInput(model: AppModel(), propertyLists: [file]))
        #expect(findings.map(\.line) == [1])
    }

    @Test func missingPathIsBadInput() {
        #expect(throws: LintError.self) {
            try LintRunner(reader: noModels).run(LintRequest(paths: ["nope"], workingDirectory: "/tmp", environment: [:]))
        }
    }

    @Test func walkSkipsBuildOutputAndDependencies() {
        let directory = TemporaryDirectory("lint-walk")
        for path in ["App/A.swift", ".build/x/B.swift", "Pods/C.swift", "App.xcodeproj/D.swift", "DerivedData/E.swift", "App/Info.plist", "App/App.entitlements", "App/Other.plist"] {
            directory.write(path, "")
        }
        let scope = try? LintScope.collect(paths: [directory.path])
        #expect(scope?.swiftFiles == [directory.path + "/App/A.swift"])
        #expect(scope?.propertyLists == [directory.path + "/App/App.entitlements", directory.path + "/App/Info.plist"])
    }
}

/// Random input drawn from the characters the scanners care about: none may crash or hang.
@Suite struct LintScannerRobustnessTests {
    @Test func scannersSurviveRandomInput() {
        let alphabet = Array("ModelConfiguration(cloudKitDatabase:.none)#\"\\/*\n @<>!-{}[],isStoredInMemoryOnly:true\u{FF}é".utf8)
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<400 {
            let length = Int.random(in: 0..<300, using: &generator)
            let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            _ = SwiftSourceFile(path: "Fuzz.swift", contents: bytes)
            _ = SuppressionIndex(text: String(decoding: bytes, as: UTF8.self) + "\n// cloudkit-schema:disable a\n@X(")
            _ = try? PropertyListFile.parse(path: "Fuzz.entitlements", contents: Array("<plist><dict><key>".utf8) + bytes)
        }
    }
}
