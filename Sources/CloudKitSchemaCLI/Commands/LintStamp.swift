import Foundation

/// `lint --stamp FILE`: the output a build system needs from a check (SwiftPM's build
/// commands must declare one). Written only when lint passes, removed before it runs, so
/// a stamp on disk always means the last run passed. Its one line is a Swift comment: the
/// build-tool plugin declares it as a `.swift` output, which SwiftPM compiles into the
/// target (any other output would become a resource of the target).
enum LintStamp {
    static let option = OptionSpec(
        "stamp", value: "FILE", help: "Write FILE when lint passes and remove it otherwise (a build system's output).")
    static let content = "// cloudkit-schema lint passed: no error findings.\n"

    /// Runs `lint` with the stamp, when one was asked for, kept true to the verdict.
    static func around(_ context: CommandContext, _ lint: () throws(CLIError) -> Int32) throws(CLIError) -> Int32 {
        guard let shown = context.arguments.value(option) else { return try lint() }
        let path = context.path(shown)
        try? FileManager.default.removeItem(atPath: path)  // a stale stamp must not outlive a failing run
        let status = try lint()
        guard status == 0 else { return status }
        try ExactFile.write(
            content, to: path, shown: shown, what: "the lint stamp",
            fix: "point --stamp at a file in a writable directory (a build plugin's work directory)", context)
        return status
    }
}
