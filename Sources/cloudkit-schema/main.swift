import CloudKitSchemaCLI
import Foundation

// The executable only wires the process to the tool: everything else is testable in-process.
let status = Tool.run(
    Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    workingDirectory: FileManager.default.currentDirectoryPath,
    console: .standard())
exit(status)
