import Foundation

/// Runs git for `lint --since` through the product's one subprocess runner (no shell,
/// stdin fed on its own thread, both streams drained, a timeout).
struct GitProcess: Sendable {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        /// The output went past the capture limit and its beginning was dropped.
        var truncated = false
    }

    var executable: String
    var workingDirectory: String
    var environment: [String: String]
    var timeout: TimeInterval = 120

    /// git from the environment's PATH (the one the user's shell or hook would run).
    init(workingDirectory: String, environment: [String: String]) throws(LintError) {
        guard let git = ExecutableLocator.find("git", environment: environment) else {
            throw .setup("lint --since needs git, and no git was found on PATH; install git or drop --since")
        }
        executable = git
        self.workingDirectory = workingDirectory
        self.environment = environment
    }

    /// `reportingOverflow`: output past the capture limit is `truncated` (and empty) instead
    /// of an error, for a caller that asks again for less.
    func run(_ arguments: [String], stdin: Data? = nil, reportingOverflow: Bool = false) throws(LintError) -> Output {
        let request = ProcessRequest(
            executable: executable, arguments: arguments, environment: environment,
            workingDirectory: workingDirectory, timeout: timeout, standardInput: stdin,
            output: reportingOverflow ? .captureReportingOverflow : .capture)
        let result: ProcessResult
        do {
            result = try ProcessRunner.run(request)
        } catch {
            if case .outputTooLarge = error { throw .setup(error.message) }
            throw .setup("cannot run \(executable): \(error.message)")
        }
        if result.timedOut {
            throw .setup("git \(arguments.first ?? "") did not finish within \(Int(timeout)) s in \(workingDirectory)")
        }
        return Output(status: result.status, stdout: result.standardOutput, stderr: result.stderr.trimmingWhitespace, truncated: result.truncated)
    }
}
