/// The gate's lint step. The lint engine is built on its own branch; until it is merged
/// here the step says plainly that it did not run (never a silent pass).
enum GateLint {
    struct Outcome {
        var note: String
        var findings: [Finding]
    }

    static func run(configuration: ResolvedConfiguration, log: @Sendable (String) -> Void) throws -> Outcome {
        Outcome(note: "Lint: NOT RUN: this build has no lint engine yet.", findings: [])
    }
}
