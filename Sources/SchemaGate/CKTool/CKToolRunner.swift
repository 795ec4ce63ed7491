import CloudKitSchema
import Foundation
import SchemaGateBasics

/// Runs `xcrun cktool`. This is the only place in the product that starts cktool, and
/// every start passes `CKToolPolicy.check` first.
///
/// * `xcrun` is found on PATH, or taken from `CLOUDKIT_SCHEMA_XCRUN` (a path; tests point
///   it at a fake).
/// * The token reaches cktool only through the inherited `CLOUDKIT_MANAGEMENT_TOKEN` (or
///   cktool's keychain), never argv; its value is redacted (`Redactor`) from everything
///   cktool prints and from an export kept for inspection.
/// * Each run has a timeout; the process group is killed when it expires, and when
///   `cancellation` is set (`CKToolExports`: the result is no longer wanted).
package struct CKToolRunner: Sendable {
    package static let xcrunVariable = "CLOUDKIT_SCHEMA_XCRUN"
    package static let tokenVariable = "CLOUDKIT_MANAGEMENT_TOKEN"
    package static let defaultTimeout: TimeInterval = 120

    package let xcrun: String
    package var environment: [String: String]
    package var timeout: TimeInterval
    package var workingDirectory: String?
    /// Once set, the running cktool is stopped, none is started and calls throw `.stopped`.
    package var cancellation: Cancellation?

    package init(environment: [String: String], timeout: TimeInterval = defaultTimeout, workingDirectory: String? = nil) throws(CKToolError) {
        self.xcrun = try Self.locateXcrun(environment: environment, workingDirectory: workingDirectory)
        self.environment = environment
        self.timeout = timeout
        self.workingDirectory = workingDirectory
    }

    /// Whether cktool can be tried at all here (an xcrun exists).
    package static func isAvailable(environment: [String: String]) -> Bool {
        xcrunPath(environment: environment) != nil
    }

    /// The xcrun that would run, if any.
    package static func xcrunPath(environment: [String: String]) -> String? {
        try? locateXcrun(environment: environment, workingDirectory: nil)
    }

    static func locateXcrun(environment: [String: String], workingDirectory: String?) throws(CKToolError) -> String {
        if let override = environment[xcrunVariable], !override.isEmpty {
            do {
                return try ExecutableLocator.locate(override, environment: environment, workingDirectory: workingDirectory)
            } catch {
                throw .launch(error)
            }
        }
        do {
            return try ExecutableLocator.locate("xcrun", environment: environment)
        } catch {
            throw .xcrunNotFound(searchedPath: environment["PATH"])
        }
    }

    /// Runs one cktool command and returns its raw result; a non-zero exit is diagnosed
    /// (a refusal also asks `get-teams` which teams the token can use).
    package func run(_ command: CKToolCommand, teamID: String? = nil, containerID: String? = nil) throws(CKToolError) -> ProcessResult {
        let result = try runOnce(command)
        guard result.status == 0 else {
            // A failure nobody will read is not diagnosed (that would start get-teams).
            if cancellation?.isCancelled == true { throw .stopped(subcommand: command.subcommand) }
            throw CKToolDiagnosis.diagnose(
                result, command: command, teamID: teamID, containerID: containerID, environment: environment,
                checkTeams: { try? runOnce(.getTeams) })
        }
        return result
    }

    /// One cktool process, checked by the policy, its output redacted; no diagnosis.
    private func runOnce(_ command: CKToolCommand) throws(CKToolError) -> ProcessResult {
        let arguments = command.xcrunArguments
        do {
            try CKToolPolicy.check(xcrunArguments: arguments)
        } catch {
            throw .refused(error)
        }
        let request = ProcessRequest(
            executable: xcrun, arguments: arguments, environment: environment,
            workingDirectory: workingDirectory, timeout: timeout,
            redactions: Redactor.secrets(in: environment), receivesManagementToken: true,
            cancellation: cancellation)
        let result: ProcessResult
        do {
            result = try ProcessRunner.run(request)
        } catch {
            if case .cancelled = error { throw .stopped(subcommand: command.subcommand) }
            if case .outputTooLarge(_, let stream, let limit) = error {
                throw .outputTooLarge(subcommand: command.subcommand, what: stream.rawValue, limit: limit,
                                      commandLine: CKToolDiagnosis.displayCommandLine(command))
            }
            throw .launch(error)
        }
        if result.timedOut { throw .timedOut(subcommand: command.subcommand, seconds: timeout) }
        return result
    }

    /// Exports one environment's schema and checks that it is a real, complete export.
    /// cktool writes it into a scratch folder of its own, removed afterwards (kept only
    /// when the export cannot be read, for a bug report).
    package func exportSchema(teamID: String, containerID: String, environment: CloudKitEnvironment) throws(CKToolError) -> CloudKitExport {
        let directory: String
        do {
            directory = try ScratchFolder.create(prefix: "cloudkit-schema-export-", environment: self.environment)
        } catch {
            throw .temporaryDirectory(error)
        }
        let output = directory + "/\(environment.rawValue).ckdb"
        var keep = false
        defer {
            if keep { ScratchFolder.keep(directory) } else { ScratchFolder.remove(directory) }
        }

        let command = CKToolCommand.exportSchema(teamID: teamID, containerID: containerID, environment: environment, outputFile: output)
        let result = try run(command, teamID: teamID, containerID: containerID)
        // Some cktool versions print to stdout even when given --output-file.
        let data = try readExport(output, command: command, environment: environment) ?? result.standardOutput
        let text = String(decoding: data, as: UTF8.self)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyExport(environment) }
        do {
            let schema = try SchemaParser.parse(bytes: [UInt8](data), file: "\(environment.rawValue) export")
            guard schema.recordType(named: "Users") != nil else {
                throw CKToolError.notAnExport(environment, reason: schema.recordTypes.isEmpty
                    ? "it defines no record types at all" : "it has no Users record type")
            }
            return CloudKitExport(environment: environment, containerID: containerID, schema: schema, text: text)
        } catch let error as SchemaParseError {
            let kept = keepForInspection(data, at: output)
            keep = kept != nil
            throw .unparsableExport(environment, error: "\(error.location.line):\(error.location.column): \(error.message)",
                                    keptAt: keep ? output : nil, redacted: kept == .redacted)
        } catch let error as CKToolError {
            throw error
        } catch {
            throw .notAnExport(environment, reason: "\(error)")
        }
    }

    enum KeptCopy { case verbatim, redacted }

    /// Leaves what cktool returned at `path` for a bug report, with the management token
    /// replaced: it is a diagnostic copy, not a schema, so a changed name harms nothing,
    /// while the token must not lie in a temporary folder. Nil when it cannot be kept.
    private func keepForInspection(_ data: Data, at path: String) -> KeptCopy? {
        let bytes = [UInt8](data)
        let redacted = Redactor(environment: environment).redact(bytes: bytes)
        let copy: KeptCopy = redacted == bytes ? .verbatim : .redacted
        if copy == .verbatim && FileManager.default.fileExists(atPath: path) { return copy }
        // Not kept, the folder goes, and with it cktool's file.
        guard (try? OutputFile.replace(path, with: redacted)) != nil else { return nil }
        return copy
    }

    /// The export file cktool wrote (nil when it wrote none), read whole: past the
    /// capture limit it is an error, as for any output, never a cut schema.
    private func readExport(_ path: String, command: CKToolCommand, environment: CloudKitEnvironment) throws(CKToolError) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let limit = ProcessRunner.captureLimit
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .notAnExport(environment, reason: "its file \(path) cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= limit else {
            throw .outputTooLarge(subcommand: command.subcommand, what: "its export file", limit: limit,
                                  commandLine: CKToolDiagnosis.displayCommandLine(command))
        }
        return data
    }
}

/// One environment's schema as cktool exported it.
package struct CloudKitExport: Sendable {
    package var environment: CloudKitEnvironment
    package var containerID: String
    package var schema: Schema
    /// The text cktool wrote.
    package var text: String

    package func named(_ name: String? = nil) -> NamedSchema {
        // No file: an export has no place a finding could point an editor at.
        NamedSchema(name: name ?? environment.displayName, environment: environment.rawValue, schema: schema, file: nil)
    }
}
