import PackagePlugin

/// `swift package lint-models`: forwards to `cloudkit-schema lint`.
@main
struct LintModelsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ForwardingPlugin.perform(.lintModels, context: context, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LintModelsPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try ForwardingPlugin.perform(.lintModels, context: context, arguments: arguments)
    }
}
#endif
