import Foundation

/// Runs the user's command that materializes the Development schema (for example the
/// debug app launched with a flag that calls `initializeCloudKitSchema`), with a
/// timeout and its output streamed line by line.
package struct CreateStep: Sendable {
    package var create: ResolvedConfiguration.ResolvedCreate
    package var environment: [String: String]
    package var timeout: TimeInterval

    package init(create: ResolvedConfiguration.ResolvedCreate, environment: [String: String], timeout: TimeInterval) {
        self.create = create
        self.environment = environment
        self.timeout = timeout
    }

    package enum Failure: Error, Equatable, Sendable, ActionableError {
        case launch(ProcessLaunchError)
        case failed(status: Int32, command: String, lastLines: [String])
        case timedOut(seconds: Double, command: String)
        /// The command exited 0 but the app printed the scaffold's failure line.
        case reportedFailure(command: String, line: String)

        package var category: ErrorCategory { .setup }

        package var message: String {
            switch self {
            case .launch(let error):
                return "the create command could not start: \(error.message); fix \"create.command\" in .cloudkit-schema.json"
            case .failed(let status, let command, let lines):
                let tail = lines.isEmpty ? "" : " (last output: \(lines.joined(separator: " / ")))"
                return "the create command '\(command)' failed with exit status \(status)\(tail): fix it and run 'cloudkit-schema create' again, or pass --no-create"
            case .timedOut(let seconds, let command):
                return "the create command '\(command)' did not finish within \(ConfigObjectReader.format(seconds)) s and was stopped with its child processes: make it exit when done, or raise timeouts.createSeconds"
            case .reportedFailure(let command, let line):
                return "the create command '\(command)' exited 0, but the app printed '\(line)': fix what it names and run 'cloudkit-schema create' again"
            }
        }
    }

    /// Runs the command; `onLine` receives each output line as it arrives.
    package func run(onLine: @escaping @Sendable (String) -> Void) throws(Failure) -> ProcessResult {
        let (executable, arguments): (String, [String])
        switch create.command {
        case .arguments(let argv): (executable, arguments) = (argv[0], Array(argv.dropFirst()))
        case .shell(let script): (executable, arguments) = ("/bin/sh", ["-c", script])
        }
        let outcome = ScaffoldOutcome()
        let request = ProcessRequest(
            executable: executable, arguments: arguments, environment: environment,
            workingDirectory: create.workingDirectory, timeout: timeout,
            output: .stream { _, line in outcome.observe(line); onLine(line) },
            // The app materializes Development through its own iCloud account: it never
            // needs the management token, so it never gets it (`receivesManagementToken`).
            redactions: Redactor.secrets(in: environment))
        let result: ProcessResult
        do {
            result = try ProcessRunner.run(request)
        } catch {
            throw .launch(error)
        }
        let shown = create.command.description
        if result.timedOut { throw .timedOut(seconds: timeout, command: shown) }
        guard result.status == 0 else {
            let lines = (result.stdout + "\n" + result.stderr).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.suffix(3)
            throw .failed(status: result.status, command: shown, lastLines: Array(lines))
        }
        if let line = outcome.failure { throw .reportedFailure(command: shown, line: line) }
        return result
    }
}
