// swift-tools-version:6.0
import PackageDescription

// Layering (Docs/ARCHITECTURE.md): CloudKitSchema knows the .ckdb language only;
// SchemaGate is the engine (checks, reports); CloudKitSchemaCLI parses arguments and
// runs commands; the executable and plugins are thin shells around it.
let package = Package(
    name: "CloudKitSchemaGate",
    // iOS for CloudKitSyncDiagnostics alone (the versions with NSPersistentCloudKitContainer events).
    platforms: [.macOS(.v13), .iOS(.v14)],
    products: [
        .executable(name: "cloudkit-schema", targets: ["cloudkit-schema"]),
        // Linked by the app: its sync history, error rendering and Production probe.
        .library(name: "CloudKitSyncDiagnostics", targets: ["CloudKitSyncDiagnostics"]),
        .plugin(name: "CloudKitModelLint", targets: ["CloudKitModelLint"]),
    ] + commandPlugins.map { .plugin(name: $0.name, targets: [$0.name]) },
    targets: [
        .target(name: "CloudKitSchema"),
        // In the app, not the tool: nothing of this package, only the toolchain and the
        // system frameworks it finds (Docs/SyncDiagnostics.md).
        .target(name: "CloudKitSyncDiagnostics"),
        // Shared utilities below the domain (file-system walk, paths, byte search, spawn):
        // no product, `package` access. Not named `Basics`: a package that also depends on
        // SwiftPM would get two modules of that name.
        .target(name: "SchemaGateBasics"),
        .target(name: "ModelSource", dependencies: ["SchemaGateBasics"]),
        .target(name: "SchemaGate", dependencies: ["CloudKitSchema", "ModelSource", "SchemaGateBasics"]),
        .target(name: "CloudKitSchemaCLI", dependencies: ["SchemaGate", "CloudKitSchema", "ModelSource", "SchemaGateBasics"]),
        .executableTarget(name: "cloudkit-schema", dependencies: ["CloudKitSchemaCLI"]),
        // Benchmark against peers (README "Performance"); not part of the test suite.
        .executableTarget(name: "cloudkit-schema-bench", dependencies: ["CloudKitSchema", "SchemaGate", "SchemaGateBasics"]),
        // Plugin logic, unit-tested as a normal target and linked into each plugin as source;
        // its spawn set-up is SchemaGateBasics' file, by a per-file symbolic link.
        .target(name: "PluginSupport"),
        // Shared test helpers (temp dirs, processes, git); used by test targets only.
        .target(name: "TestSupport", dependencies: ["CloudKitSchema", "SchemaGate", "ModelSource", "SchemaGateBasics"], path: "Tests/TestSupport"),
        .testTarget(name: "CloudKitSyncDiagnosticsTests", dependencies: ["CloudKitSyncDiagnostics"]),
        .testTarget(
            name: "CloudKitSchemaTests",
            dependencies: ["CloudKitSchema"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ModelSourceTests",
            dependencies: ["ModelSource", "SchemaGateBasics", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SchemaGateTests",
            dependencies: ["SchemaGate", "CloudKitSchema", "ModelSource", "SchemaGateBasics", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "CloudKitSchemaCLI", "SchemaGate", "CloudKitSchema", "SchemaGateBasics", "TestSupport", "cloudkit-schema",
                // For the probe list generated into it (Generated/), compiled as an app compiles it.
                "CloudKitSyncDiagnostics",
            ],
            resources: [.copy("Fixtures")]
        ),
        // Plugins, hooks and PluginSupport: the ways a release script, git and CI start the tool.
        .testTarget(name: "EntryPointTests", dependencies: ["PluginSupport", "SchemaGateBasics", "TestSupport", "cloudkit-schema"]),
        // Applied to an app's target: lint runs at every build, its findings are build errors
        // at their lines (README "Build-time lint"). Offline: no permissions.
        .plugin(name: "CloudKitModelLint", capability: .buildTool(), dependencies: ["cloudkit-schema"]),
    ] + commandPlugins,
    swiftLanguageModes: [.v6]
)

/// `swift package <verb>` in any package that depends on this one: thin adapters that run
/// `cloudkit-schema <command>` (Plugins/Shared/README.md). Permissions: see README "Plugins".
var commandPlugins: [Target] {
    let cktool = PluginPermission.allowNetworkConnections(
        scope: .all(), reason: "cktool exports the Development and Production schemas from CloudKit (read-only).")
    func plugin(_ name: String, _ verb: String, _ description: String, _ permissions: [PluginPermission]) -> Target {
        .plugin(
            name: name,
            capability: .command(intent: .custom(verb: verb, description: description), permissions: permissions),
            dependencies: ["cloudkit-schema"])
    }
    return [
        plugin("GatePlugin", "gate", "Block a release whose CloudKit Production schema lacks what the models write.", [cktool]),
        plugin("CheckSchemaPlugin", "check-schema", "Report every record type and field the Production schema lacks.", [cktool]),
        plugin("CreateSchemaPlugin", "create-schema", "Run the configured command that materializes the Development schema.", [
            .allowNetworkConnections(scope: .all(), reason: "Your create command launches the app, which uploads its schema to CloudKit Development."),
            .writeToPackageDirectory(reason: "Your create command builds the app, writing build products."),
        ]),
        plugin("LintModelsPlugin", "lint-models", "Check models against the rules CloudKit mirroring imposes (offline).", []),
        plugin("DoctorPlugin", "doctor", "Check the whole setup (read-only) and print what to fix, line by line.", [cktool]),
    ]
}
