import SchemaGate

/// The parsed command line of one command. Options are read by their spec, never by a
/// string: `arguments.value(GateCommand.Options.since)`. Reading an option the command's
/// spec does not declare, or a flag as a value, is a programming error that stops any
/// debug build (the test suite) at the read; a release build treats it as not given.
package struct ParsedArguments: Sendable {
    /// The options of the spec this was parsed against, by name.
    let declared: [String: OptionSpec.Kind]
    package internal(set) var values: [String: [String]] = [:]
    package internal(set) var flags: Set<String> = []
    package var positionals: [String] = []
    /// `--help` or `-h` stood where an option can stand (never as an option's value).
    package var helpRequested = false

    init(spec: ArgumentSpec) {
        declared = Dictionary(spec.options.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
    }

    package func flag(_ option: OptionSpec) -> Bool { flags.contains(checked(option, as: [.flag])) }
    package func value(_ option: OptionSpec) -> String? { values[checked(option, as: [.single, .multiple])]?.last }
    package func all(_ option: OptionSpec) -> [String] { values[checked(option, as: [.single, .multiple])] ?? [] }

    /// Whether the command declares `option`: helpers shared by commands that differ in
    /// their options (the configuration overrides) ask before they read.
    package func declares(_ option: OptionSpec) -> Bool { declared[option.name] == option.kind }

    /// The option's name, after asserting that the spec declares it, with that kind.
    private func checked(_ option: OptionSpec, as kinds: Set<OptionSpec.Kind>) -> String {
        assert(declares(option), "--\(option.name) is read but its command's spec does not declare it (as \(option.kind))")
        assert(kinds.contains(option.kind), "--\(option.name) (\(option.kind)) is read as \(kinds.contains(.flag) ? "a flag" : "a value")")
        return option.name
    }
}

/// A hand-written parser: `--flag`, `--name value`, `--name=value`, repeated options,
/// multi-value options, `--` to end options. Errors carry a "did you mean" suggestion.
///
/// An argument that starts with `-` is never taken as an option's value: `--since -h` is
/// "--since needs a value", not a request for help, and not the revision `-h` (git would
/// read it as an option). Such a value is written `--since=-h`. So every argument that
/// starts with `-` before `--` stands in an option's place, and help is decided here,
/// where that is known, not by scanning the raw arguments.
package struct ArgumentParser {
    /// The spellings of the help request every command accepts.
    static let helpSpellings: Set<String> = ["--help", "-h"]

    let spec: ArgumentSpec

    package init(spec: ArgumentSpec) { self.spec = spec }

    package func parse(_ arguments: [String]) throws(CLIError) -> ParsedArguments {
        var result = ParsedArguments(spec: spec)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if Self.helpSpellings.contains(argument) {
                // Help wins over whatever follows; what came before has parsed.
                result.helpRequested = true
                return result
            }
            guard argument.hasPrefix("--") else {
                throw .usage("unknown option '\(argument)'; options are spelled --name\(suggestion(for: String(argument.dropFirst())))")
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = spec.option(named: name) else {
                throw .usage("unknown option '--\(name)'\(suggestion(for: name))")
            }
            switch option.kind {
            case .flag:
                if inline != nil { throw .usage("option --\(name) takes no value") }
                result.flags.insert(name)
            case .single, .multiple:
                var values: [String] = []
                if let inline {
                    values.append(inline)
                } else {
                    while index < arguments.count, !isOption(arguments[index]) {
                        values.append(arguments[index])
                        index += 1
                        if option.kind == .single { break }
                    }
                }
                guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
                    throw .usage("option --\(name) needs a value: \(option.usage)\(dashHint(name, next: arguments, at: index))")
                }
                if option.kind == .single, let previous = result.values[name]?.first, previous != values[0] {
                    throw .usage("option --\(name) was given twice ('\(previous)' and '\(values[0])'); give it once")
                }
                result.values[name, default: []] += values
            }
        }
        try checkPositionals(result.positionals)
        return result
    }

    private func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-"
    }

    /// When the missing value is really an argument starting with `-`, how to give it.
    private func dashHint(_ name: String, next arguments: [String], at index: Int) -> String {
        guard index < arguments.count, isOption(arguments[index]) else { return "" }
        let next = arguments[index]
        return "; '\(next)' starts with '-', so it is read as an option, never as a value (write --\(name)=\(next) to give it as the value)"
    }

    private func checkPositionals(_ positionals: [String]) throws(CLIError) {
        let required = spec.positionals.filter(\.required)
        if positionals.count < required.count {
            let missing = required[positionals.count]
            throw .usage("missing argument \(missing.name): \(missing.help)")
        }
        let repeats = spec.positionals.last?.repeats ?? false
        if !repeats, positionals.count > spec.positionals.count {
            let extra = positionals[spec.positionals.count]
            throw .usage("unexpected argument '\(extra)'\(spec.positionals.isEmpty ? "; this command takes only options" : "")")
        }
    }

    private func suggestion(for name: String) -> String {
        let candidates = spec.options.map(\.name) + ["help"]
        guard let best = closest(to: name, in: candidates) else { return "" }
        return "; did you mean '--\(best)'?"
    }
}

/// The nearest known word, for "did you mean" (one rule for the whole tool).
func closest(to word: String, in candidates: [String]) -> String? {
    Suggestion.closest(to: word, in: candidates)
}
