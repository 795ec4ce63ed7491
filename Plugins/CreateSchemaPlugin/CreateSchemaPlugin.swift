import PackagePlugin

/// `swift package create-schema`: forwards to `cloudkit-schema create`.
@main
struct CreateSchemaPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ForwardingPlugin.perform(.createSchema, context: context, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CreateSchemaPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try ForwardingPlugin.perform(.createSchema, context: context, arguments: arguments)
    }
}
#endif
