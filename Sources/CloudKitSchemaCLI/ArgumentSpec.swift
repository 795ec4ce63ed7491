/// What a command accepts. The parser, `--help` and "did you mean" are all derived from it.
package struct OptionSpec: Sendable {
    package enum Kind: Sendable {
        /// `--flag`, no value.
        case flag
        /// `--name VALUE` or `--name=VALUE`, once.
        case single
        /// `--name A B C` (values up to the next option), or repeated `--name A --name B`.
        case multiple
    }

    package var name: String
    package var valueName: String
    package var help: String
    package var kind: Kind

    package init(_ name: String, _ kind: Kind = .single, value valueName: String = "VALUE", help: String) {
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

package struct PositionalSpec: Sendable {
    package var name: String
    package var help: String
    package var repeats: Bool
    package var required: Bool

    package init(_ name: String, help: String, repeats: Bool = false, required: Bool = true) {
        self.name = name
        self.help = help
        self.repeats = repeats
        self.required = required
    }
}

package struct ArgumentSpec: Sendable {
    package var options: [OptionSpec]
    package var positionals: [PositionalSpec]

    package init(options: [OptionSpec] = [], positionals: [PositionalSpec] = []) {
        self.options = options
        self.positionals = positionals
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}
