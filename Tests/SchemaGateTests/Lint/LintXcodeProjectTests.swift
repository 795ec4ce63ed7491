import Foundation
import ModelSource
import Testing
import TestSupport
@testable import SchemaGate

/// The project rules read the Xcode project's build settings: which entitlements file and
/// which Info.plist each app target uses, and what it sets for the Info.plist Xcode generates.
@Suite struct LintXcodeProjectTests {
    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>com.apple.developer.icloud-container-identifiers</key><array><string>iCloud.com.example.pantry</string></array>
        <key>com.apple.developer.icloud-services</key><array><string>CloudKit</string></array>
        </dict></plist>

        """
    static let backgroundModes = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>UIBackgroundModes</key><array><string>remote-notification</string></array>
        </dict></plist>

        """

    func app(_ settings: [String: String]) -> TemporaryDirectory {
        let directory = TemporaryDirectory("xcode-settings")
        directory.write("App/Signing/App.entitlements", Self.entitlements)
        directory.write("App.xcodeproj/project.pbxproj", XcodeProjectFixture.pbxproj(project: ["SDKROOT": "iphoneos"], targets: [
            XcodeProjectFixture.Target("App", ["CODE_SIGN_ENTITLEMENTS": "App/Signing/App.entitlements", "GENERATE_INFOPLIST_FILE": "YES"]
                .merging(settings) { $1 }, synchronizedFolders: ["App"]),
        ]))
        return directory
    }

    func warnings(_ directory: TemporaryDirectory) throws -> [Finding] {
        try LintRunner(reader: noModels, rules: [MissingRemoteNotificationRule()]).run(LintRequest(
            paths: [], appDirectories: ["."], workingDirectory: directory.path, environment: [:])).findings
    }

    /// The target's INFOPLIST_FILE counts wherever it lies (Xcode adds one for Background
    /// Modes, merged with the generated keys).
    @Test func theTargetsInfoPlistFileCounts() throws {
        let directory = app(["INFOPLIST_FILE": "Config/Info.plist"])
        directory.write("Config/Info.plist", Self.backgroundModes)
        #expect(try warnings(directory).isEmpty)
        let spelled = app(["INFOPLIST_FILE": "$(SRCROOT)/Config/Info.plist"])
        spelled.write("Config/Info.plist", Self.backgroundModes)
        #expect(try warnings(spelled).isEmpty)
        // Another target's plist does not.
        let unrelated = app([:])
        unrelated.write("Config/Info.plist", Self.backgroundModes)
        #expect(try warnings(unrelated).count == 1)
    }

    /// INFOPLIST_KEY_UIBackgroundModes reaches no built Info.plist (Xcode's generator does not
    /// read it): still a warning, one that names the setting instead of claiming nothing is set.
    @Test func theUIBackgroundModesBuildSettingIsNamedNotTrusted() throws {
        let directory = app(["INFOPLIST_KEY_UIBackgroundModes": "remote-notification"])
        let findings = try warnings(directory)
        #expect(findings.count == 1 && findings[0].severity == .warning)
        #expect(findings[0].message.contains("App (App.xcodeproj) sets INFOPLIST_KEY_UIBackgroundModes = remote-notification, but Xcode generates no UIBackgroundModes from build settings"), "\(findings.map(\.message))")
        #expect(try warnings(app([:])).first?.message.contains("INFOPLIST_KEY") == false)
    }

    @Test func targetsListTheirSourcesAndEveryConfiguration() throws {
        let text = XcodeProjectFixture.pbxproj(project: ["SDKROOT": "iphoneos", "DEVELOPMENT_TEAM": "ABCDE12345"], targets: [
            XcodeProjectFixture.Target("App", ["PRODUCT_NAME": "App"], synchronizedFolders: ["App", "Shared"], release: ["PRODUCT_NAME": "Shipping"]),
        ])
        let targets = XcodeProjectReader.appTargets(Data(text.utf8), project: "Apps/App.xcodeproj")
        #expect(targets.map(\.sources) == [["App", "Shared"]])
        #expect(targets.first?.sourceRoot == "Apps")
        #expect(targets.first?.configurations["Release"]?["PRODUCT_NAME"] == "Shipping")
        #expect(targets.first?.configurations["Debug"]?["DEVELOPMENT_TEAM"] == "ABCDE12345", "the project's settings under the target's")
        #expect(targets.first?.settings["PRODUCT_NAME"] == "App", "settings stay Debug's")
    }

    /// A project without folder references: the Sources phase's files, placed by their groups.
    @Test func classicProjectsListTheSourcesPhaseFiles() throws {
        let text = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
              F1 = { isa = PBXFileReference; path = Item.swift; sourceTree = "<group>"; };
              F2 = { isa = PBXFileReference; path = App/AppDelegate.swift; sourceTree = SOURCE_ROOT; };
              F3 = { isa = PBXFileReference; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
              M1 = { isa = XCVersionGroup; path = Store.xcdatamodeld; sourceTree = "<group>"; children = ( ); };
              G2 = { isa = PBXGroup; path = Models; sourceTree = "<group>"; children = ( F1, M1 ); };
              G1 = { isa = PBXGroup; path = App; sourceTree = "<group>"; children = ( G2 ); };
              MG = { isa = PBXGroup; sourceTree = "<group>"; children = ( G1, F2, F3 ); };
              B1 = { isa = PBXBuildFile; fileRef = F1; };
              B2 = { isa = PBXBuildFile; fileRef = F2; };
              B3 = { isa = PBXBuildFile; fileRef = M1; };
              S = { isa = PBXSourcesBuildPhase; files = ( B1, B2, B3 ); };
              T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildPhases = ( S ); };
              P = { isa = PBXProject; mainGroup = MG; targets = ( T ); };
            }; rootObject = P; }
            """
        let targets = XcodeProjectReader.appTargets(Data(text.utf8), project: "App.xcodeproj")
        #expect(targets.map(\.sources) == [["App/Models/Item.swift", "App/AppDelegate.swift", "App/Models/Store.xcdatamodeld"]])
    }
}
