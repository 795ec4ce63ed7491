/// Command line of the benchmark.
struct Options {
    /// Smaller inputs and fewer runs, for iteration; the tables in Docs/performance.md come from full runs.
    var quick = false
    /// Keep the generated trees and print where they are (for profiling).
    var keep = false
    /// Only these cases (see `cases`); all when empty.
    var only: Set<String> = []
    var runs = 5

    static let cases = ["models", "app", "changed", "gate", "dense", "schema", "scaling", "startup", "spawn", "exports"]
    static let usage = """
        usage: cloudkit-schema-bench [--quick] [--keep] [--runs N] [--only CASE[,CASE...]]
          cases: \(cases.joined(separator: ", "))
        """

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        var runsGiven = false
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--keep": keep = true
            case "--runs":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 1 else { throw BenchError("--runs needs a number >= 1\n" + Self.usage) }
                runs = value
                runsGiven = true
            case "--only":
                guard let value = rest.popFirst() else { throw BenchError("--only needs a case list\n" + Self.usage) }
                only = Set(value.split(separator: ",").map(String.init))
                if let unknown = only.first(where: { !Self.cases.contains($0) }) { throw BenchError("unknown case '\(unknown)'\n" + Self.usage) }
            case "--help", "-h": throw BenchError(Self.usage)
            default: throw BenchError("unknown argument '\(argument)'\n" + Self.usage)
            }
        }
        if quick && !runsGiven { runs = 3 }
    }

    func runs(_ name: String) -> Bool { only.isEmpty || only.contains(name) }
}
