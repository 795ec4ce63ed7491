import Testing
@testable import SchemaGate

@Suite struct SkipSwitchTests {
    @Test(arguments: ["1", "true", "yes", "TRUE", "Yes", " 1 "])
    func skipValuesSkip(value: String) throws {
        #expect(try SkipSwitch.decide([SkipSwitch.variable: value]) == .skip(value))
    }

    @Test(arguments: ["0", "false", "no", "NO", ""])
    func runValuesRun(value: String) throws {
        #expect(try SkipSwitch.decide([SkipSwitch.variable: value]) == .run)
    }

    @Test func unsetRuns() throws {
        #expect(try SkipSwitch.decide([:]) == .run)
    }

    @Test(arguments: ["maybe", "2", "on", "off", "y", "skip", "truee"])
    func anythingElseIsAnError(value: String) {
        #expect(throws: SkipSwitch.InvalidValue(value: value)) { try SkipSwitch.decide([SkipSwitch.variable: value]) }
    }

    @Test func messagesNameTheVariable() {
        #expect(SkipSwitch.skipMessage("1").contains("SKIP_CLOUDKIT_SCHEMA_CHECK=1"))
        #expect(SkipSwitch.InvalidValue(value: "maybe").message.hasPrefix("SKIP_CLOUDKIT_SCHEMA_CHECK='maybe' is neither yes nor no"))
    }
}
