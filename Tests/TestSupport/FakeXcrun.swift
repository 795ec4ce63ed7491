import Foundation

/// A fake `xcrun` for tests of the cktool pipeline. It records every call's argv and
/// environment, serves fixture exports, and can fail the ways cktool fails.
///
/// Point the tool at it with `CLOUDKIT_SCHEMA_XCRUN` (`environment()` does) or by putting
/// `binDirectory` first on PATH. `FAKE_XCRUN_MODE` picks the behaviour for every call;
/// `FAKE_XCRUN_MODE_PRODUCTION` / `FAKE_XCRUN_MODE_DEVELOPMENT` for one environment:
///
/// | mode | behaviour |
/// | --- | --- |
/// | ok | copies `<environment>.ckdb` to `--output-file`; get-teams lists a team |
/// | no-cktool | xcrun's "unable to find utility" (exit 72) |
/// | no-token | cktool's missing-token error (exit 1) |
/// | expired-token | "Session has expired or is invalid" (exit 1) |
/// | wrong-team | "authorization-failed" (what a wrong team id gives) |
/// | unauthorized | "authorization failed (HTTP 401)" |
/// | wrong-container | container not found (exit 1) |
/// | network | NSURLErrorDomain -1009 offline (exit 1) |
/// | hang | a shell waiting on a `sleep` child (not exec'd), so only a group kill ends it |
/// | garbage | exit 0, writes an HTML error page as the export |
/// | empty | exit 0, writes nothing |
/// | empty-schema | exit 0, writes `DEFINE SCHEMA` and nothing else |
/// | silent-failure | exit 5, prints nothing |
/// | echo-token | prints the token to stderr and stdout, then fails (redaction test) |
/// | echo-trimmed-token | the same with the token's surrounding blanks and newlines trimmed |
/// | stdout-only | exit 0, prints the export on stdout and writes no file |
/// | huge-stdout | exit 0, prints an HTML error page, 64 MB + 1 of blank lines, then the export, on stdout; no file |
/// | huge-file | exit 0, writes 64 MB + 1 of blank lines, then the export, as the export file |
/// | stubborn | starts a grandchild that ignores every signal, traps SIGTERM itself and never ends |
/// | leaves-child | starts a grandchild that ignores every signal, then waits (SIGTERM ends the fake itself) |
///
/// `FAKE_XCRUN_MODE_GET_TEAMS` picks the behaviour of `get-teams` calls alone, and
/// `FAKE_XCRUN_TEAMS` is what an `ok` get-teams prints (default `ABCDE12345: Test Team`).
/// `setMode(_:container:environment:)` picks it for the calls naming one container (and
/// environment), over all of these; `FAKE_XCRUN_DELAY` (seconds) or
/// `setDelay(_:container:environment:)` makes export calls wait first, so that exports
/// running at once end in an order of the test's choosing; `FAKE_XCRUN_BARRIER=N` makes
/// each export wait until N are in flight at once (after 30 s it fails instead).
///
/// stubborn and leaves-child set in FAKE_XCRUN_MODE act on every call, before anything
/// else (so the fake can also stand in for a create command); set for a container, on its
/// calls. They append their pid and the grandchild's to `pids` and write the tool's pid
/// (their parent's) to `ready` once they are set up.
///
/// Calls may run at once (the tool exports several schemas at a time): each takes its
/// number atomically (`mkdir`), and `calls` lists them by that number.
public final class FakeXcrun: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public var path: String { directory.file("bin/xcrun") }
    public var binDirectory: String { directory.file("bin") }
    /// TMPDIR of commands run with `environment()`.
    public var scratchDirectory: String { directory.file("tmp") }

    /// - Parameter parent: where its directory goes (nil: the system temp dir).
    public init(development: String? = nil, production: String? = nil, in parent: String? = nil) {
        directory = TemporaryDirectory("fake-xcrun", in: parent)
        directory.writeExecutable("bin/xcrun", Self.script)
        try? FileManager.default.createDirectory(atPath: directory.file("tmp"), withIntermediateDirectories: true)
        if let development { setExport(.development, development) }
        if let production { setExport(.production, production) }
    }

    public enum Environment: String { case development, production }

    /// The export served for `environment`: of every container, or of one (which then
    /// wins over the shared one for that container).
    public func setExport(_ environment: Environment, _ text: String, container: String? = nil) {
        directory.write("exports/\(container.map { "\($0)/" } ?? "")\(environment.rawValue).ckdb", text)
    }

    /// The behaviour of the calls that name `container` (of `environment` only, when given);
    /// it wins over the `FAKE_XCRUN_MODE*` variables.
    public func setMode(_ mode: String, container: String, environment: Environment? = nil) {
        directory.write("modes/\(container)\(environment.map { ".\($0.rawValue)" } ?? "")", mode)
    }

    /// Export calls that name `container` (of `environment` only, when given) wait this long first.
    public func setDelay(_ seconds: Double, container: String, environment: Environment? = nil) {
        directory.write("delays/\(container)\(environment.map { ".\($0.rawValue)" } ?? "")", "\(seconds)")
    }

    /// The export currently served for `environment` (of `container` when it has its own).
    public func export(_ environment: Environment, container: String? = nil) -> String? {
        if let container, let own = directory.read("exports/\(container)/\(environment.rawValue).ckdb") { return own }
        return directory.read("exports/\(environment.rawValue).ckdb")
    }

    /// The environment for a command run against this fake: this process's PATH and
    /// HOME, git isolated from user configuration, plus `extra`.
    public func environment(mode: String = "ok", _ extra: [String: String] = [:]) -> [String: String] {
        var environment = baseEnvironment()
        environment["CLOUDKIT_SCHEMA_XCRUN"] = path
        environment["FAKE_XCRUN_MODE"] = mode
        environment["FAKE_XCRUN_DIR"] = directory.path
        // Exports (and any kept for a bug report) stay inside this fake's directory.
        environment["TMPDIR"] = scratchDirectory
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// argv of every call, in order (without the program name).
    public var calls: [[String]] {
        callFiles("argv").map { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// The environment of every call (`KEY=value` lines).
    public var environments: [String] { callFiles("env") }

    /// Everything recorded, for "never appears" assertions.
    public var recordedArguments: String { callFiles("argv").joined(separator: "\n") }

    /// The calls that recorded their argv (a call stopped before it did is not one), by number.
    private func callFiles(_ kind: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.file("calls"))) ?? []
        let numbers = names.compactMap { $0.hasSuffix(".argv") ? Int($0.dropLast(5)) : nil }.sorted()
        return numbers.map { directory.read("calls/\($0).\(kind)") ?? "" }
    }

    static let script = #"""
    #!/bin/sh
    # Fake xcrun for CloudKitSchemaGate tests.
    dir="${FAKE_XCRUN_DIR:?FAKE_XCRUN_DIR must be set}"
    mkdir -p "$dir/calls"
    # Calls may run at once: mkdir claims a number atomically; argv appears complete.
    n=1
    while ! mkdir "$dir/calls/$n.slot" 2>/dev/null; do n=$((n + 1)); done
    env > "$dir/calls/$n.env"
    for arg in "$@"; do printf '%s\n' "$arg"; done > "$dir/calls/$n.part"
    mv "$dir/calls/$n.part" "$dir/calls/$n.argv"

    # stubborn: traps SIGTERM and never ends; leaves-child: ends on SIGTERM. Both leave a
    # grandchild that ignores every signal.
    linger() {
      sh -c 'trap "" HUP INT QUIT TERM; exec sleep 300' &
      printf '%s\n%s\n' "$$" "$!" >> "$dir/pids"
      if [ "$1" = stubborn ]; then trap 'echo TERM >> "$dir/trapped"' TERM; trap '' HUP INT QUIT; fi
      echo "$PPID" > "$dir/ready.$$" && mv "$dir/ready.$$" "$dir/ready"
      while :; do sleep 1; done
    }
    case "${FAKE_XCRUN_MODE:-ok}" in
      stubborn|leaves-child) linger "$FAKE_XCRUN_MODE" ;;
    esac
    [ "$1" = "cktool" ] || { echo "xcrun: error: unable to find utility \"$1\", not a developer tool or in PATH" >&2; exit 72; }
    sub="$2"; environment=""; output=""; container=""
    shift 2
    while [ $# -gt 0 ]; do
      case "$1" in
        --environment) environment="$2"; shift ;;
        --output-file) output="$2"; shift ;;
        --container-id) container="$2"; shift ;;
      esac
      shift
    done
    mode="${FAKE_XCRUN_MODE:-ok}"
    case "$environment" in
      production) [ -n "$FAKE_XCRUN_MODE_PRODUCTION" ] && mode="$FAKE_XCRUN_MODE_PRODUCTION" ;;
      development) [ -n "$FAKE_XCRUN_MODE_DEVELOPMENT" ] && mode="$FAKE_XCRUN_MODE_DEVELOPMENT" ;;
    esac
    [ "$sub" = get-teams ] && [ -n "$FAKE_XCRUN_MODE_GET_TEAMS" ] && mode="$FAKE_XCRUN_MODE_GET_TEAMS"
    delay="${FAKE_XCRUN_DELAY:-}"
    if [ -n "$container" ]; then
      for own in "$container.$environment" "$container"; do
        [ -f "$dir/modes/$own" ] && { mode=$(cat "$dir/modes/$own"); break; }
      done
      for own in "$container.$environment" "$container"; do
        [ -f "$dir/delays/$own" ] && { delay=$(cat "$dir/delays/$own"); break; }
      done
    fi
    # FAKE_XCRUN_BARRIER=N: an export waits until N exports are in flight at once (so a run
    # that exports one after another fails here, after 30 s, instead of passing).
    if [ "$sub" = export-schema ] && [ -n "${FAKE_XCRUN_BARRIER:-}" ]; then
      mkdir -p "$dir/barrier" && mkdir "$dir/barrier/$n"
      waited=0
      while [ "$(ls "$dir/barrier" | wc -l)" -lt "$FAKE_XCRUN_BARRIER" ]; do
        [ "$waited" -ge 600 ] && { echo "fake xcrun: only $(ls "$dir/barrier" | wc -l) of $FAKE_XCRUN_BARRIER exports were in flight at once" >&2; exit 75; }
        sleep 0.05; waited=$((waited + 1))
      done
    fi
    [ "$sub" = export-schema ] && [ -n "$delay" ] && sleep "$delay"
    case "$mode" in
      stubborn|leaves-child) linger "$mode" ;;
      no-cktool) echo 'xcrun: error: unable to find utility "cktool", not a developer tool or in PATH' >&2; exit 72 ;;
      no-token) echo 'Error: No token found. Save a CloudKit management token with "cktool save-token --type management".' >&2; exit 1 ;;
      expired-token) echo 'Error: Session has expired or is invalid. Please re-authenticate.' >&2; exit 1 ;;
      wrong-team) echo 'Error: authorization-failed: The request is not authorized.' >&2; exit 1 ;;
      unauthorized) echo 'Error: authorization failed (HTTP 401)' >&2; exit 1 ;;
      wrong-container) echo 'Error: bad-container: The container was not found.' >&2; exit 1 ;;
      network) echo 'Error: The Internet connection appears to be offline. (NSURLErrorDomain -1009)' >&2; exit 1 ;;
      hang) echo "$$" > "$dir/hang.pid"; sleep 300; exit 0 ;;
      silent-failure) exit 5 ;;
      echo-token) echo "token is $CLOUDKIT_MANAGEMENT_TOKEN" >&2; echo "token=$CLOUDKIT_MANAGEMENT_TOKEN"; exit 9 ;;
      echo-trimmed-token)
        trimmed=$(printf '%s' "$CLOUDKIT_MANAGEMENT_TOKEN" | tr -d '\r\n' | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
        echo "token is $trimmed" >&2; echo "token=$trimmed"; exit 9 ;;
    esac
    case "$sub" in
      get-teams) printf '%s\n' "${FAKE_XCRUN_TEAMS:-ABCDE12345: Test Team}"; exit 0 ;;
      export-schema) ;;
      *) echo "fake xcrun: unexpected subcommand $sub" >&2; exit 64 ;;
    esac
    fixture="$dir/exports/$environment.ckdb"
    [ -n "$container" ] && [ -f "$dir/exports/$container/$environment.ckdb" ] && fixture="$dir/exports/$container/$environment.ckdb"
    case "$mode" in
      garbage) printf '<html><body>502 Bad Gateway</body></html>\n' > "$output"; exit 0 ;;
      empty) : > "$output"; exit 0 ;;
      empty-schema) printf 'DEFINE SCHEMA\n' > "$output"; exit 0 ;;
      stdout-only) cat "$fixture"; exit 0 ;;
      huge-stdout) printf '<html><body>502 Bad Gateway</body></html>\n'; head -c 67108865 /dev/zero | tr '\0' '\n'; cat "$fixture"; exit 0 ;;
      huge-file) { head -c 67108865 /dev/zero | tr '\0' '\n'; cat "$fixture"; } > "$output"; exit 0 ;;
    esac
    [ -f "$fixture" ] || { echo "fake xcrun: no fixture for $environment" >&2; exit 3; }
    if [ -n "$output" ]; then cp "$fixture" "$output"; else cat "$fixture"; fi
    """#
}

/// This process's PATH and HOME with git isolated from the user's configuration.
public func baseEnvironment() -> [String: String] {
    let current = ProcessInfo.processInfo.environment
    var environment: [String: String] = [
        "PATH": current["PATH"] ?? "/usr/bin:/bin",
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
    ]
    if let home = current["HOME"] { environment["HOME"] = home }
    if let tmp = current["TMPDIR"] { environment["TMPDIR"] = tmp }
    return environment
}
