import CloudKitSchema
import Foundation
import SchemaGate

// Benchmark: our commands against peers measured in the same run, as ratios (issue 7).
//   swift build -c release && .build/release/cloudkit-schema-bench [--quick] [--only CASES] [--keep]
// Peers: `cat` (the I/O floor), `swiftc -frontend -parse` (the compiler's parser),
// `git diff --name-only` (what `changed` builds on) and the git calls it cannot
// avoid, `true` (process start-up), a bare posix_spawn (our subprocess runner), the
// exports of a gate run one after another (exports at once).
// Prints the load average before and after: the machine is shared, so compare ratios.
// Not part of the test suite; deletes nothing but its own mkdtemp directory.

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
let tool = binDirectory + "/cloudkit-schema"
guard FileManager.default.isExecutableFile(atPath: tool) else {
    FileHandle.standardError.write(Data("error: \(tool) not found; build it first: swift build -c release\n".utf8))
    exit(2)
}

let workspace: Workspace
do {
    workspace = try Workspace()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
let work = workspace.path

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "n/a"
}

func totalBytes(_ paths: [String]) -> Int {
    paths.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

/// `find | cat` of the Swift files under `directory/Sources`: reading them is the one cost
/// no model reader can avoid, and find walks the tree as we do.
func catPeer(_ directory: String) -> Measurement {
    median(runs: options.runs) { measure(["sh", "-c", "find Sources -name '*.swift' -exec cat {} +"], in: directory) }
}

/// Our command: median wall time, then one more run for its peak memory.
func ours(_ arguments: [String], in directory: String? = nil, runs: Int = options.runs) -> Measurement {
    var result = median(runs: runs) { measure([tool] + arguments, in: directory) }
    result.peak = peakKilobytes([tool] + arguments, in: directory)
    if case .failure(let error) = result.peak {
        FileHandle.standardError.write(Data("warning: peak memory of \(arguments.first ?? "") not measured: \(error)\n".utf8))
    }
    return result
}

var table = Table()
let startLoad = loadAverage()
print("cloudkit-schema benchmark: \(ProcessInfo.processInfo.activeProcessorCount) cores, median of \(options.runs) runs after a warm-up\(options.quick ? ", --quick sizes" : "")")
print("load average at start: \(startLoad)\n")

// Parsing schemas in-process (no process start-up in the figure), measured before any
// child process runs: in-process figures are the most sensitive to what the process did
// before (a bench that had spawned hundreds of children measured it 40% slower).
var schemaRows: [(name: String, seconds: Double, bytes: Int, types: Int)] = []
if options.runs("schema") {
    for types in [10, 100, 1_000] {
        let bytes = Array(Generator.schema(types: types, fields: 50).utf8)
        guard (try? SchemaParser.parse(bytes: bytes)) != nil else {
            FileHandle.standardError.write(Data("error: the generated \(types)-type schema does not parse\n".utf8))
            exit(2)
        }
        let seconds = medianSeconds(runs: options.runs * 4) { _ = try? SchemaParser.parse(bytes: bytes) }
        schemaRows.append(("parse schema: \(types) types x 50 fields (\(megabytes(bytes.count)))", seconds, bytes.count, types))
    }
}

// Start-up first: every other figure includes it once, and "per file" takes it off.
let help = ours(["--help"], runs: options.runs * 4)
let startup = help.seconds

do {
    // 1. `models` over trees where every file declares a model: against cat and the
    // compiler's parser, at three sizes (per-file time flat = linear growth).
    if options.runs("models") {
        for files in options.quick ? [50, 500] : [50, 500, 5_000] {
            let directory = "\(work)/models-\(files)"
            let paths = try Generator.writeSwiftTree(at: directory, files: files, models: files)
            let bytes = totalBytes(paths)
            let result = ours(["models", "--models", directory + "/Sources", "--format", "json"])
            let parse = median(runs: options.runs) { measure(["swiftc", "-frontend", "-parse"] + paths) }
            let name = "models: \(files) model files (\(megabytes(bytes)))"
            table.add(name, ours: result, peer: ("cat", catPeer(directory)), target: files == 5_000 ? .ratio(2) : nil, bytes: bytes, files: files, startup: startup)
            table.add(name, ours: result, peer: ("swiftc -parse", parse), target: files == 5_000 ? .ratio(0.2) : nil, bytes: bytes, files: files, startup: startup)
        }
    }

    // 2. A realistic app: 1 file in 100 declares a model, 1 in 10 an enum.
    if options.runs("app") {
        for files in options.quick ? [50, 500] : [50, 500, 5_000] {
            let models = max(1, files / 100)
            let directory = "\(work)/app-\(files)"
            let paths = try Generator.writeSwiftTree(at: directory, files: files, models: models)
            let bytes = totalBytes(paths)
            let result = ours(["models", "--models", directory + "/Sources", "--format", "json"])
            table.add("models: app, \(files) files / \(models) models (\(megabytes(bytes)))", ours: result, peer: ("cat", catPeer(directory)),
                      target: files == 5_000 ? .ratio(1.5) : nil, bytes: bytes, files: files, startup: startup)
        }
    }

    // 3 and 4. The app as a git repository with 10,000 commits since its last tag:
    // `changed` against git diff alone; `check` and `gate --no-create` with schema files.
    if options.runs("changed") || options.runs("gate") {
        let files = options.quick ? 500 : 5_000, commits = options.quick ? 1_000 : 10_000
        let repo = "\(work)/repo"
        let paths = try Generator.writeSwiftTree(at: repo, files: files, models: files / 100)
        try GitHistory.create(at: repo, files: paths, commits: commits)
        if options.runs("changed") {
            let result = ours(["changed", "--format", "json"], in: repo)
            let diff = median(runs: options.runs) { measure(["git", "diff", "--name-only", "v1.0.0..HEAD"], in: repo) }
            let name = "changed: \(commits) commits since the tag"
            // For scale only: git diff lists committed paths; `changed` must also read the
            // old contents of every changed Swift file and the app's models, which costs
            // git alone several times as much (the next row).
            table.add(name, ours: result, peer: ("git diff --name-only", diff))
            // The git work no implementation of `changed` can skip, done the cheapest way
            // we know: the tag; the changed files with renames and their blob ids at the
            // base; uncommitted and untracked files; the old contents of the changed Swift
            // files, by blob id. `changed` also reads the app's models at both versions
            // (the touched-versus-changed verdict), which no git call does: see Docs/performance.md.
            let floor = median(runs: options.runs) {
                measure(["sh", "-c", """
                    git describe --tags --abbrev=0 HEAD && git status --porcelain -z \
                    && git diff --raw --no-abbrev -M v1.0.0 -- | awk '$NF ~ /[.]swift$/ { print $3 }' | git cat-file --batch
                    """], in: repo)
            }
            table.add(name, ours: result, peer: ("sh: the git calls it needs", floor))
            // The rows above edit comments only: the changed files declare what they did,
            // so the unchanged ones are not read. A stored property added (uncommitted)
            // makes `changed` read both versions of the whole app.
            let modelFile = repo + "/Sources/Module0/File0.swift"
            let original = try String(contentsOfFile: modelFile, encoding: .utf8)
            try original.replacingOccurrences(of: "final class Model0 {\n", with: "final class Model0 {\n    var addedInBench: Int = 0\n")
                .write(toFile: modelFile, atomically: false, encoding: .utf8)
            let changedModel = ours(["changed", "--format", "json"], in: repo)
            try original.write(toFile: modelFile, atomically: false, encoding: .utf8)
            table.add("changed: the same, a stored property added", ours: changedModel, peer: ("sh: the git calls it needs", floor))
        }
        if options.runs("gate") {
            // Schemas that match the models: the check runs in full and passes.
            try GitHistory.run([tool, "expected", "--models", "Sources"], in: repo, output: repo + "/production.ckdb")
            try GitHistory.run(["cp", repo + "/production.ckdb", repo + "/development.ckdb"])
            let bytes = totalBytes(paths)
            let schemas = ["--production", "production.ckdb", "--development", "development.ckdb"]
            let cat = catPeer(repo)
            let check = ours(["check", "--models", "Sources"] + schemas + ["--format", "json"], in: repo)
            table.add("check: \(files) files + 2 schemas", ours: check, peer: ("cat", cat), bytes: bytes, files: files, startup: startup)
            let gate = ours(["gate", "--no-create", "--models", "Sources", "--container-id", "iCloud.bench"] + schemas + ["--format", "json"], in: repo)
            table.add("gate --no-create: \(files) files, \(commits) commits", ours: gate, peer: ("cat", cat), target: .under(1), bytes: bytes, files: files, startup: startup)
        }
    }

    // Dense model code: many models per file, registrations, relationships and
    // versioned schemas, at two sizes. Twice the files must cost at most 2.3 times as much
    // (linear assembly), and `models` is measured against cat and the compiler's parser on
    // the same files; then the gate end to end on a repository of the larger tree.
    if options.runs("dense") {
        let sizes = options.quick ? [500, 1_000] : [2_500, 5_000]
        var smaller: (files: Int, result: Measurement)?
        for files in sizes {
            let directory = "\(work)/dense-\(files)"
            let paths = try Generator.writeDenseTree(at: directory, files: files)
            let bytes = totalBytes(paths)
            let result = ours(["models", "--models", directory + "/Sources", "--format", "json"])
            let parse = median(runs: options.runs) { measure(["swiftc", "-frontend", "-parse"] + paths) }
            let name = "models: dense, \(files) files / \(Generator.denseModelCount(files: files)) models (\(megabytes(bytes)))"
            let largest = files == sizes.last
            table.add(name, ours: result, peer: ("cat", catPeer(directory)), target: largest ? .ratio(2) : nil, bytes: bytes, files: files, startup: startup)
            table.add(name, ours: result, peer: ("swiftc -parse", parse), target: largest ? .ratio(0.2) : nil, bytes: bytes, files: files, startup: startup)
            if let smaller {
                table.add("models: dense, growth from \(smaller.files) to \(files) files", ours: result,
                          peer: ("\(smaller.files) files", smaller.result), target: .ratio(2.3))
            }
            smaller = (files, result)
        }
        // The gate on a release that adds a stored property (uncommitted, as `changed` does
        // above): every step runs, change detection reads both versions of the models, and
        // the exports already hold the new field, so it passes.
        let commits = options.quick ? 1_000 : 10_000
        var smallerGate: (files: Int, result: Measurement)?
        for files in sizes {
            let repo = "\(work)/dense-repo-\(files)"
            let paths = try Generator.writeDenseTree(at: repo, files: files)
            try GitHistory.create(at: repo, files: paths, commits: commits)
            let modelFile = repo + "/Sources/Models0/Models0.swift"
            let original = try String(contentsOfFile: modelFile, encoding: .utf8)
            try original.replacingOccurrences(of: "final class M0x0 {\n", with: "final class M0x0 {\n    var addedInBench: Int = 0\n")
                .write(toFile: modelFile, atomically: false, encoding: .utf8)
            try GitHistory.run([tool, "expected", "--models", "Sources"], in: repo, output: repo + "/production.ckdb")
            try GitHistory.run(["cp", repo + "/production.ckdb", repo + "/development.ckdb"])
            let schemas = ["--production", "production.ckdb", "--development", "development.ckdb"]
            let gate = ours(["gate", "--no-create", "--models", "Sources", "--container-id", "iCloud.bench"] + schemas + ["--format", "json"], in: repo)
            table.add("gate --no-create: dense, \(files) files, \(commits) commits, a property added", ours: gate, peer: ("cat", catPeer(repo)),
                      bytes: totalBytes(paths), files: files, startup: startup)
            if let smallerGate {
                table.add("gate: dense, growth from \(smallerGate.files) to \(files) files", ours: gate,
                          peer: ("\(smallerGate.files) files", smallerGate.result))
            }
            smallerGate = (files, gate)
        }
    }

    // Hostile sizes: a type nested 400,000 and 800,000 levels deep, a
    // record type of 500,000 and 1,000,000 fields, and 50,000 and 100,000 record types
    // that each give a finding. Twice the input must cost at most 2.3
    // times as much (linear time), against cat of the same file in the same run; the
    // peak memory column shows what a million fields cost. A schema past
    // SchemaParser.byteLimit is an input error (ParserTests), never a stall.
    if options.runs("scaling") {
        var smallerNesting: (levels: Int, result: Measurement)?
        for levels in options.quick ? [100_000, 200_000] : [400_000, 800_000] {
            let directory = "\(work)/nested-\(levels)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let file = directory + "/Deep.swift"
            try Generator.nestedOptionalModel(levels: levels).write(toFile: file, atomically: false, encoding: .utf8)
            let result = ours(["models", "--models", directory, "--format", "json"])
            let cat = median(runs: options.runs) { measure(["cat", file]) }
            table.add("models: a type nested \(levels) levels (\(megabytes(totalBytes([file]))))", ours: result, peer: ("cat", cat),
                      bytes: totalBytes([file]))
            if let smallerNesting {
                table.add("models: nesting, growth from \(smallerNesting.levels) to \(levels) levels", ours: result,
                          peer: ("\(smallerNesting.levels) levels", smallerNesting.result), target: .ratio(2.3))
            }
            smallerNesting = (levels, result)
        }
        var smallerSchema: (fields: Int, result: Measurement)?
        for fields in options.quick ? [125_000, 250_000] : [500_000, 1_000_000] {
            let file = "\(work)/wide-\(fields).ckdb"
            try Generator.wideSchema(fields: fields).write(toFile: file, atomically: false, encoding: .utf8)
            let bytes = totalBytes([file])
            let result = ours(["format", file], runs: max(1, options.runs / 2))
            let cat = median(runs: options.runs) { measure(["cat", file]) }
            table.add("format: one record type of \(fields) fields (\(megabytes(bytes)))", ours: result, peer: ("cat", cat), bytes: bytes)
            if let smallerSchema {
                table.add("format: growth from \(smallerSchema.fields) to \(fields) fields", ours: result,
                          peer: ("\(smallerSchema.fields) fields", smallerSchema.result), target: .ratio(2.3))
            }
            smallerSchema = (fields, result)
        }
        // A finding per record type: each must cost the same however many there are.
        var smallerTypes: (types: Int, result: Measurement)?
        // Run where no models are (the survey finds none): the check is the two files' diff.
        let emptyDirectory = "\(work)/no-models"
        try FileManager.default.createDirectory(atPath: emptyDirectory, withIntermediateDirectories: true)
        for types in options.quick ? [12_500, 25_000] : [50_000, 100_000] {
            let development = "\(work)/types-\(types)-development.ckdb", production = "\(work)/types-\(types)-production.ckdb"
            try Generator.manyTypesSchema(types: types, permission: "READ").write(toFile: development, atomically: false, encoding: .utf8)
            try Generator.manyTypesSchema(types: types, permission: "WRITE").write(toFile: production, atomically: false, encoding: .utf8)
            let result = ours(["check", "--production", production, "--development", development, "--format", "json"],
                              in: emptyDirectory, runs: max(1, options.runs / 2))
            let cat = median(runs: options.runs) { measure(["cat", development, production]) }
            table.add("check: \(types) record types, a grant differs in each", ours: result, peer: ("cat", cat),
                      bytes: totalBytes([development, production]))
            if let smallerTypes {
                table.add("check: growth from \(smallerTypes.types) to \(types) record types", ours: result,
                          peer: ("\(smallerTypes.types) record types", smallerTypes.result), target: .ratio(2.3))
            }
            smallerTypes = (types, result)
        }
    }

    // 5. Schemas (measured first, above).
    for row in schemaRows {
        table.add(row.name, ours: Measurement(seconds: row.seconds, status: 0),
                  peer: nil, target: row.types == 1_000 ? .under(0.05) : nil, bytes: row.bytes)
    }

    // 6. Start-up (measured first, above).
    if options.runs("startup") {
        let truePeer = median(runs: options.runs * 4) { measure(["true"]) }
        table.add("cloudkit-schema --help (start-up)", ours: help, peer: ("true", truePeer), target: .under(0.01))
    }

    // 7. What one subprocess costs the product (git runs ~10 per `changed`): our
    // ProcessRunner (pipes, reader threads, timeout) against a bare posix_spawn + wait4.
    if options.runs("spawn") {
        let request = ProcessRequest(executable: "true", environment: ProcessInfo.processInfo.environment, timeout: 60)
        let runner = medianSeconds(runs: options.runs * 10) { _ = try? ProcessRunner.run(request) }
        let bare = median(runs: options.runs * 10) { measure(["true"]) }
        table.add("ProcessRunner.run(true) in-process", ours: Measurement(seconds: runner, status: 0),
                  peer: ("posix_spawn + wait4", bare))
    }

    // 8. Waiting on the network: a stand-in cktool that takes a fixed time per
    // export, two containers, so four exports. The gate (`--always`: never the recorded
    // shortcut) against the same four exports run one after another in-process, in this
    // run: with the exports at once, close to one export, not the sum.
    if options.runs("exports") {
        let seconds = 0.5
        let containers = ["iCloud.bench.one", "iCloud.bench.two"]
        let repo = "\(work)/exports-repo"
        let paths = try Generator.writeSwiftTree(at: repo, files: 50, models: 5)
        try GitHistory.create(at: repo, files: paths, commits: 10)
        let schema = work + "/exports-schema.ckdb"
        try GitHistory.run([tool, "expected", "--models", "Sources"], in: repo, output: schema)
        let text = try String(contentsOfFile: schema, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment[CKToolRunner.xcrunVariable] = try SlowCKTool.install(
            at: "\(work)/slow-cktool", seconds: seconds, production: text, development: text)
        let runner = try CKToolRunner(environment: environment)
        var failed: String?
        let sequential = medianSeconds(runs: options.runs) {
            for container in containers {
                for environment in [CloudKitEnvironment.production, .development] {
                    do {
                        _ = try runner.exportSchema(teamID: "ABCDE12345", containerID: container, environment: environment)
                    } catch {
                        failed = (error as? CKToolError)?.message ?? "\(error)"
                    }
                }
            }
        }
        if let failed { throw BenchError("the stand-in cktool failed: \(failed)") }
        let gate = median(runs: options.runs) {
            measure([tool, "gate", "--no-create", "--always", "--models", "Sources", "--team-id", "ABCDE12345", "--container-id"]
                    + containers + ["--format", "json"], in: repo, environment: environment)
        }
        table.add("gate --no-create --always: 2 containers, 4 exports of \(seconds) s each", ours: gate,
                  peer: ("the 4 exports one after another", Measurement(seconds: sequential, status: 0)), target: .ratio(0.35))
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    if !options.keep { workspace.remove() }
    exit(2)
}

print(table.render())
print("\n* per file: (ours - start-up) / files; start-up = the --help row (\(String(format: "%.1f", startup * 1000)) ms)")
print("load average at end: \(loadAverage())")
if !table.missed.isEmpty { print("targets missed: \(table.missed.joined(separator: "; "))") }
if options.keep { print("inputs kept in \(work)") } else { workspace.remove() }
