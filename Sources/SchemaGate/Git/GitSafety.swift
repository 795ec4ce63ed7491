import Foundation

/// What keeps a repository's git configuration from making the tool's git calls run
/// programs (Docs/git-safety.md has git's documentation for each). The tool runs only
/// rev-parse, describe, diff, ls-files, ls-tree, cat-file, tag --list and config; of the
/// settings that name a program, these can reach them:
///
/// * `core.fsmonitor`: any command that reads the index. `-c core.fsmonitor=` (empty, a
///   false boolean for git 2.36+ and no hook for older git) switches it off.
/// * `filter.<driver>.clean` / `.process`: a command that hashes a work-tree file (diff
///   against the work tree). The drivers are named by the configuration, so the
///   repository's are listed once (`git config --get-regexp`) and each is emptied, with
///   `required` false.
/// * `diff.external`, `diff.<driver>.command`, `diff.<driver>.textconv`: `diff` gets
///   `--no-ext-diff --no-textconv`; and `--ignore-submodules=dirty`, because a dirty
///   check runs `git status` inside each submodule under the submodule's own settings.
/// * pagers (`core.pager`, `pager.<command>`, GIT_PAGER): `--no-pager`.
///
/// Hooks are not among them: none of these commands runs one, and with
/// `GIT_OPTIONAL_LOCKS=0` none writes the index (which would run post-index-change).
/// `HostileEnvironmentTests.gitsConfigurationRunsNothingAndOnlyCKToolSeesTheToken` plants
/// every one and checks that nothing ran.
enum GitSafety {
    /// Options before the subcommand, for every call.
    static let globalOptions = ["--no-pager", "-c", "core.fsmonitor="]

    /// Options right after `diff`.
    static let diffOptions = ["--no-ext-diff", "--no-textconv", "--ignore-submodules=dirty"]

    /// The full command line for `arguments` (a subcommand and its arguments), with the
    /// filter drivers of the repository at `root` (nil: a call that reads no work-tree file).
    static func commandLine(_ arguments: [String], filterDrivers: [String]) -> [String] {
        var line = globalOptions
        for driver in filterDrivers {
            for setting in ["clean=", "smudge=", "process=", "required=false"] { line += ["-c", "filter.\(driver).\(setting)"] }
        }
        guard let subcommand = arguments.first else { return line }
        line.append(subcommand)
        if subcommand == "diff" { line += diffOptions }
        return line + arguments.dropFirst()
    }

    /// The filter drivers the configuration of the repository at `root` defines, listed
    /// once per process and root (a run asks git many times).
    static func filterDrivers(root: String, list: (String) throws(GitError) -> [String]) throws(GitError) -> [String] {
        if let known = cache.withLock({ $0[root] }) { return known }
        var drivers: [String] = []
        for name in try list(root) {
            // filter.<driver>.<key>: the driver is everything between.
            guard name.hasPrefix("filter."), let lastDot = name.lastIndex(of: "."), lastDot > name.index(name.startIndex, offsetBy: 6) else { continue }
            let driver = String(name[name.index(name.startIndex, offsetBy: 7)..<lastDot])
            // `-c` splits at the first '=': such a driver could not be switched off.
            guard !driver.contains("=") else { throw .unsafeFilterDriver(driver) }
            if !drivers.contains(driver) { drivers.append(driver) }
        }
        cache.withLock { $0[root] = drivers }
        return drivers
    }

    /// What lists the filter settings: `git config --get-regexp` (config runs nothing).
    static let listArguments = ["config", "--null", "--name-only", "--get-regexp", "^filter\\."]

    private static let cache = LockedDictionary()

    private final class LockedDictionary: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: [String]] = [:]
        func withLock<T>(_ body: (inout [String: [String]]) -> T) -> T { lock.withLock { body(&values) } }
    }
}
