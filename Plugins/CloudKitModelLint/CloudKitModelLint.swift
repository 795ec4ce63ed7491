import Foundation
import PackagePlugin

/// Build-tool plugin: `cloudkit-schema lint` on the target's Swift files at every build
/// whose inputs changed, so a model CloudKit cannot mirror is a build error at its line.
/// Offline and sandbox-safe: the tool reads the sources and writes only the stamp in the
/// plugin's work directory. A build command, not a prebuild one: a prebuild command cannot
/// run a tool built from source (Docs/plugins-and-hooks.md, "Build-time lint").
/// Shaped like swift-openapi-generator's build-tool plugin: one function shared by the
/// SwiftPM and Xcode entry points, fed the work directory, the tool and the file list.
@main
struct CloudKitModelLint {
    func createBuildCommands(
        pluginWorkDirectory: URL, tool: (String) throws -> PluginContext.Tool, sourceFiles: FileList,
        targetName: String, configurationDirectory: URL
    ) throws -> [Command] {
        let configuration = configurationDirectory.appendingPathComponent(ModelLintCommand.configurationName).path
        guard let command = ModelLintCommand(
            target: targetName, files: sourceFiles.map(\.url.path), workDirectory: pluginWorkDirectory.path,
            configuration: FileManager.default.fileExists(atPath: configuration) ? configuration : nil)
        else { return [] }
        return [
            .buildCommand(
                displayName: command.displayName,
                executable: try tool(PluginVerb.toolName).url,
                arguments: command.arguments,
                environment: [:],
                inputFiles: command.inputs.map { URL(fileURLWithPath: $0) },
                outputFiles: [URL(fileURLWithPath: command.stamp)])
        ]
    }
}

extension CloudKitModelLint: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let swiftTarget = target as? SwiftSourceModuleTarget else { return [] }
        return try createBuildCommands(
            pluginWorkDirectory: context.pluginWorkDirectoryURL, tool: context.tool, sourceFiles: swiftTarget.sourceFiles,
            targetName: target.name, configurationDirectory: context.package.directoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CloudKitModelLint: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try createBuildCommands(
            pluginWorkDirectory: context.pluginWorkDirectoryURL, tool: context.tool, sourceFiles: target.inputFiles,
            targetName: target.displayName, configurationDirectory: context.xcodeProject.directoryURL)
    }
}
#endif
