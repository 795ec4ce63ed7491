import Foundation

/// With `--format json`, stdout carries one JSON document whatever happens. When the plugin
/// fails before the tool runs (a bad `--target`, a tool that cannot start), the tool cannot
/// print it, so the plugin prints the error report the tool prints for a usage or setup
/// error: the same envelope, keys and layout (`PluginErrorReportTests` compares them).
public enum PluginErrorReport {
    struct Finding: Encodable {
        var severity = "error"
        var code: String
        var message: String
    }

    struct Envelope: Encodable {
        var command: String
        var status = "error"
        var summary = ["error": 1, "warning": 0, "info": 0]
        var notes: [String] = []
        var findings: [Finding]
    }

    /// Whether the arguments ask for `--format json`, read as the tool reads them when it
    /// reports an error (its `ReportOutput.requestedFormat`: the first `--format` counts; a
    /// second one is itself a usage error). Options end at `--`.
    public static func wantsJSON(_ arguments: [String]) -> Bool {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return false }
            if argument.hasPrefix("--format=") { return argument == "--format=json" }
            if argument == "--format" { return index + 1 < arguments.count && arguments[index + 1] == "json" }
        }
        return false
    }

    /// The document for an error that stopped `command` (`usage-error`, `setup-error`).
    public static func json(command: String, code: String, message: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let envelope = Envelope(command: command, findings: [Finding(code: code, message: message)])
        let data = (try? encoder.encode(envelope)) ?? Data("{\"status\":\"error\"}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The code of an error the plugin throws before (or instead of) running the tool.
    public static func code(for error: any Error) -> String {
        error is ToolLaunchError ? "setup-error" : "usage-error"
    }
}
