import Foundation
import Testing
import TestSupport

/// The fault matrix, input side: repositories and arguments that used to end in an
/// accidental pass. Each case runs the real binary against a fixture repository and a
/// fake xcrun with a sentinel token, and asserts the exact exit status, a specific
/// message, that the sentinel appears nowhere and that the run left nothing behind
/// (`InputFaultRun`). The hook side (a real `git push`) is in HookInputFaultTests.
@Suite(.waitsOnProcesses) struct FaultMatrixInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var status: Int32
        var message: String
        var arguments: [String] = ["gate", "--no-create"]
        /// Changes the fixture before the run.
        var setUp: @Sendable (GateFixture) throws -> Void = { _ in }
        /// Whether the run may reach cktool (an option-value fault must stop before).
        var reachesCloudKit = true
        /// Whether the fixture changes the model after v1.0 (a change the gate checks anyway).
        var changeModel = true
        var testDescription: String { name }
    }

    /// Pantry's model with its name field spelled by `name`, and `notes` kept.
    static func model(named name: String) -> Data {
        Data(Pantry.model.replacingOccurrences(of: "var name: String", with: "var \(name): String").utf8)
    }

    static func broken(_ name: String, _ bytes: String, arguments: [String], message: String) -> Case {
        Case(name: "\(name): \(arguments.joined(separator: " "))", status: 2, message: message, arguments: arguments, setUp: { fixture in
            try model(named: bytes).write(to: URL(fileURLWithPath: fixture.repo.directory.file("App/Models/Item.swift")))
            try fixture.repo.commit("a broken byte")
        }, reachesCloudKit: false)
    }

    static let nulMessage = "App/Models/Item.swift:6: a NUL byte (0x00), which Swift source cannot hold"
    static let escapeMessage = "App/Models/Item.swift:6: the control byte 0x1B, which Swift source cannot hold"

    static let cases: [Case] = [
        // Issue 14, 2: models in a submodule, a stored property added inside it.
        Case(name: "models in a git submodule: a property added inside it is checked", status: 1, message: "CD_notes", setUp: { fixture in
            try moveModelsIntoASubmodule(fixture)
        }),
        // Issue 14, 3: a git-ignored model source under a model path, nothing else changed.
        Case(name: "a git-ignored model file under the model path is checked", status: 1, message: "Production lacks record type CD_Note", setUp: { fixture in
            fixture.repo.write(".gitignore", "App/Models/Generated/\n")
            try fixture.repo.commit("ignore generated models")
            fixture.repo.write("App/Models/Generated/Note.swift", "import SwiftData\n\n@Model final class Note {\n    var text: String = \"\"\n    init() {}\n}\n")
        }, changeModel: false),
        // Issue 14, 5: an option's value equal to a flag is never that flag.
        Case(name: "gate --since -h", status: 2, message: "option --since needs a value", arguments: ["gate", "--since", "-h"], reachesCloudKit: false),
        Case(name: "gate --since --help", status: 2, message: "option --since needs a value", arguments: ["gate", "--since", "--help"], reachesCloudKit: false),
        Case(name: "gate --tag-pattern -h", status: 2, message: "option --tag-pattern needs a value", arguments: ["gate", "--tag-pattern", "-h"], reachesCloudKit: false),
        Case(name: "gate --models --help", status: 2, message: "option --models needs a value", arguments: ["gate", "--models", "--help"], reachesCloudKit: false),
        Case(name: "gate --production -h", status: 2, message: "option --production needs a value", arguments: ["gate", "--production", "-h"], reachesCloudKit: false),
        Case(name: "changed --since -h", status: 2, message: "option --since needs a value", arguments: ["changed", "--since", "-h"], reachesCloudKit: false),
        // Issue 14, 13: bytes Swift source cannot hold, in every command that reads models.
        broken("NUL in a name", "na\u{0}me", arguments: ["gate", "--no-create"], message: nulMessage),
        broken("NUL in a name", "na\u{0}me", arguments: ["models", "--models", "App/Models"], message: nulMessage),
        broken("NUL in a name", "na\u{0}me", arguments: ["lint", "--models", "App/Models"], message: nulMessage),
        broken("NUL in a name", "na\u{0}me", arguments: ["changed"], message: nulMessage),
        broken("NUL in a name", "na\u{0}me", arguments: ["expected", "--models", "App/Models"], message: nulMessage),
        broken("escape in code", "name\u{1B}", arguments: ["models", "--models", "App/Models"], message: escapeMessage),
        broken("escape in code", "name\u{1B}", arguments: ["gate", "--no-create"], message: escapeMessage),
    ]

    @Test(arguments: cases)
    func inputFaultEndsInTheRightStatus(_ fault: Case) throws {
        let fixture = try GateFixture(changeModel: fault.changeModel)
        try fault.setUp(fixture)
        let run = try InputFaultRun(
            cloudkitSchemaBinary, fault.arguments, in: fixture.repo.path,
            environment: fixture.fake.environment().mapValues { $0 }, timeout: 120,
            alsoSearched: { ["recorded cktool argv": fixture.fake.recordedArguments] })
        #expect(run.result.status == fault.status, "\(fault.name): \(run.result.output)")
        #expect(run.result.output.contains(fault.message), "\(fault.name): \(run.result.output)")
        #expect(!run.result.stdout.contains("USAGE:"), "\(fault.name) printed help")
        // `models` and `expected` print what they read, not a report with a status line.
        if !["models", "expected"].contains(fault.arguments[0]) {
            let lastLines = [run.result.stdout, run.result.stderr].compactMap { $0.split(separator: "\n").last }
            #expect(lastLines.contains { $0.contains("(exit \(fault.status))") }, "\(fault.name): the last line must state the status")
        }
        #expect(run.leftNothingBehind, "\(fault.name): \(run.trail)")
        if !fault.reachesCloudKit { #expect(fixture.fake.calls.isEmpty, "\(fault.name) ran cktool: \(fixture.fake.calls)") }
    }

    /// App/Models becomes a submodule holding Item.swift as v1.0 had it; after v1.0 the
    /// submodule gains the `notes` property and the superproject commits the bump.
    static func moveModelsIntoASubmodule(_ fixture: GateFixture) throws {
        let models = try FixtureRepository("models")
        models.write("Item.swift", Pantry.model.replacingOccurrences(of: "    var notes: String?\n", with: ""))
        try models.commit("models 1.0")
        let repo = fixture.repo
        try repo.git(["tag", "-d", "v1.0"])
        try repo.git(["rm", "-q", "-r", "App/Models"])
        try repo.git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", models.path, "App/Models"])
        try repo.commit("models in a submodule")
        try repo.tag("v1.0", annotated: true)
        let checkout = repo.directory.file("App/Models")
        try Data(Pantry.model.utf8).write(to: URL(fileURLWithPath: checkout + "/Item.swift"))
        try git(["commit", "-q", "-am", "Add notes to Item"], in: checkout)
        try repo.commit("bump the models")
    }

    @Test func theStarterConfigurationHasNoTagPatternAndSaysSo() throws {
        // `init` writes tagPattern commented out: the one reader sees no pattern at all.
        let repo = try FixtureRepository("starter")
        repo.write("App/Models/Item.swift", Pantry.model)
        let initialized = try runProcess(cloudkitSchemaBinary, ["init"], in: repo.path)
        #expect(initialized.status == 0, "\(initialized.output)")
        let text = try #require(repo.directory.read(".cloudkit-schema.json"))
        #expect(text.contains("// \"tagPattern\": \"v*\""))
        let pattern = try runProcess(cloudkitSchemaBinary, ["config", "--get", "tagPattern"], in: repo.path)
        #expect(pattern.status == 0 && pattern.stdout.isEmpty, "\(pattern.output)")
        let paths = try runProcess(cloudkitSchemaBinary, ["config", "--get", "modelPaths"], in: repo.path)
        #expect(paths.stdout == repo.directory.file("App/Models") + "\n" || paths.stdout == "App/Models\n", "\(paths.output)")
    }
}
