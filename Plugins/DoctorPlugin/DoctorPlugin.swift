import PackagePlugin

/// `swift package doctor`: forwards to `cloudkit-schema doctor`.
@main
struct DoctorPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ForwardingPlugin.perform(.doctor, context: context, arguments: arguments)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension DoctorPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try ForwardingPlugin.perform(.doctor, context: context, arguments: arguments)
    }
}
#endif
