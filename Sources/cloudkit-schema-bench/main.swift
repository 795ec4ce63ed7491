import CloudKitSchema
import Foundation

// Benchmark: our commands against peers measured in the same run, as ratios.
//   swift build -c release && .build/release/cloudkit-schema-bench [--quick]
// Peers: `cat` (the I/O floor), `swiftc -frontend -parse` (the compiler's parser),
// `git diff --name-only` (what `changed` must build on). Not part of the test suite.

let quick = CommandLine.arguments.contains("--quick")
let runs = quick ? 3 : 5
let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
let tool = binDirectory + "/cloudkit-schema"
guard FileManager.default.isExecutableFile(atPath: tool) else {
    FileHandle.standardError.write(Data("error: \(tool) not found; build it first: swift build -c release\n".utf8))
    exit(2)
}
let work = NSTemporaryDirectory() + "ckschema-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: work) }

var table = Table()
print("cloudkit-schema benchmark, \(ProcessInfo.processInfo.activeProcessorCount) cores, median of \(runs) runs after a warm-up\n")

// 1. `models` over trees of model files, against cat and the compiler's parser.
let sizes = quick ? [(50, 50), (500, 500)] : [(50, 50), (500, 500), (5_000, 5_000)]
for (files, models) in sizes {
    let dir = "\(work)/models-\(files)"
    let paths = try Generator.writeSwiftTree(at: dir, files: files, models: models)
    let bytes = paths.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
    let ours = median(runs: runs) { measure([tool, "models", "--models", dir + "/Sources", "--format", "json"]) }
    let cat = median(runs: runs) { measure(["sh", "-c", "find Sources -name '*.swift' -exec cat {} +"], in: dir) }
    let parse = median(runs: runs) { measure(["swiftc", "-frontend", "-parse"] + paths) }
    table.add("models: \(files) model files", ours: ours, peer: ("cat", cat), bytes: bytes, files: files)
    table.add("models: \(files) model files", ours: ours, peer: ("swiftc -parse", parse), bytes: bytes, files: files)
}

// 2. A realistic app: 5,000 Swift files, 50 of them models.
do {
    let files = quick ? 500 : 5_000, models = quick ? 5 : 50
    let dir = "\(work)/app"
    let paths = try Generator.writeSwiftTree(at: dir, files: files, models: models)
    let bytes = paths.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
    let ours = median(runs: runs) { measure([tool, "models", "--models", dir + "/Sources", "--format", "json"]) }
    let cat = median(runs: runs) { measure(["sh", "-c", "find Sources -name '*.swift' -exec cat {} +"], in: dir) }
    table.add("models: app, \(files) files / \(models) models", ours: ours, peer: ("cat", cat), bytes: bytes, files: files)

    // 3. `changed` on 10,000 commits since the last tag, against git diff alone.
    let repo = "\(work)/repo"
    try GitHistory.create(at: repo, files: try Generator.writeSwiftTree(at: repo, files: files, models: models), commits: quick ? 1_000 : 10_000)
    let changed = median(runs: runs) { measure([tool, "changed", "--format", "json"], in: repo) }
    let diff = median(runs: runs) { measure(["git", "diff", "--name-only", "v1.0.0..HEAD"], in: repo) }
    table.add("changed: \(quick ? 1_000 : 10_000) commits since tag", ours: changed, peer: ("git diff --name-only", diff), bytes: nil, files: nil)
}

// 4. Parsing schemas in-process (no process start-up in the figure).
for types in [10, 100, 1_000] {
    let text = Generator.schema(types: types, fields: 50)
    let bytes = Array(text.utf8)
    let seconds = medianSeconds(runs: runs) { _ = try? SchemaParser.parse(bytes: bytes) }
    table.addInProcess("parse schema: \(types) types x 50 fields", seconds: seconds, bytes: bytes.count)
}

// 5. Start-up.
let help = median(runs: runs) { measure([tool, "--help"]) }
let truePeer = median(runs: runs) { measure(["true"]) }
table.add("cloudkit-schema --help (start-up)", ours: help, peer: ("true", truePeer), bytes: nil, files: nil)

print(table.render())
