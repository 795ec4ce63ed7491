import Foundation
import PackagePlugin

/// What every command plugin of this package does: consume SwiftPM's `--target`, run
/// `cloudkit-schema <command>` in the directory the user ran `swift package` in (in Xcode,
/// the project directory) with the other arguments untouched, and throw an error naming
/// the exit status when it did not pass.
/// The logic lives in PluginSupport (a normal, unit-tested target, linked in here as
/// source); this file is only the PackagePlugin glue, exercised by the end-to-end tests.
enum ForwardingPlugin {
    static func perform(_ verb: PluginVerb, context: PluginContext, arguments: [String]) throws {
        let parsed = try PluginArguments(parsing: arguments)
        // Swift targets only: models live in Swift modules (Target.directoryURL needs tools 6.1).
        let available = context.package.targets(ofType: SwiftSourceModuleTarget.self)
            .map { (name: $0.name, directory: $0.directoryURL.path) }
        let (directories, xcodeTargets) = TargetDirectories.split(parsed.targets, in: available)
        let directory = ToolInvocation.workingDirectory(
            current: FileManager.default.currentDirectoryPath, package: context.package.directoryURL.path)
        try run(
            verb, tool: try context.tool(named: PluginVerb.toolName).url, directory: directory,
            arguments: parsed, targetDirectories: directories, xcodeTargets: xcodeTargets)
    }

    static func run(
        _ verb: PluginVerb, tool: URL, directory: String, arguments: PluginArguments, targetDirectories: [String],
        xcodeTargets: [String] = []
    ) throws {
        let invocation = ToolInvocation(
            verb: verb, executable: tool.path, workingDirectory: directory,
            arguments: arguments, targetDirectories: targetDirectories, xcodeTargets: xcodeTargets)
        let termination = try ToolRunner.run(invocation)
        guard termination.succeeded else {
            throw ToolFailure(invocation: invocation, termination: termination)
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ForwardingPlugin {
    static func perform(_ verb: PluginVerb, context: XcodePluginContext, arguments: [String]) throws {
        let parsed = try PluginArguments(parsing: arguments)
        let project = context.xcodeProject
        let available = project.targets.map { target in
            (name: target.displayName,
             directory: TargetDirectories.commonAncestor(of: target.inputFiles.map(\.url.path))
                ?? project.directoryURL.path)
        }
        let directories = try TargetDirectories.resolve(parsed.targets, in: available)
        try run(
            verb, tool: try context.tool(named: PluginVerb.toolName).url,
            directory: project.directoryURL.path, arguments: parsed, targetDirectories: directories)
    }
}
#endif
