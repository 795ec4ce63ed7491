import CloudKitSchemaCLI
import Foundation

// The executable only wires the process to the tool: everything else is testable in-process.
let arguments = Array(CommandLine.arguments.dropFirst())
Tool.handleInterruptions(of: arguments)
let status = Tool.run(
    arguments,
    environment: ProcessInfo.processInfo.environment,
    workingDirectory: FileManager.default.currentDirectoryPath,
    console: .standard())
Tool.exit(status)
