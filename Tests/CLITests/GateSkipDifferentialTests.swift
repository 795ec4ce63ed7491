import CloudKitSchema
import Foundation
import Testing
import TestSupport

/// The skip rule as a claim (Docs/gate-skip-rule.md): over seeded release histories, whenever
/// `gate` passes, `gate --always` on the same state passes too, and Production holds every
/// model a store syncs into it. The histories edit models, registrations, store
/// configurations, containers (configuration and entitlements), sharing and snapshots, leave
/// gitlinks unchecked out, refuse and skip tags, and deploy or materialize Development in
/// between; Production only ever grows, as CloudKit's does.
@Suite(.waitsOnProcesses) struct GateSkipDifferentialTests {
    static let historiesPerChunk = Int(ProcessInfo.processInfo.environment["GATE_HISTORIES_PER_CHUNK"] ?? "") ?? 17

    @Test(arguments: 0..<12)
    func gatePassesOnlyWhereTheFullCheckPasses(chunk: Int) throws {
        for index in 0..<Self.historiesPerChunk {
            var history = try ReleaseHistory(seed: UInt64(chunk * Self.historiesPerChunk + index + 1))
            try history.play(steps: 4)
        }
    }
}

/// One generated release history and the fake CloudKit it releases against.
struct ReleaseHistory {
    static let containers = ["iCloud.com.example.a", "iCloud.com.example.b"]
    static let fieldTypes = [("String", "= \"\""), ("Int", "= 0"), ("Date?", ""), ("Double", "= 0"), ("Data?", ""), ("Bool", "= false")]

    enum Database: Equatable { case none, automatic, named(String) }

    struct Model {
        var name: String
        var fields: [(name: String, type: String, initial: String)]
    }

    let seed: UInt64
    var random: SeededGenerator
    let repo: FixtureRepository
    let fake: FakeXcrun
    var models: [Model] = []
    var registered: Set<String> = []
    var database: Database = .named(containers[0])
    /// Configured containers (nil: the entitlements name them).
    var configured: [String]? = [containers[0]]
    var entitled: [String] = [containers[0]]
    var shares = false
    var snapshot: String?
    var gitlink = false
    var release = 0
    var production: [String: Schema] = [:]
    var development: [String: Schema] = [:]

    init(seed: UInt64) throws {
        self.seed = seed
        random = SeededGenerator(seed: seed &* 0x9E37_79B9)
        repo = try FixtureRepository("history-\(seed)")
        fake = FakeXcrun()
        let users = try SchemaParser.parse(SchemaTexts.emptyProduction)
        for id in Self.containers { production[id] = users; development[id] = users }
        addModel()
        addModel()
        write()
        try commit("start")
    }

    // MARK: - The history

    mutating func play(steps: Int) throws {
        for _ in 0..<steps {
            gitlink = false
            for _ in 0..<Int.random(in: 1...2, using: &random) { edit() }
            write()
            if Int.random(in: 0..<10, using: &random) < 7 { changeCloudKit() }
            try commit("step")
            try gateARelease()
        }
    }

