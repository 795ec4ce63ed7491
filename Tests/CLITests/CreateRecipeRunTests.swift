import Foundation
import SchemaGate
import Testing
import TestSupport

/// The create commands `init` writes, run by `create` through /bin/sh against stand-ins
/// for xcodebuild and simctl (neither exists here): the app's outcome decides `create`'s
/// exit status on every route, even when simctl exits 0 whatever the app did.
@Suite(.waitsOnProcesses) struct CreateRecipeRunTests {
    let tools = TemporaryDirectory("recipe-tools")

    init() throws {
        let app = tools.write("app", """
        #!/bin/sh
        # Stands in for the debug app with the scaffold in it.
        printf 'app %s\\n' "$*" >> "$FAKE_TOOLS_LOG"
        case $FAKE_APP_OUTCOME in
          success) echo '\(InitializerScaffold.successLine) for iCloud.com.example.pantry'; exit 0 ;;
          failure) echo '\(InitializerScaffold.failureLine): CKError 9'; exit 1 ;;
          *) exit 0 ;;
        esac

        """)
        tools.write("bin/xcodebuild", """
        #!/bin/sh
        # "Builds" the app where xcodebuild puts it: <derived data>/Build/Products/<config>[-sdk]/.
        printf 'xcodebuild %s\\n' "$*" >> "$FAKE_TOOLS_LOG"
        while [ $# -gt 0 ]; do
          case $1 in
            -scheme) scheme=$2; shift ;;
            -derivedDataPath) derived=$2; shift ;;
            -destination) destination=$2; shift ;;
          esac
          shift
        done
        case $destination in
          *"Mac Catalyst"*) products=Debug-maccatalyst ;;
          *"iOS Simulator"*) products=Debug-iphonesimulator ;;
          *) products=Debug ;;
        esac
        bundle="$derived/Build/Products/$products/$scheme.app"
        mkdir -p "$bundle/Contents/MacOS" && cp '\(app)' "$bundle/Contents/MacOS/$scheme" && cp '\(app)' "$bundle/$scheme"

        """)
        tools.write("bin/xcrun", """
        #!/bin/sh
        # simctl's bootstatus, install and launch; launch runs the app and, as simctl is not
        # documented to do otherwise, exits 0 whatever the app's status.
        printf 'xcrun %s\\n' "$*" >> "$FAKE_TOOLS_LOG"
        [ "$1" = simctl ] || exit 64
        case $2 in
          bootstatus|install) exit 0 ;;
          launch)
            shift 2
            while [ "${1#--}" != "$1" ]; do shift; done
            shift 2
            '\(app)' "$@"
            exit 0 ;;
        esac
        exit 64

        """)
        for name in ["app", "bin/xcodebuild", "bin/xcrun"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tools.file(name))
        }
    }

    /// A Pantry release repository whose Xcode project is `pbxproj`, configured with the
    /// create command `init` suggests for it.
    func fixture(_ pbxproj: String) throws -> GateFixture {
        let fixture = try GateFixture()
        fixture.repo.write("Pantry.xcodeproj/project.pbxproj", pbxproj)
        let starter = fixture.run(["init", "--print"])
        let entry = try #require(XcodeProjectFixture.uncommentedCreate(starter.stdout), "\(starter.output)")
        fixture.repo.write(".cloudkit-schema.json", Pantry.configuration.replacingOccurrences(
            of: "\"tagPattern\": \"v*\"", with: "\"tagPattern\": \"v*\", " + entry.dropFirst(2).dropLast(2)))
        return fixture
    }

    func create(_ fixture: GateFixture, app outcome: String) -> (result: RunResult, log: String) {
        let log = tools.file("calls-\(UUID().uuidString.prefix(6)).log")
        let path = tools.file("bin") + ":" + (baseEnvironment()["PATH"] ?? "/usr/bin:/bin")
        let result = fixture.run(["create", "--no-verify"], mode: "ok", ["PATH": path, "FAKE_TOOLS_LOG": log, "FAKE_APP_OUTCOME": outcome])
        return (result, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test func anIOSAppsOutcomeReachesCreateThroughTheSimulator() throws {
        let fixture = try fixture(XcodeProjectFixture.iOSApp("Pantry"))
        let passed = create(fixture, app: "success")
        #expect(passed.result.status == 0, "\(passed.result.output)")
        #expect(passed.result.stderr.contains(InitializerScaffold.successLine), "the app's output reaches create")
        #expect(passed.log.contains("xcrun simctl bootstatus iPhone 16 -b"))
        #expect(passed.log.contains("xcrun simctl install iPhone 16 build/CloudKitSchema/Build/Products/Debug-iphonesimulator/Pantry.app"))
        #expect(passed.log.contains("app -initializeCloudKitSchema"))

        let failed = create(fixture, app: "failure")
        #expect(failed.result.status == 2, "\(failed.result.output)")
        #expect(failed.result.stdout.contains("failed with exit status 1") || failed.result.stderr.contains("failed with exit status 1"))
        // An app that never says it succeeded (crashed, never launched) fails too.
        #expect(create(fixture, app: "silent").result.status == 2)
    }

    @Test func aMacAppsExitStatusReachesCreate() throws {
        for project in [XcodeProjectFixture.macApp("Pantry"), XcodeProjectFixture.iOSApp("Pantry", catalyst: true)] {
            let fixture = try fixture(project)
            let passed = create(fixture, app: "success")
            #expect(passed.result.status == 0, "\(passed.result.output)")
            #expect(passed.log.contains("app -initializeCloudKitSchema"))
            #expect(!passed.log.contains("xcrun"))
            let failed = create(fixture, app: "failure")
            #expect(failed.result.status == 2)
            #expect(failed.result.output.contains("failed with exit status 1"), "\(failed.result.output)")
        }
    }
}
