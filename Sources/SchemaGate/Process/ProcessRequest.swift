import Foundation
import SchemaGateBasics

/// One subprocess to run: what, with which environment, for how long, and what to do
/// with its output. The environment is given whole (never inherited implicitly), so a
/// command run in-process by a test sees exactly the environment the test chose.
package struct ProcessRequest: Sendable {
    /// A path (absolute, or relative to `workingDirectory`) or a name looked up on the
    /// `PATH` of `environment`.
    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]
    package var workingDirectory: String?
    /// Seconds before the whole process group is terminated; nil waits forever.
    package var timeout: TimeInterval?
    /// Bytes written to the child's standard input; nil connects it to /dev/null so a
    /// child can never block waiting for a terminal.
    package var standardInput: Data?
    package var output: ProcessOutput
    /// Texts (secrets) replaced by `<redacted>` in everything captured or streamed.
    package var redactions: [String]
    /// Whether the child keeps `CLOUDKIT_MANAGEMENT_TOKEN` from `environment`. Only cktool
    /// does (`CKToolRunner`); `ProcessRunner` removes it for every other child (git, the
    /// create command, a hook's shell), whatever they run in turn.
    package var receivesManagementToken: Bool
    /// Once set, the child's group is stopped as on a timeout (none is started after it),
    /// and the run throws `ProcessLaunchError.cancelled`: its result is not wanted.
    package var cancellation: Cancellation?

    package init(
        executable: String, arguments: [String] = [], environment: [String: String],
        workingDirectory: String? = nil, timeout: TimeInterval? = nil, standardInput: Data? = nil,
        output: ProcessOutput = .capture, redactions: [String] = [], receivesManagementToken: Bool = false,
        cancellation: Cancellation? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        self.standardInput = standardInput
        self.output = output
        self.redactions = redactions
        self.receivesManagementToken = receivesManagementToken
        self.cancellation = cancellation
    }
}

package enum ProcessStream: String, Sendable {
    case standardOutput = "stdout", standardError = "stderr"
}

package enum ProcessOutput: Sendable {
    /// Keep everything, up to `ProcessRunner.captureLimit` bytes per stream. More is an
    /// error (`ProcessLaunchError.outputTooLarge`): a cut output is never used.
    case capture
    /// The same, but more is reported as `ProcessResult.truncated` with no output at all,
    /// for a caller that can ask for less and try again (git cat-file batches).
    case captureReportingOverflow
    /// Hand over each line (without its newline) as it arrives; keep only the tail.
    case stream(@Sendable (ProcessStream, String) -> Void)
}

/// How a subprocess ended.
package struct ProcessResult: Sendable {
    /// The exit status, or 128 + signal number when a signal ended it (as shells report).
    package var status: Int32
    /// Set when a signal ended the process.
    package var signal: Int32?
    package var timedOut: Bool
    /// Captured output (the tail when streamed), already redacted.
    package var standardOutput: Data
    package var standardError: Data
    /// True when more arrived than was kept: with `.captureReportingOverflow` (the
    /// output is then empty), or the start of a streamed tail.
    package var truncated: Bool
    package var duration: TimeInterval

    package var succeeded: Bool { status == 0 && !timedOut }
    package var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    package var stderr: String { String(decoding: standardError, as: UTF8.self) }
}

/// Why running a subprocess gave nothing to use: it could not be started, or it wrote
/// more than the tool reads. Anything else is a `ProcessResult`.
package enum ProcessLaunchError: Error, Equatable, Sendable, ActionableError {
    case notFound(String, searchedPath: String?)
    case notExecutable(String)
    case launchFailed(String, reason: String)
    /// `command` (as it was run) wrote more than `limit` bytes to `stream`.
    case outputTooLarge(command: String, stream: ProcessStream, limit: Int)
    /// The request's cancellation was set: `command` was stopped, or never started.
    case cancelled(command: String)

    package var category: ErrorCategory { .setup }

    package var message: String {
        switch self {
        case .notFound(let name, let path):
            let searched = path.map { " (searched PATH=\($0))" } ?? ""
            return "'\(name)' was not found\(searched): install it or put it on PATH"
        case .notExecutable(let path):
            return "'\(path)' is not an executable file: check the path and its permissions (chmod +x)"
        case .launchFailed(let name, let reason):
            return "'\(name)' could not be started: \(reason)"
        case .outputTooLarge(let command, let stream, let limit):
            return "'\(command)' wrote more than \(limit >> 20) MB to \(stream.rawValue), more than this tool reads, so none of it was used: run it by hand to see what it prints"
        case .cancelled(let command):
            return "'\(command)' was stopped because the run no longer needed its result: fix the error reported with it and run again"
        }
    }
}
