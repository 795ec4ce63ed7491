import Testing
@testable import SchemaGate

@Suite struct ConfigFileTests {
    static let complete = """
    {
      "$schema": "https://example.com/cloudkit-schema.json",
      "teamId": "ABCDE12345",
      "containers": [
        { "id": "iCloud.com.example.app", "productionSnapshot": "cloudkit/production.ckdb" },
        { "id": "iCloud.com.example.widgets", "modelPaths": ["Widgets/Models"] }
      ],
      "modelPaths": ["App/Models"],
      "tagPattern": "v*",
      "create": { "command": ["open", "-W", "Build/App.app", "--args", "-initializeCloudKitSchema"], "workingDirectory": "." },
      "timeouts": { "cktoolSeconds": 90, "createSeconds": 600 },
      "sharesRecords": true,
      "severities": { "stringAssetField": "error", "dataAssetField": "warning", "rules": { "unique-constraint": "off" } }
    }
    """

    func parse(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile.parse(text, file: ".cloudkit-schema.json")
    }

    /// The error message of parsing `text`, or nil when it parsed.
    func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func readsEveryKey() throws {
        let config = try parse(Self.complete)
        #expect(config.teamId == "ABCDE12345")
        #expect(config.containers == [
            .init(id: "iCloud.com.example.app", productionSnapshot: "cloudkit/production.ckdb"),
            .init(id: "iCloud.com.example.widgets", modelPaths: ["Widgets/Models"]),
        ])
        #expect(config.modelPaths == ["App/Models"])
        #expect(config.tagPattern == "v*")
        #expect(config.create == .init(command: .arguments(["open", "-W", "Build/App.app", "--args", "-initializeCloudKitSchema"]), workingDirectory: "."))
        #expect(config.timeouts == .init(cktoolSeconds: 90, createSeconds: 600))
        #expect(config.sharesRecords == true)
        #expect(config.severities.stringAssetField == .error)
        #expect(config.severities.dataAssetField == .warning)
        #expect(config.severities.rules == ["unique-constraint": .off])
    }

    @Test func anEmptyObjectIsAValidConfiguration() throws {
        #expect(try parse("{}") == ConfigFile())
    }

    @Test func aShellCommandIsAString() throws {
        #expect(try parse(#"{"create": {"command": "make schema"}}"#).create?.command == .shell("make schema"))
    }

    @Test func unknownKeysAreErrorsNamingTheKeyPathAndASuggestion() {
        #expect(error(#"{"teamID": "ABCDE12345"}"#) == ".cloudkit-schema.json:1: teamID: unknown key; did you mean 'teamId'? Known keys here: $schema, teamId, containers, modelPaths, tagPattern, create, timeouts, sharesRecords, includeUnregisteredModels, localModels, severities, lintBaseline.")
        #expect(error("{\n\"containers\": [{\"id\": \"iCloud.a\"}, {\"id\": \"iCloud.b\", \"snapshot\": \"x\"}]}")?
            .hasPrefix(".cloudkit-schema.json:2: containers[1].snapshot: unknown key") == true)
        #expect(error(#"{"timeouts": {"cktool": 5}}"#)?.contains("timeouts.cktool: unknown key; did you mean 'cktoolSeconds'?") == true)
    }

    @Test func wrongTypesAreErrorsNamingTheKeyPath() {
        #expect(error("{\n\n  \"containers\": [{\"id\": 7}]\n}") == ".cloudkit-schema.json:3: containers[0].id: expected a string, found a number")
        #expect(error(#"{"modelPaths": "Models"}"#) == #".cloudkit-schema.json:1: modelPaths: expected an array of strings, found a string; write it as a list: ["..."]"#)
        #expect(error(#"{"modelPaths": ["A", 3]}"#)?.contains("modelPaths[1]: expected a non-empty string, found a number") == true)
        #expect(error(#"{"sharesRecords": "yes"}"#)?.contains("sharesRecords: expected true or false, found a string") == true)
        #expect(error(#"{"timeouts": {"createSeconds": 0}}"#)?.contains("timeouts.createSeconds: expected seconds between 1 and 86400, found 0") == true)
        #expect(error(#"{"containers": {"id": "iCloud.a"}}"#)?.contains("containers: expected an array of objects, found an object") == true)
        #expect(error(#"[]"#)?.contains("(top level): expected an object, found an array") == true)
        #expect(error(#"{"create": {"command": []}}"#)?.contains("create.command: expected a non-empty array of strings or a non-empty string") == true)
        #expect(error(#"{"severities": {"rules": {"missing-inverse": "fatal"}}}"#)?.contains("severities.rules.missing-inverse: unknown severity 'fatal'; use one of error, warning, info, off") == true)
        #expect(error(#"{"severities": {"rules": {"missing-inverses": "off"}}}"#)?.contains("severities.rules.missing-inverses: unknown lint rule; did you mean 'missing-inverse'?") == true)
        #expect(error(#"{"severities": {"stringAssetField": "off"}}"#)?.contains("severities.stringAssetField: unknown severity 'off'; use one of error, warning, info") == true)
    }

    @Test func valuesAreChecked() {
        #expect(error(#"{"teamId": "abc"}"#)?.contains("teamId: 'abc' is not an Apple team id") == true)
        #expect(error(#"{"containers": [{}]}"#)?.contains("containers[0].id: every container needs an id") == true)
        #expect(error(#"{"containers": [{"id": "iCloud.a"}, {"id": "iCloud.a"}]}"#)?.contains("containers[1].id: container iCloud.a is listed twice") == true)
        #expect(error(#"{"teamId": "ABCDE12345", "teamId": "ABCDE12345"}"#)?.contains("teamId: the key appears twice") == true)
        #expect(error(#"{"tagPattern": ""}"#)?.contains("tagPattern: '' is empty; give a glob such as v*") == true)
    }

    /// The create command is the user's own program: the tool does not pretend to judge
    /// what it runs (a text search cannot, `ck""tool` runs cktool). What holds instead:
    /// the tool itself runs only read-only cktool subcommands, and the create command
    /// never receives the token from it (TokenSentinelTests, FaultMatrixOutputTests).
    @Test func theCreateCommandIsNotSearchedForCktoolSubcommands() {
        for command in [#"["xcrun", "cktool", "reset-schema", "--team-id", "T"]"#, #""xcrun cktool import-schema --file s.ckdb""#] {
            #expect(error(#"{"create": {"command": \#(command)}}"#) == nil, "\(command)")
        }
    }

    @Test func containerIDsAreCheckedWithTheirLine() {
        let message = error("{\n  \"containers\": [\n    {\"id\": \"--environment=development\"}\n  ]\n}")
        #expect(message?.hasPrefix(".cloudkit-schema.json:3: containers[0].id: '--environment=development' is not a CloudKit container id") == true, "\(message ?? "")")
    }

    @Test func syntaxErrorsNameTheFileLineAndColumn() {
        #expect(error("{\n  \"teamId\": \"ABCDE12345\"\n  \"tagPattern\": \"v*\"\n}") ==
            ".cloudkit-schema.json:3:3: invalid JSON: expected ',' or '}' after the value of \"teamId\"; fix the syntax (comments and trailing commas are allowed)")
    }
}
