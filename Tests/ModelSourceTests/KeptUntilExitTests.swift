import Testing
@testable import ModelSource
@testable import SchemaGateBasics

/// A command-line run leaves what it read to the process's exit; any other caller (these
/// tests, a long-lived host) must free as usual.
@Suite struct KeptUntilExitTests {
    final class Payload {}

    @Test func holdsNothingUntilEnabled() {
        let keeper = KeptUntilExit()
        weak var dropped: Payload?
        do {
            let payload = Payload()
            dropped = payload
            keeper.keep(payload)
        }
        #expect(dropped == nil)
        #expect(keeper.count == 0)
    }

    @Test func holdsWhatItIsGivenOnceEnabled() {
        let keeper = KeptUntilExit()
        keeper.enable()
        weak var kept: Payload?
        do {
            let payload = Payload()
            kept = payload
            keeper.keep(payload)
        }
        #expect(kept != nil)
        #expect(keeper.count == 1)
    }

    @Test func theReaderKeepsNothingOutsideTheExecutable() {
        let model = ModelReader.read(paths: [Fixture.path("Projects")])
        #expect(!model.entities.isEmpty)
        #expect(KeptUntilExit.process.count == 0)
    }
}
