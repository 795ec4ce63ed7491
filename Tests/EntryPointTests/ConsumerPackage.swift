import Foundation
import TestSupport

/// A package that depends on this one by local path, the way an app's tools package does,
/// with a fake `xcrun` that serves schema exports. Built once per test run and reused by
/// every plugin test: the first `swift package <verb>` builds the tool (~7 s warm machine,
/// longer on a cold one); later runs take about half a second.
///
/// It lives in this package's own .build directory (ignored by git, one per worktree), so a
/// second `swift test` run starts warm and nothing accumulates in /tmp.
final class ConsumerPackage: @unchecked Sendable {
    static let shared = Result { try ConsumerPackage(name: "Consumer") }
    /// A second consumer, for the gate plugin tests: SwiftPM runs one at a time in a
    /// package's .build, so each consumer is a chain of runs, and two chains end sooner.
    static let gate = Result { try ConsumerPackage(name: "GateConsumer") }

    let root: String
    var fakeBin: String { root + "/fakebin" }
    /// Where the fake xcrun reads `<environment>.ckdb` from.
    var exports: String { root + "/exports" }

    private init(name: String) throws {
        root = packageRoot + "/.build/plugin-e2e/" + name
        let fm = FileManager.default
        for stale in ["Sources", "cloudkit", "schemas", "exports"] { try? fm.removeItem(atPath: root + "/" + stale) }
        try? fm.removeItem(atPath: root + "/.git")
        try write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                platforms: [.macOS(.v14)],
                dependencies: [.package(path: "\(packageRoot)")],
                targets: [
                    .target(name: "AppModels"), .target(name: "BadModels"),
                    \(LintedTarget.manifestEntries)
                ]
            )
            """)
        try write("Sources/AppModels/Item.swift", Self.itemModel)
        try write("Sources/BadModels/Item.swift", Self.badModel)
        for target in LintedTarget.allCases { try write(target.source, target.model) }
        try write(".cloudkit-schema.json", ContractCommands.configuration(modelPaths: ["Sources/AppModels"]))
        try write("fakebin/xcrun", FakeXcrun.script, executable: true)
        try write(".gitignore", ".build/\n/exports/\n/fakebin/\n/schemas/\n")
        try fm.createDirectory(atPath: exports, withIntermediateDirectories: true)
        try git(["init", "-q"], in: root)
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "consumer"], in: root)
    }

    func write(_ relative: String, _ text: String, executable: Bool = false) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
    }

    /// `swift package <swiftPMOptions> <verb> <arguments>` in the consumer, with the fake
    /// xcrun first on PATH. Serialised: SwiftPM locks the consumer's .build anyway.
    /// - Parameter directory: where to run it instead (then with `--package-path` the consumer),
    ///   as from an app repository's root with its tools package in `Tools/`.
    func swiftPackage(
        _ swiftPMOptions: [String] = [], _ verb: String, _ arguments: [String] = [],
        environment: [String: String?] = [:], in directory: String? = nil
    ) throws -> ProcessResult {
        let path = fakeBin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var env: [String: String?] = [
            "PATH": path, FakeXcrun.exportsVariable: exports,
            "SKIP_CLOUDKIT_SCHEMA_CHECK": nil, "NO_COLOR": "1",
        ]
        env.merge(environment) { $1 }
        return try lock.withLock {
            let packagePath = directory == nil ? [] : ["--package-path", root]
            let arguments = ["package"] + packagePath + swiftPMOptions + [verb] + arguments
            let first = try runProcess("swift", arguments, in: directory ?? root, environment: env)
            // SwiftPM itself occasionally dies of a signal on Linux (Foundation's Process
            // crash); that is the toolchain, not the plugin under test: run it once more.
            guard first.status > 128 else { return first }
            return try runProcess("swift", arguments, in: directory ?? root, environment: env)
        }
    }

    /// `swift build --target NAME` in the consumer (the build-tool plugin's tests), under
    /// the same lock: one SwiftPM at a time in its .build.
    func swiftBuild(target: String) throws -> ProcessResult {
        try lock.withLock {
            try runProcess("swift", ["build", "--target", target], in: root, environment: ["NO_COLOR": "1"])
        }
    }

    /// One SwiftPM at a time in this consumer's .build.
    private let lock = NSLock()

    /// Line 6 breaks `required-attribute`: CloudKit mirroring needs a default or an optional.
    static let badModel = """
        import Foundation
        import SwiftData

        @Model
        final class Item {
            var title: String
            init(title: String) { self.title = title }
        }

        """

    /// Serves the given exports to the fake xcrun and clears its call log.
    func serve(development: String, production: String) throws {
        try write("exports/development.ckdb", development)
        try write("exports/production.ckdb", production)
        try? FileManager.default.removeItem(atPath: exports + "/calls")
    }

    /// What the fake xcrun was asked, one line per call.
    var xcrunCalls: [String] {
        ((try? String(contentsOfFile: exports + "/calls", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    static let itemModel = """
        import Foundation
        import SwiftData

        @Model
        final class Item {
            var title: String = ""
            var notes: String?
            init() {}
        }

        """
}
