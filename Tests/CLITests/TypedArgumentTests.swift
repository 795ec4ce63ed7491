import Testing
@testable import CloudKitSchemaCLI

/// Options are read by their spec, and only the options the command declares: a read of
/// another command's option, or of a flag as a value, stops a debug build at the read.
@Suite struct TypedArgumentTests {
    static let declared = OptionSpec("since", value: "REF", help: "")
    static let flag = OptionSpec("always", .flag, help: "")

    @Test func declaredOptionsRead() throws {
        let parsed = try ArgumentParser(spec: ArgumentSpec(options: [Self.declared, Self.flag])).parse(["--since", "v1", "--always"])
        #expect(parsed.value(Self.declared) == "v1")
        #expect(parsed.flag(Self.flag))
        #expect(parsed.declares(Self.declared) && !parsed.declares(LintCommand.Options.staged))
    }

    /// Another command's option, with the same name but another kind, is not declared.
    @Test func aNameOfAnotherKindIsNotDeclared() throws {
        let parsed = try ArgumentParser(spec: ArgumentSpec(options: [Self.declared])).parse([])
        #expect(!parsed.declares(OptionSpec("since", .flag, help: "")))
    }

    @Test func readingAnUndeclaredOptionStops() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try ArgumentParser(spec: GateCommand.command.spec).parse([])
            _ = parsed.flag(LintCommand.Options.staged)
        }
    }

    @Test func readingAFlagAsAValueStops() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try ArgumentParser(spec: GateCommand.command.spec).parse([])
            _ = parsed.value(GateCommand.Options.always)
        }
    }

    /// The check the reads rely on: a command declares each option name once.
    @Test func everyCommandDeclaresEachOptionOnce() {
        for command in Tool.commands {
            let names = command.spec.options.map(\.name)
            #expect(Set(names).count == names.count, "\(command.name) declares an option twice: \(names)")
        }
    }
}
