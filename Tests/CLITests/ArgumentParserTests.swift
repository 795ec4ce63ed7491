import Testing
@testable import CloudKitSchemaCLI

@Suite struct ArgumentParserTests {
    let parser = ArgumentParser(spec: ArgumentSpec(
        options: [
            OptionSpec("production", help: ""),
            OptionSpec("models", .multiple, help: ""),
            OptionSpec("strict", .flag, help: ""),
        ],
        positionals: [PositionalSpec("FILE", help: "", repeats: true, required: false)]))

    @Test func valueForms() throws {
        let a = try parser.parse(["--production", "p.ckdb", "--models=A", "--models", "B", "C", "--strict", "--", "--not-an-option"])
        #expect(a.value("production") == "p.ckdb")
        #expect(a.all("models") == ["A", "B", "C"])
        #expect(a.flag("strict"))
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
