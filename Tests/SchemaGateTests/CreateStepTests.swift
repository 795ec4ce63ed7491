import Foundation
import Testing
import TestSupport
@testable import SchemaGate

@Suite struct CreateStepTests {
    let directory = TemporaryDirectory("create")

    func step(_ command: ConfigFile.CommandSpec, timeout: TimeInterval = 30, _ extra: [String: String] = [:]) -> CreateStep {
        var environment = baseEnvironment()
        for (key, value) in extra { environment[key] = value }
        return CreateStep(create: .init(command: command, workingDirectory: directory.path), environment: environment, timeout: timeout)
    }

    @Test func streamsOutputLinesAndRunsInTheWorkingDirectory() throws {
        let lines = LineCollector()
        let result = try step(.shell("pwd; echo building >&2; echo done")).run { lines.add(.standardOutput, $0) }
        #expect(result.status == 0)
        #expect(Set(lines.lines) == ["stdout:\(directory.path)", "stdout:building", "stdout:done"])
    }

    @Test func anArgumentVectorRunsWithoutAShell() throws {
        let lines = LineCollector()
        _ = try step(.arguments(["/bin/echo", "a;b", "$HOME"])).run { lines.add(.standardOutput, $0) }
        #expect(lines.lines == ["stdout:a;b $HOME"])
    }

    @Test func theCommandNeverSeesTheManagementToken() throws {
        let lines = LineCollector()
        _ = try step(.shell("echo \"token=${CLOUDKIT_MANAGEMENT_TOKEN:-absent}\""), timeout: 30, ["CLOUDKIT_MANAGEMENT_TOKEN": "sentinel-3"])
            .run { lines.add(.standardOutput, $0) }
        #expect(lines.lines == ["stdout:token=absent"])
    }

    @Test func aFailureNamesTheStatusAndTheLastLines() {
        #expect {
            try step(.shell("echo one; echo two; echo three; echo four >&2; exit 65")).run { _ in }
        } throws: { error in
            guard case .failed(65, _, let lines)? = error as? CreateStep.Failure else { return false }
            return lines.count == 3 && (error as! CreateStep.Failure).message.contains("failed with exit status 65")
        }
    }

    /// A launch route that loses the app's exit status (a simulator, `open`) still fails
    /// when the scaffold printed its failure line.
    @Test func theScaffoldsFailureLineFailsACommandThatExitedZero() {
        let line = "\(InitializerScaffold.failureLine): CKError 9 (not authenticated)"
        #expect(throws: CreateStep.Failure.reportedFailure(command: "echo launching; echo '\(line)'; exit 0", line: line)) {
            try step(.shell("echo launching; echo '\(line)'; exit 0")).run { _ in }
        }
        // Its success line (or any other output) passes as before.
        #expect(throws: Never.self) { try step(.shell("echo '\(InitializerScaffold.successLine) for iCloud.x'")).run { _ in } }
    }

    @Test func aHangingCommandIsStoppedWithItsChildren() throws {
        let started = Date()
        #expect(throws: CreateStep.Failure.timedOut(seconds: 0.5, command: "sleep 300 & echo $! > child.pid; wait")) {
            try step(.shell("sleep 300 & echo $! > child.pid; wait"), timeout: 0.5).run { _ in }
        }
        #expect(Date().timeIntervalSince(started) < 15)
        let pid = try #require(Int32(directory.read("child.pid")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(!stillRunning(pid))
    }

    @Test func aMissingProgramIsALaunchFailure() {
        #expect {
            try step(.arguments(["no-such-program-xyz"])).run { _ in }
        } throws: { error in
            guard case .launch(.notFound("no-such-program-xyz", _))? = error as? CreateStep.Failure else { return false }
            return true
        }
    }
}
