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

let exampleDevelopment = "Examples/Stockroom/cloudkit/development.ckdb"
let exampleProduction = "Examples/Stockroom/cloudkit/production.ckdb"
let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").path
