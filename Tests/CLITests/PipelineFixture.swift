import CloudKitSchemaCLI
import Foundation
import TestSupport

enum Pantry {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/Pantry")
    static func text(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }
    static var model: String { text("Item.swift") }
    static var development: String { text("development.ckdb") }
    static var productionComplete: String { text("production-complete.ckdb") }
    static var productionMissingField: String { text("production-missing-field.ckdb") }

    /// Item without notes, committed and tagged v1.0; then, when asked, notes added and committed.
    static func release(_ repo: FixtureRepository, model path: String, thenAddNotes: Bool) throws {
        repo.write(path, model.replacingOccurrences(of: "    var notes: String?\n", with: ""))
        try repo.commit("1.0")
        try repo.tag("v1.0", annotated: true)
        if thenAddNotes {
            repo.write(path, model)
            try repo.commit("Add notes to Item")
        }
    }

    static let team = "ABCDE12345"
    static let container = "iCloud.com.example.pantry"
    static let configuration = """
    {
      // The Pantry fixture app.
      "teamId": "\(team)",
      "containers": [{ "id": "\(container)" }],
      "modelPaths": ["App/Models"],
      "tagPattern": "v*"
    }
    """
}

/// What one in-process run of the tool printed.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Both streams in the order they were written, as a plugin host's single pipe sees them.
    var transcript: String
    var output: String { transcript }
    /// The last line printed, which plugin hosts keep.
    var lastLine: String {
        transcript.split(separator: "\n").last.map(String.init) ?? ""
    }
}

/// Keeps stdout, stderr and their interleaving.
final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var out = "", err = "", both = ""
    func write(_ text: String, error: Bool) {
        lock.withLock {
            if error { err += text } else { out += text }
            both += text
        }
    }
}


/// A release repository for the Pantry app: configuration, the model, tag v1.0, then a
/// model change since the tag; and a fake xcrun serving its two environments.
final class GateFixture: @unchecked Sendable {
    let repo: FixtureRepository
    let fake: FakeXcrun

    init(production: String = Pantry.productionMissingField, changeModel: Bool = true) throws {
        repo = try FixtureRepository("pantry")
        repo.write(".cloudkit-schema.json", Pantry.configuration)
        repo.write("App/Views/ItemView.swift", "struct ItemView {}\n")
        try Pantry.release(repo, model: "App/Models/Item.swift", thenAddNotes: changeModel)
        fake = FakeXcrun(development: Pantry.development, production: production)
    }

    func run(_ arguments: [String], mode: String = "ok", _ extra: [String: String] = [:]) -> RunResult {
        runTool(arguments, in: repo.path, environment: fake.environment(mode: mode, extra))
    }
}
