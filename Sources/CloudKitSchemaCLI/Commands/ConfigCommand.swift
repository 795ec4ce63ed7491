import Foundation
import ModelSource
import SchemaGate
import SchemaGateBasics

/// `config`: the configuration commands would run with, and where each value came from.
enum ConfigCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let get = OptionSpec("get", value: "KEY", help: "Print only this key's resolved value (e.g. tagPattern).")
        static let releaseTag = OptionSpec(
            "release-tag", .multiple, value: "TAG",
            help: "Print those of these tag names that are release tags (tagPattern as git describe --match reads it; every tag without one).")
    }

    static let command = Command(
        name: "config",
        summary: "Print the resolved configuration and where each value comes from.",
        discussion: """
        Reads .cloudkit-schema.json (the nearest one from the working directory up, or
        --config), applies TEAM_ID and CONTAINER_ID from the environment, then flags; what
        none of them says comes from the project itself (the "project survey": the Xcode
        project's DEVELOPMENT_TEAM, the iCloud containers of the .entitlements files, the
        folders of the @Model sources and Core Data models, v-prefixed release tags), so
        a standard Xcode app needs no file. Precedence: flags, then environment, then
        file, then the project. Each value is shown with where it came from. Unknown keys and values of the
        wrong type are errors naming the key path (exit 2). The management token's value
        is never printed, only whether CLOUDKIT_MANAGEMENT_TOKEN is set.

        --get KEY prints one resolved value and nothing else, for scripts and the git
        hooks (they ask here instead of reading the file): a string as it is, a list one
        item per line, anything else as JSON; nothing at all when the key is not set.
        Keys are the names --format json prints (tagPattern, teamId, modelPaths, ...).

        --release-tag=TAG (repeatable) prints, one per line, those of the given tag names
        that are release tags: the one reading of tagPattern the gate, changed, doctor and
        the pre-push hook share (a glob over the name without refs/tags/, as git describe
        --match applies it; with no tagPattern every tag is a release tag).
        """,
        spec: ArgumentSpec(options: [
            PipelineOptions.teamID, PipelineOptions.containerID, PipelineOptions.models, PipelineOptions.target, PipelineOptions.tagPattern,
            PipelineOptions.config,
            ReportOutput.formatOption(for: ListingFormat.self),
            Options.get,
            Options.releaseTag,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        let format = try ReportOutput.format(ListingFormat.self, context)
        let configuration = try PipelineOptions.configuration(context)
        let tags = context.arguments.all(Options.releaseTag)
        if !tags.isEmpty {
            context.console.out(releaseTags(tags, configuration).map { $0 + "\n" }.joined())
            return 0
        }
        let key = context.arguments.value(Options.get)
        let view = ConfigView(configuration, environment: context.environment, only: key)
        if let key {
            context.console.out(try view.value(of: key))
            return 0
        }
        context.console.out(format == .json ? view.json : view.text)
        return 0
    }
}

extension ConfigCommand {
    /// The names among `tags` that are release tags under the resolved pattern (already
    /// checked when it was read, so it parses).
    static func releaseTags(_ tags: [String], _ configuration: ResolvedConfiguration) -> [String] {
        guard let text = configuration.tagPattern?.value, let pattern = try? ReleaseTagPattern(text) else { return tags }
        return tags.filter(pattern.matches)
    }
}

/// The resolved configuration, ready to print.
struct ConfigView: Encodable {
    struct Value<T: Encodable>: Encodable {
        var value: T
        var source: ValueSource
        var origin: String
    }

    struct Container: Encodable {
        var id: Value<String>
        var modelPaths: [String]
        var productionSnapshot: String?
        var productionSnapshotSource: String?
    }

    struct Create: Encodable {
        var command: String
        var workingDirectory: String
    }

    var configFile: String?
    var root: String
    var teamId: Value<String>?
    var containers: [Container]
    var modelPaths: Value<[String]>
    var tagPattern: Value<String>?
    var create: Create?
    var cktoolTimeoutSeconds: Value<Double>
    var createTimeoutSeconds: Value<Double>
    var sharesRecords: Bool
    var includeUnregisteredModels: Bool
    var localModels: [String]
    var severities: [String: String]
    var lintBaseline: String?
    var managementTokenSet: Bool
    var xcrun: String?

    /// - Parameter key: the one key `--get` prints; the others are then not resolved (the
    ///   project survey walks the repository, which `--get tagPattern` in a hook never needs).
    init(_ configuration: ResolvedConfiguration, environment: [String: String], only key: String? = nil) {
        func value<T>(_ sourced: Sourced<T>) -> Value<T> { Value(value: sourced.value, source: sourced.source, origin: sourced.origin) }
        func wanted(_ name: String) -> Bool { key == nil || key == name }
        let relative = { (path: String) in UserPath.display(path, from: configuration.root) }
        configFile = configuration.file
        root = configuration.root
        teamId = wanted("teamId") ? configuration.teamID.map(value) : nil
        containers = !wanted("containers") ? [] : configuration.containers.map {
            Container(id: value($0.id), modelPaths: $0.modelPaths.map(relative),
                      productionSnapshot: $0.productionSnapshot.map { relative($0.path) },
                      productionSnapshotSource: $0.productionSnapshot.map { $0.explicit ? "file" : "conventional path, exists" })
        }
        var paths = wanted("modelPaths") ? value(configuration.modelPaths) : Value(value: [], source: .defaultValue, origin: "")
        paths.value = paths.value.map(relative)
        modelPaths = paths
        tagPattern = wanted("tagPattern") ? configuration.tagPattern.map(value) : nil
        create = configuration.create.map { Create(command: $0.command.description, workingDirectory: relative($0.workingDirectory)) }
        cktoolTimeoutSeconds = value(configuration.cktoolTimeout)
        createTimeoutSeconds = value(configuration.createTimeout)
        sharesRecords = configuration.sharesRecords
        includeUnregisteredModels = configuration.includeUnregisteredModels
        localModels = configuration.localModels
        var severities: [String: String] = [:]
        if let value = configuration.severities.stringAssetField { severities["stringAssetField"] = value.rawValue }
        if let value = configuration.severities.dataAssetField { severities["dataAssetField"] = value.rawValue }
        if let value = configuration.severities.moveReceipt { severities["moveReceipt"] = value.rawValue }
        for (rule, value) in configuration.severities.rules { severities["rules.\(rule)"] = value.rawValue }
        self.severities = severities
        lintBaseline = configuration.lintBaseline.map(relative)
        managementTokenSet = !(environment[CKToolRunner.tokenVariable] ?? "").isEmpty
        xcrun = CKToolRunner.xcrunPath(environment: environment)
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `--get KEY`: the value of one key of `json`, its `value` when it has a source.
    func value(of key: String) throws(CLIError) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw .setup("the resolved configuration could not be printed")
        }
        guard Self.keys.contains(key) else {
            let hint = closest(to: key, in: Self.keys).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("unknown configuration key '\(key)'\(hint) (keys: \(Self.keys.joined(separator: ", ")))")
        }
        var found = object[key]
        if let sourced = found as? [String: Any], sourced["source"] != nil { found = sourced["value"] }
        switch found {
        case nil, is NSNull: return ""
        case let text as String: return text + "\n"
        case let list as [String]: return list.map { $0 + "\n" }.joined()
        case let other?:
            let data = (try? JSONSerialization.data(withJSONObject: other, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])) ?? Data()
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }

    /// Every key `json` can print (an unset optional one is left out of the document).
    static let keys = [
        "configFile", "root", "teamId", "containers", "modelPaths", "tagPattern", "create", "cktoolTimeoutSeconds",
        "createTimeoutSeconds", "sharesRecords", "includeUnregisteredModels", "localModels", "severities", "lintBaseline", "managementTokenSet",
        "xcrun",
    ]

    var text: String {
        func from<T>(_ value: Value<T>) -> String { "(\(value.source.rawValue): \(value.origin))" }
        var lines = ["Configuration file: \(configFile ?? "none found (what the project says, under flags and the environment; 'cloudkit-schema init' writes one to override it)")"]
        lines.append("Paths are relative to: \(root)")
        lines.append("teamId: " + (teamId.map { "\($0.value) \(from($0))" } ?? "not set"))
        if containers.isEmpty {
            lines.append("containers: none")
        } else {
            lines.append("containers:")
            for container in containers {
                lines.append("  \(container.id.value) \(from(container.id))")
                lines.append("    modelPaths: \(container.modelPaths.joined(separator: ", "))")
                if let snapshot = container.productionSnapshot {
                    lines.append("    productionSnapshot: \(snapshot) (\(container.productionSnapshotSource ?? ""))")
                }
            }
        }
        lines.append("modelPaths: \(modelPaths.value.joined(separator: ", ")) \(from(modelPaths))")
        lines.append("tagPattern: " + (tagPattern.map { "\($0.value) \(from($0))" } ?? "any tag (default)"))
        lines.append("create: " + (create.map { "\($0.command) (in \($0.workingDirectory))" } ?? "not configured"))
        lines.append("timeouts: cktool \(Int(cktoolTimeoutSeconds.value)) s \(from(cktoolTimeoutSeconds)), create \(Int(createTimeoutSeconds.value)) s \(from(createTimeoutSeconds))")
        lines.append("sharesRecords: \(sharesRecords)")
        lines.append("includeUnregisteredModels: \(includeUnregisteredModels)")
        lines.append("localModels: " + (localModels.isEmpty ? "none (where the code does not settle it, a model is treated as synced)" : localModels.joined(separator: ", ")))
        lines.append("severities: " + (severities.isEmpty ? "defaults" : severities.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")))
        lines.append("lintBaseline: " + (lintBaseline.map { "\($0) (lint findings recorded there are not reported)" } ?? "none (every lint finding is reported)"))
        lines.append("CLOUDKIT_MANAGEMENT_TOKEN: \(managementTokenSet ? "set (value hidden)" : "not set (cktool falls back to its keychain entry)")")
        lines.append("xcrun: \(xcrun ?? "not found (cktool unavailable: use --production FILE)")")
        return TerminalText.lines(lines)
    }
}
