import PackagePlugin

/// `swift package check-schema`: forwards to `cloudkit-schema check`.
@main
struct CheckSchemaPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ForwardingPlugin.perform(.checkSchema, context: context, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CheckSchemaPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try ForwardingPlugin.perform(.checkSchema, context: context, arguments: arguments)
    }
}
#endif
