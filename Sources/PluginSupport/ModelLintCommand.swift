/// What the `CloudKitModelLint` build-tool plugin runs on a target: `cloudkit-schema lint`
/// over the target's Swift files, in the `xcode` format (`/abs/file:line:column: error:
/// message`, which Xcode shows as an issue at the line and SwiftPM prints), with a stamp
/// the tool writes only when lint passes. SwiftPM runs a build command only with declared
/// outputs and runs it again when an input changed or an output is missing (Docs/plugins-and-hooks.md,
/// "Build-time lint").
public struct ModelLintCommand: Equatable, Sendable {
    /// The stamp's file name. A `.swift` output is compiled into the target (the stamp is
    /// one comment line); any other output would become a resource of the target.
    public static let stampName = "CloudKitModelLint-passed.swift"
    public static let configurationName = ".cloudkit-schema.json"

    public var displayName: String
    public var arguments: [String]
    /// The files whose change reruns lint: the Swift files, and the configuration (rule severities).
    public var inputs: [String]
    public var stamp: String

    /// Nil when the target has no Swift file: lint with no paths would lint the whole app.
    /// - Parameters:
    ///   - files: every file of the target; only Swift files are linted.
    ///   - configuration: the package's (or Xcode project's) `.cloudkit-schema.json`, if it has one.
    public init?(target: String, files: [String], workDirectory: String, configuration: String?) {
        let swiftFiles = files.filter { $0.hasSuffix(".swift") }.sorted()
        guard !swiftFiles.isEmpty else { return nil }
        stamp = workDirectory + "/" + Self.stampName
        displayName = "CloudKit model lint of \(target) (\(swiftFiles.count) Swift file\(swiftFiles.count == 1 ? "" : "s"))"
        arguments = ["lint", "--format", "xcode", "--stamp", stamp]
            + (configuration.map { ["--config", $0] } ?? []) + ["--"] + swiftFiles
        inputs = swiftFiles + (configuration.map { [$0] } ?? [])
    }
}
