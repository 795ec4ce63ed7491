import PackagePlugin

/// `swift package gate`: forwards to `cloudkit-schema gate`.
@main
struct GatePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ForwardingPlugin.perform(.gate, context: context, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension GatePlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try ForwardingPlugin.perform(.gate, context: context, arguments: arguments)
    }
}
#endif
