/// What a command accepts. The parser, `--help` and "did you mean" are all derived from it.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable {
        /// `--flag`, no value.
        case flag
        /// `--name VALUE` or `--name=VALUE`, once.
        case single
        /// `--name A B C` (values up to the next option), or repeated `--name A --name B`.
        case multiple
    }

    public var name: String
    public var valueName: String
    public var help: String
    public var kind: Kind

    public init(_ name: String, _ kind: Kind = .single, value valueName: String = "VALUE", help: String) {
        self.name = name
        self.kind = kind
        self.valueName = valueName
        self.help = help
    }

    var usage: String {
        switch kind {
        case .flag: return "--\(name)"
        case .single: return "--\(name) \(valueName)"
        case .multiple: return "--\(name) \(valueName)..."
        }
    }
}

public struct PositionalSpec: Sendable {
    public var name: String
    public var help: String
    public var repeats: Bool
    public var required: Bool

    public init(_ name: String, help: String, repeats: Bool = false, required: Bool = true) {
        self.name = name
        self.help = help
        self.repeats = repeats
        self.required = required
    }
}

public struct ArgumentSpec: Sendable {
    public var options: [OptionSpec]
    public var positionals: [PositionalSpec]

    public init(options: [OptionSpec] = [], positionals: [PositionalSpec] = []) {
        self.options = options
        self.positionals = positionals
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}
