import Foundation
import ModelSource
import SchemaGate
import SchemaGateBasics

/// The doctor's hook lines: both hooks installed where git runs them (as install-hooks
/// writes them), and able to find the tool. The second runs the hooks' own `find_tool`
/// (the shared part of the embedded scripts) in `/bin/sh`, so the answer, and the fix when
/// it fails, is the hooks' own, word for word.
enum HookDoctor {
    static func checks(_ context: CommandContext) -> [DoctorCheck] {
        let directory: String
        let repository: GitRepository
        do {
            (repository, directory) = try InstallHooksCommand.hooksDirectory(context)
        } catch {
            return [.failed("hooks", "The hooks directory could not be found: \(error.message).", fix: "Run 'git rev-parse --git-path hooks' by hand to see why.")]
        }
        let shown = UserPath.display(directory, from: context.workingDirectory)
        var missing: [String] = [], foreign: [String] = []
        for (name, script) in HookScripts.all {
            let path = directory + "/" + name
            guard FileManager.default.fileExists(atPath: path) else { missing.append(name); continue }
            if (try? String(contentsOfFile: path, encoding: .utf8)) != script || !FileManager.default.isExecutableFile(atPath: path) {
                foreign.append(name)
            }
        }
        // The tool as it runs now: where install-hooks records it, so the hooks find it too.
        let install = ToolLocation.invocation(context, repositoryRoot: repository.root) + " install-hooks"
        if !missing.isEmpty {
            return [.failed("hooks", "\(missing.joined(separator: " and ")) not installed in \(shown).",
                            fix: "Install them with the tool you ran now: \(install) (it also records where the tool lives)."),
                    .skipped("hooks-tool", "Not checked: needs the hooks line to pass.")]
        }
        if !foreign.isEmpty {
            return [.failed("hooks", "\(foreign.map { "\(shown)/\($0)" }.joined(separator: " and ")) \(foreign.count == 1 ? "is" : "are") not this tool's current hook (another hook, an older version, or not executable).",
                            fix: "Replace \(foreign.count == 1 ? "it" : "them") with \(install) --force (each old file is kept as <hook>.orig)."),
                    .skipped("hooks-tool", "Not checked: needs the hooks line to pass.")]
        }
        return [.passed("hooks", "pre-commit and pre-push are installed in \(shown)."), toolLine(repository, context)]
    }

    /// What the hooks' `find_tool` finds from the repository root, with this environment.
    static func toolLine(_ repository: GitRepository, _ context: CommandContext) -> DoctorCheck {
        var environment = context.environment
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_PREFIX", "GIT_INDEX_FILE"] { environment[name] = nil }
        let request = ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", locatorScript], environment: environment,
            workingDirectory: repository.root, timeout: 30)
        guard let result = try? ProcessRunner.run(request), !result.timedOut else {
            return .failed("hooks-tool", "The hooks' search for the tool did not finish.", fix: "Run the pre-commit hook by hand (git hook run pre-commit) to see why.")
        }
        let said = result.stderr.split(whereSeparator: \.isNewline).map { line in
            line.hasPrefix(messagePrefix) ? String(line.dropFirst(messagePrefix.count)) : String(line)
        }
        guard result.status == 0 else {
            let message = said.last ?? "the hooks cannot find cloudkit-schema"
            return .failed("hooks-tool", "The hooks cannot find cloudkit-schema (as they search, with this shell's PATH).",
                           fix: DoctorCheck.sentence(message))
        }
        let lines = result.stdout.split(whereSeparator: \.isNewline).map(String.init)
        guard lines.count >= 2 else {
            return .failed("hooks-tool", "The hooks' search for the tool printed nothing.", fix: "Run the pre-commit hook by hand (git hook run pre-commit) to see why.")
        }
        let shown = UserPath.display(lines[1], from: context.workingDirectory)
        if lines[0] == "tool" {
            return .passed("hooks-tool", "The hooks run \(shown).")
        }
        return .passed("hooks-tool", "The hooks run 'swift run --package-path \(shown) cloudkit-schema' (no build yet; a git app with a short PATH may not find swift: 'swift build --package-path \(shown) --product cloudkit-schema' once).")
    }

    static let messagePrefix = "cloudkit-schema pre-commit: "

    /// The hooks' shared functions, then a call of `find_tool` that prints what it found:
    /// `tool` and a path, or `package` and the package `swift run` would use.
    static var locatorScript: String {
        let script = HookScripts.preCommit
        guard let start = script.range(of: "# --- shared with pre-push"),
              let end = script.range(of: "# --- end shared ---", range: start.upperBound..<script.endIndex) else {
            return "echo 'cloudkit-schema pre-commit: the embedded hook has no shared part; this is a bug, please report it' >&2; exit 2"
        }
        return "set -u\nhook=pre-commit\nverb=commit\n" + script[start.lowerBound..<end.upperBound]
            + "\nfind_tool\nif [ -n \"$tool\" ]; then printf 'tool\\n%s\\n' \"$tool\"; else printf 'package\\n%s\\n' \"$package\"; fi\n"
    }
}
