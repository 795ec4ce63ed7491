import Foundation
import Testing
@testable import SchemaGate

@Suite struct PhaseTimerTests {
    /// A clock that advances only when told to.
    final class FakeClock: @unchecked Sendable {
        var nanoseconds: UInt64 = 1_000
        func advance(milliseconds: Double) { nanoseconds += UInt64(milliseconds * 1_000_000) }
    }

    @Test func measuresPhasesAndAddsRepeatsUnderOneName() throws {
        let clock = FakeClock()
        let timer = PhaseTimer(now: { clock.nanoseconds })
        let value = timer.measure("change detection") { () -> Int in
            clock.advance(milliseconds: 12.5)
            return 7
        }
        #expect(value == 7)
        timer.measure("check") { clock.advance(milliseconds: 2) }
        timer.measure("check") { clock.advance(milliseconds: 3) }
        clock.advance(milliseconds: 4)  // not measured: shows as "other"
        #expect(timer.phases == [
            PhaseTimer.Phase(name: "change detection", seconds: 0.0125, count: 1),
            PhaseTimer.Phase(name: "check", seconds: 0.005, count: 2),
        ])
        #expect(timer.lines() == [
            "timing: change detection     12.5 ms  (58%)",
            "timing: check (2x)            5.0 ms  (23%)",
            "timing: other                 4.0 ms  (19%)",
            "timing: total                21.5 ms",
        ])
    }

    @Test func aThrowingPhaseIsStillTimed() {
        struct Failure: Error {}
        let clock = FakeClock()
        let timer = PhaseTimer(now: { clock.nanoseconds })
        #expect(throws: Failure.self) {
            try timer.measure("export") {
                clock.advance(milliseconds: 1)
                throw Failure()
            }
        }
        #expect(timer.phases.map(\.name) == ["export"])
        #expect(timer.phases.first?.seconds == 0.001)
    }

    @Test func theRealClockMeasuresRealTime() {
        let timer = PhaseTimer()
        timer.measure("sleep") { usleep(20_000) }
        let seconds = timer.phases.first?.seconds ?? 0
        #expect(seconds >= 0.015 && seconds < 5)
        #expect(timer.lines().last?.hasPrefix("timing: total") == true)
    }
}