    mutating func edit() {
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1, 2: addField()
        case 3: addModel()
        case 4: register()
        case 5: database = [.none, .automatic, .named(Self.containers[0]), .named(Self.containers[1])].randomElement(using: &random)!
        case 6: moveContainers()
        case 7: shares.toggle()
        case 8: snapshot = snapshotText()
        default: gitlink = Int.random(in: 0..<3, using: &random) == 0
        }
    }

    /// What happens in CloudKit between releases: Development is materialized from the
    /// models (a debug build), Production gets a deploy of Development (add-only).
    mutating func changeCloudKit() {
        let schema = expected()
        let roll = Int.random(in: 0..<10, using: &random)
        let ids = roll < 6 ? Self.containers : [Self.containers.randomElement(using: &random)!]
        for id in ids {
            if roll < 8 { development[id] = Self.union(development[id]!, schema) }
            if roll < 6 || roll >= 8 { production[id] = Self.union(production[id]!, development[id]!) }
        }
    }

    /// Tag a release and run both gates on it (the tag is kept whatever the verdict, as a
    /// refused tag is in a real repository); sometimes the gate is skipped deliberately.
    mutating func gateARelease() throws {
        release += 1
        try repo.tag("v1.\(release)")
        for (id, schema) in production { fake.setExport(.production, SchemaPrinter.print(schema), container: id) }
        for (id, schema) in development { fake.setExport(.development, SchemaPrinter.print(schema), container: id) }
        if Int.random(in: 0..<6, using: &random) == 0 {
            #expect(run(["gate", "--no-create"], ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"]).status == 0)
            return
        }
        let mode = Int.random(in: 0..<8, using: &random) == 0 ? "network" : "ok"
        let gate = run(["gate", "--no-create"], mode: mode)
        guard gate.status == 0 else { return }
        let always = run(["gate", "--no-create", "--always"])
        #expect(always.status == 0, "seed \(seed), release v1.\(release): gate passed, --always did not.\n\(gate.output)\n---\n\(always.output)")
        for (id, needed) in syncedRequirements() {
            let missing = needed.filter { type, fields in
                guard let have = production[id]?.recordType(named: type) else { return true }
                return fields.contains { have.field(named: $0) == nil }
            }
            #expect(missing.isEmpty, "seed \(seed), release v1.\(release): gate passed but Production of \(id) lacks \(missing.keys.sorted())\n\(gate.output)")
        }
    }

    func run(_ arguments: [String], mode: String = "ok", _ extra: [String: String] = [:]) -> RunResult {
        runTool(arguments, in: repo.path, environment: fake.environment(mode: mode, extra))
    }

    // MARK: - Edits

    mutating func addModel() {
        let name = "M\(models.count)"
        models.append(Model(name: name, fields: []))
        registered.insert(name)
        addField(to: models.count - 1)
    }

    mutating func addField() {
        addField(to: Int.random(in: 0..<models.count, using: &random))
    }

    mutating func addField(to index: Int) {
        let (type, initial) = Self.fieldTypes.randomElement(using: &random)!
        models[index].fields.append((name: "f\(models[index].fields.count)", type: type, initial: initial))
    }

    mutating func register() {
        let name = models.randomElement(using: &random)!.name
        registered.insert(name)
    }

    mutating func moveContainers() {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: configured = [Self.containers.randomElement(using: &random)!]
        case 1: configured = nil
        default: entitled = Bool.random(using: &random) ? Self.containers : [Self.containers.randomElement(using: &random)!]
        }
    }

    /// The committed snapshot of the first checked container: Production as it is, or one
    /// claiming a field it does not have.
    mutating func snapshotText() -> String? {
        guard let first = checkedContainers.first, var schema = production[first] else { return nil }
        if Bool.random(using: &random), let index = schema.recordTypes.indices.first {
            schema.recordTypes[index].fields.append(Field(name: "CD_claimed", type: .primitive(.string)))
        }
        return Bool.random(using: &random) ? SchemaPrinter.print(schema) : nil
    }

    // MARK: - The repository

    var checkedContainers: [String] { configured ?? entitled }

    func write() {
        var configuration = #"{ "teamId": "ABCDE12345", "modelPaths": ["App/Models"], "tagPattern": "v*", "sharesRecords": \#(shares)"#
        if let configured { configuration += #", "containers": [\#(configured.map { #"{ "id": "\#($0)" }"# }.joined(separator: ", "))]"# }
        repo.write(".cloudkit-schema.json", configuration + " }\n")
        repo.write("App/App.entitlements", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>com.apple.developer.icloud-container-identifiers</key>
            <array>\(entitled.map { "<string>\($0)</string>" }.joined())</array></dict></plist>

            """)
        for model in models {
            let fields = model.fields.map { "    var \($0.name): \($0.type) \($0.initial)\n" }.joined()
            repo.write("App/Models/\(model.name).swift", "import SwiftData\n\n@Model\nfinal class \(model.name) {\n\(fields)    init() {}\n}\n")
        }
        let list = models.map(\.name).filter(registered.contains).map { "\($0).self" }.joined(separator: ", ")
        repo.write("App/Models/Store.swift", """
            import SwiftData

            let schema = Schema([\(list)])
            let configuration = ModelConfiguration(schema: schema, cloudKitDatabase: \(databaseSource))
            let container = try! ModelContainer(for: schema, configurations: [configuration])

            """)
        if let snapshot { repo.write("cloudkit/production.ckdb", snapshot) } else { try? repo.remove("cloudkit/production.ckdb") }
        if gitlink {
            // A submodule as a clone without --recurse-submodules has it: an empty folder.
            try? FileManager.default.createDirectory(atPath: repo.directory.file("App/Models/Vendor"), withIntermediateDirectories: true)
            repo.write(".gitmodules", "[submodule \"Vendor\"]\n\tpath = App/Models/Vendor\n\turl = ../vendor.git\n")
        } else {
            try? repo.remove(".gitmodules")
        }
    }

    /// Commits the work tree; the gitlink is put in the index by hand (no submodule to clone).
    func commit(_ message: String) throws {
        try repo.git(["add", "-A"])
        if gitlink {
            try repo.git(["update-index", "--add", "--cacheinfo", "160000,\(String(repeating: "a", count: 40)),App/Models/Vendor"])
        } else {
            try repo.git(["rm", "-q", "--cached", "--ignore-unmatch", "App/Models/Vendor"])
        }
        try repo.git(["commit", "-q", "--allow-empty", "-m", message])
    }

    var databaseSource: String {
        switch database {
        case .none: return ".none"
        case .automatic: return ".automatic"
        case .named(let id): return ".private(\"\(id)\")"
        }
    }

    // MARK: - What the models need

    /// The schema a debug build writes: the tool's own expected schema (Development is
    /// whatever CloudKit was given; the oracle below does not use it).
    func expected() -> Schema {
        let printed = runTool(["expected", "--models", "App/Models"], in: repo.path, environment: baseEnvironment())
        return (try? SchemaParser.parse(printed.stdout)) ?? Schema()
    }

    /// The oracle, independent of the tool: every registered model a store syncs into a
    /// checked container, with its record type and fields, by container.
    func syncedRequirements() -> [String: [String: [String]]] {
        let into: [String]
        switch database {
        case .none: return [:]
        case .automatic: into = checkedContainers
        case .named(let id): into = checkedContainers.contains(id) ? [id] : []
        }
        var needed: [String: [String]] = [:]
        for model in models where registered.contains(model.name) {
            needed["CD_" + model.name] = ["CD_entityName"] + model.fields.map { "CD_" + $0.name }
        }
        return Dictionary(uniqueKeysWithValues: into.map { ($0, needed) })
    }

    /// Add-only union: what `b` has that `a` lacks is added; nothing of `a` changes.
    static func union(_ a: Schema, _ b: Schema) -> Schema {
        var result = a
        for type in b.recordTypes {
            guard let index = result.recordTypes.firstIndex(where: { $0.name == type.name }) else {
                result.recordTypes.append(type)
                continue
            }
            for field in type.fields where result.recordTypes[index].field(named: field.name) == nil {
                result.recordTypes[index].fields.append(field)
            }
        }
        return result
    }
}
