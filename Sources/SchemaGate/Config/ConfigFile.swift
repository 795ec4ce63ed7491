import Foundation

/// `.cloudkit-schema.json`, as written. Paths stay as written (relative to the file's
/// directory); `ResolvedConfiguration` makes them absolute and applies overrides.
package struct ConfigFile: Equatable, Sendable {
    package static let fileName = ".cloudkit-schema.json"

    package var teamId: String?
    package var containers: [ContainerConfig] = []
    package var modelPaths: [String]?
    package var tagPattern: String?
    package var create: CreateConfig?
    package var timeouts = Timeouts()
    /// The app shares records (CKShare): `CD_moveReceipt` becomes required.
    package var sharesRecords: Bool?
    /// Also expect `@Model` classes that are neither registered nor reachable from a
    /// registered one.
    package var includeUnregisteredModels: Bool?
    /// Models (class or entity names) that never sync, for stores whose code does not
    /// settle it (Docs/StoreMembership.md); code that syncs a model wins over this list.
    package var localModels: [String]?
    package var severities = SeverityConfig()
    /// `lint --write-baseline` output: lint findings recorded there are not reported
    /// (`lint`, the pre-commit hook, the gate); schema findings always are.
    package var lintBaseline: String?

    package init() {}

    package struct ContainerConfig: Equatable, Sendable {
        package var id: String
        /// This container's models, when they differ from the top-level `modelPaths`.
        package var modelPaths: [String]?
        /// A committed Production export (`cloudkit-schema export --environment production --output ...`).
        package var productionSnapshot: String?

        package init(id: String, modelPaths: [String]? = nil, productionSnapshot: String? = nil) {
            self.id = id
            self.modelPaths = modelPaths
            self.productionSnapshot = productionSnapshot
        }
    }

    package struct CreateConfig: Equatable, Sendable {
        package var command: CommandSpec
        package var workingDirectory: String?

        package init(command: CommandSpec, workingDirectory: String? = nil) {
            self.command = command
            self.workingDirectory = workingDirectory
        }
    }

    /// A command as an argument vector (run directly) or one string (run by /bin/sh -c).
    package enum CommandSpec: Equatable, Sendable, CustomStringConvertible {
        case arguments([String])
        case shell(String)

        package var description: String {
            switch self {
            case .arguments(let arguments): return arguments.map(Self.quoted).joined(separator: " ")
            case .shell(let script): return script
            }
        }

        static func quoted(_ argument: String) -> String {
            let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@,+".contains($0) }
            return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }

    package struct Timeouts: Equatable, Sendable {
        package var cktoolSeconds: Double?
        package var createSeconds: Double?
        package init(cktoolSeconds: Double? = nil, createSeconds: Double? = nil) {
            self.cktoolSeconds = cktoolSeconds
            self.createSeconds = createSeconds
        }

        /// What a timeout may be, wherever it is given: one second to a day. Below a second
        /// (or a denormal like 1e-320) every call would time out before the child could start.
        package static func isValid(_ seconds: Double) -> Bool {
            seconds.isFinite && seconds >= 1 && seconds <= 86400
        }

        /// The one-sentence fix for a value `isValid` refuses.
        package static let fix = "give whole seconds from 1 to 86400 (a day), or remove it for the default"
    }

    package struct SeverityConfig: Equatable, Sendable {
        /// When Production lacks the `_ckAsset` companion of a String attribute.
        package var stringAssetField: ConfiguredSeverity?
        /// When Production lacks the `_ckAsset` companion of a Data or encoded attribute.
        package var dataAssetField: ConfiguredSeverity?
        /// When Production lacks `CD_moveReceipt` (default: warning, error with sharesRecords).
        package var moveReceipt: ConfiguredSeverity?
        /// Model rule id -> severity.
        package var rules: [String: ConfiguredSeverity] = [:]
        package init() {}
    }
}

/// A severity a configuration may choose: one of the report severities, or `off`.
package enum ConfiguredSeverity: String, CaseIterable, Equatable, Sendable {
    case error, warning, info, off

    package var severity: Severity? { Severity(rawValue: rawValue) }
}

extension ConfigFile {
    /// Parses and validates a configuration text. `file` names it in errors.
    package static func parse(_ text: String, file: String) throws(ConfigError) -> ConfigFile {
        let root: JSONNode
        do {
            root = try JSONCParser.parse(text)
        } catch {
            throw .syntax(file: file, line: error.line, column: error.column, message: error.message)
        }
        var reader = try ConfigObjectReader(file: file, path: "", node: root)
        var config = ConfigFile()
        _ = reader.raw("$schema")  // editors' schema hint, allowed and ignored
        if let node = reader.raw("teamId") {
            config.teamId = try teamID(node, reader: reader)
        }
        if let containers = try reader.objectArray("containers") {
            config.containers = try containers.map { (entry: ConfigObjectReader) throws(ConfigError) in try parseContainer(entry) }
            try checkUniqueIDs(config.containers, file: file, node: reader.node)
        }
        config.modelPaths = try reader.modelPaths("modelPaths", withoutIt: "the project survey then finds the model folders")
        if let node = reader.raw("tagPattern") { config.tagPattern = try tagPattern(node, reader: reader) }
        if let create = try reader.object("create") { config.create = try parseCreate(create) }
        if var timeouts = try reader.object("timeouts") {
            config.timeouts.cktoolSeconds = try timeouts.seconds("cktoolSeconds")
            config.timeouts.createSeconds = try timeouts.seconds("createSeconds")
            try timeouts.finish()
        }
        config.sharesRecords = try reader.bool("sharesRecords")
        config.includeUnregisteredModels = try reader.bool("includeUnregisteredModels")
        config.localModels = try reader.stringArray("localModels")
        if let severities = try reader.object("severities") { config.severities = try parseSeverities(severities) }
        config.lintBaseline = try reader.string("lintBaseline")
        try reader.finish()
        return config
    }

    private static func teamID(_ node: JSONNode, reader: ConfigObjectReader) throws(ConfigError) -> String {
        guard case .string(let value) = node.value else {
            throw reader.fail(node, "teamId", "expected a string, found \(node.kindDescription)")
        }
        guard CKToolPolicy.isTeamID(value) else {
            throw reader.fail(node, "teamId", CKToolPolicy.notATeamID(value))
        }
        return value
    }

    /// Checked here, with its line: a pattern the hooks and git would read differently is
    /// refused before anything matches tags with it.
    private static func tagPattern(_ node: JSONNode, reader: ConfigObjectReader) throws(ConfigError) -> String {
        guard case .string(let value) = node.value else {
            throw reader.fail(node, "tagPattern", "expected a string, found \(node.kindDescription)")
        }
        do {
            return try ReleaseTagPattern(value).text
        } catch {
            throw reader.fail(node, "tagPattern", error.message)
        }
    }

    private static func parseContainer(_ entry: ConfigObjectReader) throws(ConfigError) -> ContainerConfig {
        var reader = entry
        let node = reader.raw("id")
        guard let id = try reader.string("id"), let node else {
            throw reader.fail(reader.node, reader.path + ".id", "every container needs an id, e.g. \"iCloud.com.example.app\"")
        }
        // It goes on cktool's command line: checked here, with its line.
        guard CKToolPolicy.isContainerID(id) else {
            throw reader.fail(node, reader.path + ".id", CKToolPolicy.notAContainerID(id))
        }
        var container = ContainerConfig(id: id)
        container.modelPaths = try reader.modelPaths("modelPaths", withoutIt: "the container then takes the top-level model paths")
        container.productionSnapshot = try reader.string("productionSnapshot")
        try reader.finish()
        return container
    }

    private static func checkUniqueIDs(_ containers: [ContainerConfig], file: String, node: JSONNode) throws(ConfigError) {
        var seen = Set<String>()
        for (index, container) in containers.enumerated() where !seen.insert(container.id).inserted {
            throw ConfigError.invalid(file: file, line: node.line, keyPath: "containers[\(index)].id",
                                      message: "container \(container.id) is listed twice; keep one entry")
        }
    }

    private static func parseCreate(_ object: ConfigObjectReader) throws(ConfigError) -> CreateConfig {
        var reader = object
        let keyPath = ConfigObjectReader.join(reader.path, "command")
        guard let node = reader.raw("command") else {
            throw reader.fail(reader.node, keyPath, "create needs a command: an array of arguments or one shell string")
        }
        let command: CommandSpec
        switch node.value {
        case .string(let script) where !script.trimmingCharacters(in: .whitespaces).isEmpty:
            command = .shell(script)
        case .array(let elements) where !elements.isEmpty:
            var arguments: [String] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let argument) = element.value else {
                    throw reader.fail(element, "\(keyPath)[\(index)]", "expected a string, found \(element.kindDescription)")
                }
                arguments.append(argument)
            }
            guard !arguments[0].isEmpty else { throw reader.fail(node, "\(keyPath)[0]", "the program name must not be empty") }
            command = .arguments(arguments)
        default:
            throw reader.fail(node, keyPath, "expected a non-empty array of strings or a non-empty string, found \(node.kindDescription)")
        }
        let create = CreateConfig(command: command, workingDirectory: try reader.string("workingDirectory"))
        try reader.finish()
        return create
    }

    private static func parseSeverities(_ object: ConfigObjectReader) throws(ConfigError) -> SeverityConfig {
        var reader = object
        var severities = SeverityConfig()
        // A missing field is reported at least as info: "off" would hide a schema gap.
        severities.stringAssetField = try severity(&reader, "stringAssetField", allowOff: false)
        severities.dataAssetField = try severity(&reader, "dataAssetField", allowOff: false)
        severities.moveReceipt = try severity(&reader, "moveReceipt", allowOff: false)
        if var rules = try reader.object("rules") {
            let known = LintRuleCatalog.infos.map(\.id)
            for member in rules.allMembers() {
                let keyPath = "\(rules.path).\(member.key)"
                guard known.contains(member.key) else {
                    let suggestion = Suggestion.closest(to: member.key, in: known).map { "; did you mean '\($0)'?" } ?? ""
                    throw rules.fail(member.value, keyPath, "unknown lint rule\(suggestion) Run 'cloudkit-schema lint --list-rules' for the rule ids.")
                }
                severities.rules[member.key] = try severity(of: member.value, keyPath: keyPath, reader: rules, allowOff: true)
            }
            try rules.finish()
        }
        try reader.finish()
        return severities
    }

    private static func severity(_ reader: inout ConfigObjectReader, _ key: String, allowOff: Bool) throws(ConfigError) -> ConfiguredSeverity? {
        guard let node = reader.raw(key) else { return nil }
        return try severity(of: node, keyPath: ConfigObjectReader.join(reader.path, key), reader: reader, allowOff: allowOff)
    }

    private static func severity(of node: JSONNode, keyPath: String, reader: ConfigObjectReader, allowOff: Bool) throws(ConfigError) -> ConfiguredSeverity {
        let choices = ConfiguredSeverity.allCases.filter { allowOff || $0 != .off }.map(\.rawValue).joined(separator: ", ")
        guard case .string(let raw) = node.value else {
            throw reader.fail(node, keyPath, "expected one of \(choices), found \(node.kindDescription)")
        }
        guard let value = ConfiguredSeverity(rawValue: raw), allowOff || value != .off else {
            throw reader.fail(node, keyPath, "unknown severity '\(raw)'; use one of \(choices)")
        }
        return value
    }
}
