import Foundation
import SchemaGate

/// `install-hooks`: writes the pre-commit (model lint) and pre-push (release gate) hooks into
/// the repository's hooks directory, honouring `core.hooksPath`. Never replaces a hook it did
/// not write identically unless `--force` is given, and then keeps the old one as `<hook>.orig`.
enum InstallHooksCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let hook = OptionSpec("hook", .multiple, value: "NAME", help: "Install only these hooks: pre-commit, pre-push (default: both).")
        static let force = OptionSpec("force", .flag, help: "Replace existing hooks (each kept as <hook>.orig) and a different recorded tool.")
    }

    static let command = Command(
        name: "install-hooks",
        summary: "Install the git hooks: pre-commit lints staged models, pre-push gates release tags.",
        discussion: """
        pre-commit lints the SwiftData / Core Data model files a commit stages (offline, fast).
        pre-push runs 'cloudkit-schema gate' on each pushed release tag (see the hook for
        the tag pattern). Hooks go where git runs them: core.hooksPath if set, else .git/hooks.
        An existing hook is never replaced without --force.

        It also records where the tool lives, so the hooks run the same one: the Swift
        package it was run from (swift run --package-path Tools cloudkit-schema
        install-hooks records Tools, as git config cloudkit-schema.package), or the binary
        itself (git config cloudkit-schema.tool). A different tool recorded before is kept
        (with a warning) unless --force, or unless it is gone (moved or deleted).

        Bypass deliberately, once: SKIP_CLOUDKIT_SCHEMA_CHECK=1 git commit ... (or git push ...);
        the hook says loudly that it skipped. 'git commit --no-verify' skips every hook silently.
        """,
        spec: ArgumentSpec(options: [
            Options.hook,
            Options.force,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        let selected = try selectedHooks(context.arguments.all(Options.hook))
        let (repository, directory) = try hooksDirectory(context)
        let force = context.arguments.flag(Options.force)
        let plans = selected.map { Plan(name: $0.name, script: $0.script, path: directory + "/" + $0.name) }
        let conflicts = plans.filter(\.conflicts)
        if !conflicts.isEmpty && !force {
            let names = conflicts.map(\.name)
            let others = selected.map(\.name).filter { !names.contains($0) }
            let only = others.isEmpty ? "" : ", or --hook \(others.joined(separator: " --hook ")) to install only that"
            throw .setup("""
                \(conflicts.map(\.problem).joined(separator: "; ")); nothing was installed. \
                Re-run with --force to replace (the old file, or the link itself, is kept as <hook>.orig)\(only).
                """)
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for plan in plans {
                if !plan.conflicts && plan.existing != nil {
                    context.console.line("\(plan.name): already installed at \(plan.path)")
                    continue
                }
                var note = ""
                if plan.conflicts {
                    // A link is renamed, never followed: its target stays as it is.
                    let backup = try keepOriginal(plan.path)
                    note = " (the previous \(plan.link == nil ? "hook" : "link") is now \(backup))"
                }
                try OutputFile.replace(plan.path, with: Array(plan.script.utf8), mode: 0o755)
                context.console.line("\(plan.name): installed at \(plan.path)\(note)")
            }
        } catch let error as OutputFile.Failure {
            throw .setup("could not write the hooks into \(directory): \(error.reason); check that the directory is writable")
        } catch {
            throw .setup("could not write the hooks into \(directory): \(error.localizedDescription); check that the directory is writable")
        }
        try recordToolLocation(context, repository)
        context.console.line("Bypass once, deliberately: SKIP_CLOUDKIT_SCHEMA_CHECK=1 git commit ... (or git push ...)")
        return 0
    }

    /// One hook to install, and what is at its path now.
    struct Plan {
        var name: String
        var script: String
        var path: String
        /// A symbolic link's target (dangling or not): never written through.
        var link: String?
        /// The content of a file there (nil: none, or a link).
        var existing: String?

        init(name: String, script: String, path: String) {
            self.name = name
            self.script = script
            self.path = path
            link = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            existing = link == nil && FileManager.default.fileExists(atPath: path)
                ? (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" : nil
        }

        /// Something is there that is not this tool's current hook.
        var conflicts: Bool { link != nil || (existing != nil && existing != script) }

        var problem: String {
            if let link { return "\(path) is a symbolic link (to \(link)), which install-hooks never writes through" }
            return "\(path) already exists and is not this tool's current hook"
        }
    }

    /// Records the package (or binary) this tool was started from, for the hooks. A
    /// different tool already recorded that still exists is kept unless `--force`: which
    /// tool gates the releases changes only deliberately, and is said either way.
    static func recordToolLocation(_ context: CommandContext, _ repository: GitRepository) throws(CLIError) {
        guard let executable = ToolLocation.executable(context.executable, context) else { return }
        let location = ToolLocation.of(executable: executable, repositoryRoot: repository.root)
        let previous = ToolLocation.recorded(in: repository)
        var replaced = ""
        if let previous, !previous.isSame(as: location, repositoryRoot: repository.root) {
            if let missing = previous.missing(repositoryRoot: repository.root) {
                replaced = " It replaces \(previous.recordedAs), \(missing)."
            } else if context.arguments.flag(Options.force) {
                replaced = " It replaces \(previous.recordedAs) (--force)."
            } else {
                context.console.errorLine("""
                    warning: the hooks keep running \(previous.recordedAs), recorded before; this install-hooks runs \
                    from \(location.shown), which is not recorded. To make the hooks run this one, re-run this \
                    install-hooks with --force.
                    """)
                return
            }
        }
        do {
            try location.record(in: repository)
        } catch {
            throw .setup("the hooks are installed, but where the tool lives could not be recorded: \(error.message); set it with 'git config \(ToolLocation.packageKey) Tools' (the package that depends on CloudKitSchemaGate)")
        }
        context.console.line(location.description + replaced)
    }

    static func selectedHooks(_ names: [String]) throws(CLIError) -> [(name: String, script: String)] {
        if names.isEmpty { return HookScripts.all }
        var result: [(name: String, script: String)] = []
        for name in names {
            guard let hook = HookScripts.all.first(where: { $0.name == name }) else {
                let known = HookScripts.all.map(\.name)
                let hint = closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw .usage("unknown hook '\(name)'\(hint) Hooks: \(known.joined(separator: ", ")).")
            }
            if !result.contains(where: { $0.name == name }) { result.append(hook) }
        }
        return result
    }

    /// Where git runs hooks from: `git rev-parse --git-path hooks` honours core.hooksPath
    /// (relative, absolute or ~) and linked worktrees; run at the top, the answer is
    /// relative to it.
    static func hooksDirectory(_ context: CommandContext) throws(CLIError) -> (GitRepository, String) {
        let repository: GitRepository
        let output: String
        do throws(GitError) {
            repository = try GitRepository(containing: context.workingDirectory, environment: context.environment)
            output = try repository.run(["rev-parse", "--git-path", "hooks"])
        } catch {
            if case .notARepository = error {
                throw .setup("\(context.workingDirectory) is not inside a git work tree; run install-hooks from the app's repository")
            }
            throw .setup(error.message)
        }
        guard let path = output.split(separator: "\n").first.map(String.init), !path.isEmpty else {
            throw .setup("git rev-parse --git-path hooks printed nothing; run it by hand to see why")
        }
        return (repository, path.hasPrefix("/") ? path : repository.root + "/" + path)
    }

    /// Renames `path` to `path.orig` (or `.orig.1`, `.orig.2`... if taken) and returns the new name.
    static func keepOriginal(_ path: String) throws -> String {
        var backup = path + ".orig"
        var counter = 1
        // attributesOfItem does not follow a link: a dangling one is taken too.
        while (try? FileManager.default.attributesOfItem(atPath: backup)) != nil {
            backup = path + ".orig.\(counter)"
            counter += 1
        }
        try FileManager.default.moveItem(atPath: path, toPath: backup)
        return backup
    }
}
