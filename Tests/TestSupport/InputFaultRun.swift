import Foundation

/// One run of a real process for a fault case (the input fault matrix and the hook fault
/// tests share it): a sentinel management token in its environment, TMPDIR and HOME in
/// fresh folders of their own, and afterwards everything the run left behind: files in
/// those folders, a changed `git status`, and every place the sentinel showed up.
public struct InputFaultRun: Sendable {
    /// A token no output, report or leftover may ever contain.
    public static let sentinelToken = "ck-input-fault-sentinel-7Q2V9XK4"

    public let result: ProcessResult
    /// Files (and folders) left in the run's TMPDIR and HOME.
    public let leftovers: [String]
    /// `git status --porcelain --ignored` of `directory` before and after the run (nil
    /// outside a repository): a run must not write into the user's checkout.
    public let statusBefore: String?
    public let statusAfter: String?
    /// Where the sentinel appeared: "stdout", "stderr", a leftover's path, or a name of
    /// `alsoSearched`.
    public let sentinelSeenIn: [String]

    /// - Parameters:
    ///   - environment: added to (nil: removed from) the test process's environment, after
    ///     the gate's own variables are removed; TMPDIR, HOME and the token are then set.
    ///   - alsoSearched: more text to search for the sentinel afterwards (a fake xcrun's
    ///     recorded argv, a summary file), by name.
    public init(
        _ executable: String, _ arguments: [String], in directory: String, environment: [String: String?] = [:],
        stdin: String? = nil, timeout: TimeInterval = 180, alsoSearched: @Sendable () -> [String: String] = { [:] }
    ) throws {
        let scratch = TemporaryDirectory("input-fault")
        for folder in ["tmp", "home"] {
            try FileManager.default.createDirectory(atPath: scratch.file(folder), withIntermediateDirectories: true)
        }
        var env: [String: String?] = [:]
        for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] {
            env[name] = .some(nil)
        }
        env.merge(environment) { $1 }
        env["TMPDIR"] = scratch.file("tmp")
        env["HOME"] = scratch.file("home")
        env["CLOUDKIT_MANAGEMENT_TOKEN"] = Self.sentinelToken
        statusBefore = Self.status(directory)
        result = try runProcess(executable, arguments, in: directory, environment: env, stdin: stdin, timeout: timeout)
        statusAfter = Self.status(directory)

        var left: [String] = []
        var seen: [String] = []
        if result.stdout.contains(Self.sentinelToken) { seen.append("stdout") }
        if result.stderr.contains(Self.sentinelToken) { seen.append("stderr") }
        for folder in ["tmp", "home"] {
            let base = scratch.file(folder)
            for entry in (FileManager.default.subpaths(atPath: base) ?? []).sorted() {
                left.append("\(folder)/\(entry)")
                if let data = FileManager.default.contents(atPath: base + "/" + entry),
                   String(decoding: data, as: UTF8.self).contains(Self.sentinelToken) {
                    seen.append("\(folder)/\(entry)")
                }
            }
        }
        for (name, text) in alsoSearched() where text.contains(Self.sentinelToken) { seen.append(name) }
        leftovers = left
        sentinelSeenIn = seen
    }

    /// Nothing left in TMPDIR or HOME, the checkout's status unchanged, the sentinel nowhere.
    public var leftNothingBehind: Bool {
        leftovers.isEmpty && statusBefore == statusAfter && sentinelSeenIn.isEmpty
    }

    /// What went wrong with `leftNothingBehind`, for a failing expectation.
    public var trail: String {
        "left \(leftovers); status \(statusBefore ?? "-") -> \(statusAfter ?? "-"); sentinel in \(sentinelSeenIn)\n\(result.output)"
    }

    private static func status(_ directory: String) -> String? {
        try? git(["status", "--porcelain", "--ignored"], in: directory)
    }
}
