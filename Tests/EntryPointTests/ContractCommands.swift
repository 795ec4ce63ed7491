import TestSupport

/// Whether the built tool has a command yet. The gate and lint end-to-end tests are written
/// against the documented contract (README "The release gate", "Output and exit status", Docs/output-formats.md "JSON report") and run as soon as the
/// commands they drive exist in the binary.
enum ContractCommands {
    static func exist(_ names: String...) -> Bool {
        names.allSatisfy { (try? runProcess(cloudkitSchemaBinary, [$0, "--help"]).status) == 0 }
    }

    /// The schema the models need, as cktool would export it: `expected --models DIR`.
    static func expectedSchema(models directory: String) throws -> String {
        let result = try runProcess(cloudkitSchemaBinary, ["expected", "--models", directory])
        guard result.status == 0 else { throw ContractError("expected --models \(directory) failed: \(result.output)") }
        return result.stdout
    }

    /// A schema with everything the models in `directory` need: `expected` once the model
    /// reader exists; until then the example Production export (then only Development and
    /// Production are compared, so any complete pair passes).
    static func completeSchema(models directory: String) throws -> String {
        if exist("expected") { return try expectedSchema(models: directory) }
        return try String(contentsOfFile: packageRoot + "/Examples/Stockroom/cloudkit/production.ckdb", encoding: .utf8)
    }

    /// A Production export with nothing of the app deployed (TestSupport's).
    static var emptyProduction: String { SchemaTexts.emptyProduction }

    /// Sentinel token: the gate reads it from the environment and must never print it.
    static let token = "ck-sentinel-token-7f3a"

    static func configuration(modelPaths: [String]) -> String {
        """
        {
          "teamId": "TEAM123456",
          "containers": [{ "id": "iCloud.com.example.consumer" }],
          "modelPaths": [\(modelPaths.map { "\"\($0)\"" }.joined(separator: ", "))],
          "tagPattern": "v*"
        }

        """
    }
}

struct ContractError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
