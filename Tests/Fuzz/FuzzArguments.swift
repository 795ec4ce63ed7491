import CloudKitSchemaCLI
import Foundation

// libFuzzer entry point for the argument parser: never crash, and never take an option's
// value for a flag. The first byte picks how the rest becomes arguments: split at NUL
// bytes (any text), or each byte picks a token from the tool's own flag spellings (every
// option name, --help, -h, --, an option with `=`...), so that option values drawn from
// the flag names are what the fuzzer explores. Every command's spec parses them.

/// Every spelling an argument can take that means something to the parser.
let vocabulary: [String] = {
    let names = Set(Tool.commands.flatMap { $0.spec.options.map(\.name) }).sorted()
    return names.map { "--" + $0 } + names.map { "--" + $0 + "=" } + names.map { "--" + $0 + "=-h" }
        + ["--help", "-h", "--version", "--", "-", "-x", "---", "--=", "v1.0", "App/Models", "", "help"]
}()

func arguments(from bytes: UnsafeRawBufferPointer) -> [String] {
    guard let mode = bytes.first else { return [] }
    let rest = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
    if mode & 1 == 0 {
        return rest.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
    return rest.map { vocabulary[Int($0) % vocabulary.count] }
}

/// The parser's contract, checked on every parse that succeeded: an argument starting
/// with `-` before `--` stands where an option stands, so no value holds one unless it
/// came joined with `=`; help is requested only by a `--help` / `-h` that stood there,
/// never one right after an option that takes a value.
func check(_ parsed: ParsedArguments, _ arguments: [String], spec: ArgumentSpec) {
    let options = arguments.prefix { $0 != "--" }
    let joined = Set(options.compactMap { argument -> String? in
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return nil }
        return String(argument[argument.index(after: equals)...])
    })
    for (name, values) in parsed.values {
        for value in values where value.hasPrefix("-") && value != "-" && !joined.contains(value) {
            fatalError("--\(name) took '\(value)' as its value in \(arguments)")
        }
    }
    if parsed.helpRequested {
        guard let help = options.firstIndex(where: { $0 == "--help" || $0 == "-h" }) else {
            fatalError("help without --help or -h before -- in \(arguments)")
        }
        let takesValue = Set(spec.options.filter { $0.kind != .flag }.map { "--" + $0.name })
        if help > options.startIndex, takesValue.contains(options[help - 1]) {
            fatalError("\(options[help]) was read as help, but it stands where \(options[help - 1])'s value does, in \(arguments)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let arguments = arguments(from: UnsafeRawBufferPointer(start: start, count: count))
    for command in Tool.commands {
        if let parsed = try? ArgumentParser(spec: command.spec).parse(arguments) { check(parsed, arguments, spec: command.spec) }
    }
    return 0
}
