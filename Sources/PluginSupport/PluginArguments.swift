/// The arguments a command plugin receives, split into SwiftPM's own options (consumed by
/// the plugin) and everything else (forwarded to the tool untouched, in order).
///
/// SwiftPM's own options are `--target NAME` (which targets to act on) and the permission
/// options SwiftPM 6.3 also honours after the verb (`swift package gate
/// --allow-network-connections all`) while still passing them on to the plugin: forwarding
/// those would make the tool reject a command line SwiftPM accepted.
public struct PluginArguments: Equatable, Sendable {
    /// Target names given with `--target NAME` or `--target=NAME`, in order, without duplicates.
    public var targets: [String]
    /// Every other argument, exactly as given.
    public var forwarded: [String]

    /// SwiftPM options that take no value and are dropped.
    public static let swiftPMFlags: Set<String> = ["--allow-writing-to-package-directory", "--disable-sandbox"]
    /// SwiftPM options that take a value and are dropped with it.
    public static let swiftPMOptions: Set<String> = ["--allow-writing-to-directory", "--allow-network-connections"]

    public init(targets: [String] = [], forwarded: [String] = []) {
        self.targets = targets
        self.forwarded = forwarded
    }

    /// Splits `arguments`. After a `--`, nothing is interpreted: the `--` and the rest are forwarded.
    public init(parsing arguments: [String]) throws(PluginArgumentError) {
        var targets: [String] = []
        var forwarded: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                forwarded += arguments[(index - 1)...]
                break
            }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            let inlineValue = argument.contains("=") ? String(argument.drop { $0 != "=" }.dropFirst()) : nil
            if Self.swiftPMFlags.contains(argument) { continue }
            guard name == "--target" || Self.swiftPMOptions.contains(name) else {
                forwarded.append(argument)
                continue
            }
            var value = inlineValue
            if value == nil, index < arguments.count, !arguments[index].hasPrefix("-") {
                value = arguments[index]
                index += 1
            }
            guard let value, !value.isEmpty else { throw .missingValue(option: name) }
            if name == "--target", !targets.contains(value) { targets.append(value) }
        }
        self.init(targets: targets, forwarded: forwarded)
    }
}

public enum PluginArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingValue(option: String)

    public var description: String {
        switch self {
        case .missingValue("--target"):
            return "--target needs a target name, for example: swift package lint-models --target AppModels"
        case .missingValue(let option):
            return "\(option) needs a value; see 'swift package plugin --help'"
        }
    }
}
