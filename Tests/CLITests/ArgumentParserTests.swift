import Testing
@testable import CloudKitSchemaCLI

@Suite struct ArgumentParserTests {
    static let production = OptionSpec("production", help: "")
    static let models = OptionSpec("models", .multiple, help: "")
    static let strict = OptionSpec("strict", .flag, help: "")
    let parser = ArgumentParser(spec: ArgumentSpec(
        options: [production, models, strict],
        positionals: [PositionalSpec("FILE", help: "", repeats: true, required: false)]))

    @Test func valueForms() throws {
        let a = try parser.parse(["--production", "p.ckdb", "--models=A", "--models", "B", "C", "--strict", "--", "--not-an-option"])
        #expect(a.value(Self.production) == "p.ckdb")
        #expect(a.all(Self.models) == ["A", "B", "C"])
        #expect(a.flag(Self.strict))
        #expect(a.positionals == ["--not-an-option"])
    }

    @Test(arguments: [
        (["--prodution", "x"], "unknown option '--prodution'; did you mean '--production'?"),
        (["--strict=yes"], "option --strict takes no value"),
        (["--production"], "option --production needs a value: --production VALUE"),
        (["--production="], "option --production needs a value"),
        (["--production", "a", "--production", "b"], "option --production was given twice ('a' and 'b'); give it once"),
        (["-x"], "unknown option '-x'"),
        (["--zzzzzzzz"], "unknown option '--zzzzzzzz'"),
    ])
    func errors(arguments: [String], message: String) {
        #expect {
            try parser.parse(arguments)
        } throws: { error in
            (error as! CLIError).message.hasPrefix(message)
        }
    }

    @Test func noSuggestionForUnrelatedNames() {
        #expect(closest(to: "zzzzzzzz", in: ["production", "models"]) == nil)
        #expect(closest(to: "modles", in: ["production", "models"]) == "models")
    }

    @Test func positionalsAreChecked() {
        let strict = ArgumentParser(spec: ArgumentSpec(positionals: [PositionalSpec("FILE", help: "A file.")]))
        #expect(throws: CLIError.usage("missing argument FILE: A file.")) { try strict.parse([]) }
        #expect(throws: CLIError.usage("unexpected argument 'b'")) { try strict.parse(["a", "b"]) }
    }
}

/// The parser never takes an option's value for a flag: every value-taking option of every
/// command, given any flag spelling of the tool (every option name, --help, -h, --version,
/// --) as its value, is a usage error (exit 2), never help and exit 0; the same spelling
/// joined with `=` is that option's value, taken literally.
@Suite struct OptionValuesAreNeverFlagsTests {
    static var flagSpellings: [String] {
        let names = Set(Tool.commands.flatMap { $0.spec.options.map { "--" + $0.name } })
        return names.sorted() + ["--help", "-h", "--version", "--", "-x"]
    }

    static var valueOptions: [(command: Command, option: OptionSpec)] {
        Tool.commands.flatMap { command in command.spec.options.filter { $0.kind != .flag }.map { (command, $0) } }
    }

    @Test func aFlagSpellingAfterAValueOptionIsAUsageError() {
        var checked = 0
        for (command, option) in Self.valueOptions {
            for flag in Self.flagSpellings {
                let run = runTool([command.name, "--\(option.name)", flag])
                #expect(run.status == 2, "\(command.name) --\(option.name) \(flag): \(run.output)")
                #expect(!run.stdout.contains("USAGE:"), "\(command.name) --\(option.name) \(flag) printed help")
                #expect(run.stderr.contains("option --\(option.name) needs a value"), "\(command.name) --\(option.name) \(flag): \(run.stderr)")
                checked += 1
            }
        }
        #expect(checked > 300, "only \(checked) combinations")
    }

    @Test func aFlagSpellingJoinedWithEqualsIsTheValue() throws {
        for (command, option) in Self.valueOptions {
            for flag in Self.flagSpellings {
                let parsed = try ArgumentParser(spec: command.spec).parse(["--\(option.name)=\(flag)"] + Self.positionals(command))
                #expect(parsed.all(option) == [flag], "\(command.name) --\(option.name)=\(flag)")
                #expect(!parsed.helpRequested)
            }
        }
    }

    /// Help is a request only where an option can stand: before `--`, not as a value.
    @Test func helpStandsWhereAnOptionCan() throws {
        let spec = GateCommand.command.spec
        #expect(try ArgumentParser(spec: spec).parse(["--always", "--help"]).helpRequested)
        #expect(try ArgumentParser(spec: spec).parse(["-h"]).helpRequested)
        #expect(try ArgumentParser(spec: spec).parse(["--since", "v1", "--help"]).helpRequested)
        #expect(throws: CLIError.self) { try ArgumentParser(spec: spec).parse(["--", "--help"]) }
        #expect(runTool(["gate", "--help"]).stdout.contains("USAGE: cloudkit-schema gate"))
        #expect(runTool(["format", "--", "-h"]).status == 2, "after --, -h is a file name")
    }

    /// Required positionals, so that a parse reaches the option under test.
    static func positionals(_ command: Command) -> [String] {
        command.spec.positionals.filter(\.required).map { _ in "value" }
    }
}
