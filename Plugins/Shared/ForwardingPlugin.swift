import Foundation
import PackagePlugin

/// What every command plugin of this package does: consume SwiftPM's `--target`, run
/// `cloudkit-schema <command>` in the directory the user ran `swift package` in (in Xcode,
/// the project directory) with the other arguments untouched, and throw an error naming
/// the exit status when it did not pass.
/// Under SwiftPM the tool's stdout is the report and its stderr (progress, the status
/// line) goes out as progress messages, which SwiftPM prints on its stderr: with
/// `--format json` stdout is one JSON document (Docs/plugin-output.md).
/// The logic lives in PluginSupport (a normal, unit-tested target, linked in here as
/// source); this file is only the PackagePlugin glue, exercised by the end-to-end tests.
enum ForwardingPlugin {
    static func perform(_ verb: PluginVerb, context: PluginContext, arguments: [String]) throws {
        try reportingJSON(verb, arguments) {
            let parsed = try PluginArguments(parsing: arguments)
            // Swift targets only: models live in Swift modules (Target.directoryURL needs tools 6.1).
            // Never a test target; each with the local targets it depends on (Docs/local-packages.md).
            let local = localTargetIDs(context.package)
            let available = context.package.targets(ofType: SwiftSourceModuleTarget.self).filter { $0.kind != .test }.map { target in
                (name: target.name, directories: [target.directoryURL.path] + target.recursiveTargetDependencies.compactMap { dependency in
                    guard local.contains(dependency.id), let module = dependency as? SwiftSourceModuleTarget else { return nil }
                    return module.directoryURL.path
                })
            }
            let (directories, xcodeTargets) = TargetDirectories.split(parsed.targets, in: available)
            let directory = ToolInvocation.workingDirectory(
                current: FileManager.default.currentDirectoryPath, package: context.package.directoryURL.path)
            try run(
                verb, tool: try context.tool(named: PluginVerb.toolName).url, directory: directory,
                arguments: parsed, targetDirectories: directories, xcodeTargets: xcodeTargets,
                stderr: .lines { Diagnostics.progress($0) })
        }
    }

    /// The targets of the root package and of the local packages it reaches through local
    /// packages: the app's code; a package fetched from a repository or registry is not.
    static func localTargetIDs(_ root: Package) -> Set<Target.ID> {
        var ids = Set<Target.ID>(), seen = Set<Package.ID>(), pending = [root]
        while let package = pending.popLast() {
            guard seen.insert(package.id).inserted else { continue }
            switch package.origin {
            case .root, .local:
                ids.formUnion(package.targets.map(\.id))
                pending += package.dependencies.map(\.package)
            default:
                continue
            }
        }
        return ids
    }

    static func run(
        _ verb: PluginVerb, tool: URL, directory: String, arguments: PluginArguments, targetDirectories: [String],
        xcodeTargets: [String] = [], stderr: ToolRunner.ErrorStream
    ) throws {
        let invocation = ToolInvocation(
            verb: verb, executable: tool.path, workingDirectory: directory,
            arguments: arguments, targetDirectories: targetDirectories, xcodeTargets: xcodeTargets)
        let termination = try ToolRunner.run(invocation, stderr: stderr)
        guard termination.succeeded else {
            throw ToolFailure(invocation: invocation, termination: termination)
        }
    }

    /// An error before the tool ran still leaves one JSON document on stdout when
    /// `--format json` was asked for; the tool's own failures already did.
    static func reportingJSON(_ verb: PluginVerb, _ arguments: [String], _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as ToolFailure {
            throw failure
        } catch {
            if PluginErrorReport.wantsJSON(arguments) {
                print(PluginErrorReport.json(command: verb.toolCommand, code: PluginErrorReport.code(for: error), message: "\(error)"), terminator: "")
                fflush(nil)
            }
            throw error
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ForwardingPlugin {
    /// In Xcode the tool's stderr stays the plugin's: Xcode shows the plugin's output as one log.
    /// The ticked targets go to the tool as `--target NAME`: the one resolution of a target's
    /// sources, with the local packages it links (Docs/local-packages.md).
    static func perform(_ verb: PluginVerb, context: XcodePluginContext, arguments: [String]) throws {
        try reportingJSON(verb, arguments) {
            let parsed = try PluginArguments(parsing: arguments)
            try run(
                verb, tool: try context.tool(named: PluginVerb.toolName).url,
                directory: context.xcodeProject.directoryURL.path, arguments: parsed, targetDirectories: [],
                xcodeTargets: parsed.targets, stderr: .inherit)
        }
    }
}
#endif
