import Foundation
import TestSupport
@testable import CloudKitSchemaCLI

/// Runs the tool in-process, as the executable would, keeping stdout, stderr and their interleaving.
func runTool(_ arguments: [String], in directory: String = packageRoot, environment: [String: String] = [:]) -> RunResult {
    let transcript = Transcript()
    let console = Console(out: { transcript.write($0, error: false) }, err: { transcript.write($0, error: true) })
    let status = Tool.run(arguments, environment: environment, workingDirectory: directory, console: console)
    return RunResult(status: status, stdout: transcript.out, stderr: transcript.err, transcript: transcript.both)
}

/// A Development/Production pair with planted drift (Production lacks a record type and
/// three fields), for report rendering; paths relative to the package root.
let exampleDevelopment = "Tests/CLITests/Fixtures/drift/development.ckdb"
let exampleProduction = "Tests/CLITests/Fixtures/drift/production.ckdb"
let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").path
