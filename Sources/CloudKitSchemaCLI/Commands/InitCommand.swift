import Foundation
import SchemaGate

/// `init`: writes a commented starter `.cloudkit-schema.json` from what the repository shows.
enum InitCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let output = OptionSpec("output", value: "PATH", help: "Where to write (default: .cloudkit-schema.json at the repository root).")
        static let force = OptionSpec("force", .flag, help: "Overwrite an existing file.")
        static let print = OptionSpec("print", .flag, help: "Print the configuration instead of writing it.")
    }

    static let command = Command(
        name: "init",
        summary: "Write a commented starter .cloudkit-schema.json for this repository.",
        discussion: """
        Looks at the repository (the git work tree containing the working directory, or
        the working directory), as every command does for what no file says, and writes
        what it found as comments: every command reads the project again each run, so a
        pinned copy would only go stale (uncomment a value to pin or change it). What the
        project cannot settle is a commented choice the commands wait for: several teams,
        release tags of several families (ios/v*, android/v*), an iCloud container entry
        whose build settings cannot be expanded. The first application target that
        builds for macOS or iOS (SDKROOT, SUPPORTED_PLATFORMS, SUPPORTS_MACCATALYST) gets
        a create command, commented out: build with xcodebuild, then run the macOS app's
        executable, or the iOS app in a simulator. Refuses to overwrite an existing file
        unless --force is given.
        """,
        spec: ArgumentSpec(options: [
            Options.output,
            Options.force,
            Options.print,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        // The same root and survey the configuration resolution falls back to without a file.
        let root = ProjectSurvey.root(workingDirectory: context.workingDirectory)
        let survey = ProjectSurvey.survey(root: root)
        let tagPattern = ProjectSurvey.tagPattern(root: root, environment: context.environment)?.pattern
        let families = ProjectSurvey.tagFamilies(root: root, environment: context.environment)
        let text = StarterConfiguration.render(survey, tagPattern: tagPattern, tagFamilies: families)
        if context.arguments.flag(Options.print) {
            context.console.out(text)
            return 0
        }
        let path = context.arguments.value(Options.output).map(context.path) ?? root + "/" + ConfigFile.fileName
        if FileManager.default.fileExists(atPath: path) && !context.arguments.flag(Options.force) {
            throw .usage("\(path) already exists: edit it, or pass --force to replace it")
        }
        try ExactFile.write(text, to: path, shown: path, what: "the configuration",
                            fix: "choose a writable path with --output", context)
        context.console.out(text)
        context.console.errorLine("Wrote \(path). Check it, then run 'cloudkit-schema config' to see the resolved values.")
        return 0
    }
}
