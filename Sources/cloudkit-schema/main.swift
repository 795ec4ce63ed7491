import CloudKitSchemaCLI
import Foundation
import SchemaGateBasics

// The executable only wires the process to the tool: everything else is testable in-process.
let arguments = Array(CommandLine.arguments.dropFirst())
// The console first: it reopens a closed stdout or stderr on /dev/null, so the signal
// handler's pipe cannot take descriptor 1 or 2 and receive the tool's output.
let console = Console.standard()
Tool.handleInterruptions(of: arguments)
// The run ends in exit: large values it read are left for the system to take back.
KeptUntilExit.process.enable()
let status = Tool.run(
    arguments,
    environment: ProcessInfo.processInfo.environment,
    workingDirectory: FileManager.default.currentDirectoryPath,
    console: console,
    executable: CommandLine.arguments.first)
Tool.exit(status)
