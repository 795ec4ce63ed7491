import Foundation
import Testing
import ModelSource
import SchemaGate
import TestSupport

/// The gate reads the models once and reports each reading problem once: its lint step
/// and its check step used to read (and report) them separately.
@Suite(.waitsOnProcesses) struct GateReadsOnceTests {
    /// A property whose type no reader can tell without a compiler.
    static let untypedProperty = "    var bestBefore = Calendar.current.startOfDay(for: .now)\n"

    @Test func theRealBinaryReportsOneUnknownTypeFinding() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        fixture.repo.write("App/Models/Item.swift", Pantry.model.replacingOccurrences(
            of: "    var notes: String?\n", with: "    var notes: String?\n" + Self.untypedProperty))
        var environment: [String: String?] = fixture.fake.environment().mapValues { $0 }
        for name in ["SKIP_CLOUDKIT_SCHEMA_CHECK", "TEAM_ID", "CONTAINER_ID", "CLOUDKIT_MANAGEMENT_TOKEN", "GITHUB_STEP_SUMMARY"] {
            environment.updateValue(nil, forKey: name)
        }
        let result = try runProcess(
            cloudkitSchemaBinary, ["gate", "--always", "--no-create", "--format", "json"], in: fixture.repo.path,
            environment: environment)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\(result.stderr)")
        let findings = try #require(report["findings"] as? [[String: Any]])
        let unknown = findings.filter { $0["code"] as? String == "unknown-type" }
        #expect(unknown.count == 1, "\(result.stdout)")
        #expect((unknown.first?["message"] as? String)?.contains("Item.bestBefore") == true)
    }
}

extension GateReadsOnceTests {
    /// Counts the gate's model reads: the expected schema's and lint's go through the one
    /// reader, and one set of model paths is read once.
    @Test func theGateReadsTheModelsOnce() throws {
        let fixture = try GateFixture(production: Pantry.productionComplete)
        let environment = fixture.fake.environment()
        let configuration = try ResolvedConfiguration.load(workingDirectory: fixture.repo.path, environment: environment)
        var options = Gate.Options()
        options.always = true
        options.runCreate = false
        var gate = Gate(configuration: configuration, options: options, workingDirectory: fixture.repo.path, environment: environment)
        let reads = ReadCounter()
        gate.readModels = { paths, directory in
            reads.increment()
            return ModelReader.read(paths: paths, workingDirectory: directory)
        }
        let report = try gate.run()
        #expect(report.status == .pass, "\(report.findings)")
        #expect(reads.value == 1)
    }
}

final class ReadCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
