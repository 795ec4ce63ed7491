/// `--help` text derived from a command's argument spec, so help never drifts from parsing.
enum HelpFormatter {
    static func help(for command: Command) -> String {
        var usage = "USAGE: cloudkit-schema \(command.name)"
        for option in command.spec.options { usage += " [\(option.usage)]" }
        for positional in command.spec.positionals {
            let name = positional.name + (positional.repeats ? "..." : "")
            usage += positional.required ? " \(name)" : " [\(name)]"
        }
        var text = "\(command.summary)\n\n\(usage)\n"
        if !command.discussion.isEmpty { text += "\n\(command.discussion)\n" }
        let rows = command.spec.positionals.map { ($0.name, $0.help) }
            + command.spec.options.map { ($0.usage, $0.help) }
            + [("--help", "Show this help.")]
        let width = min((rows.map(\.0.count).max() ?? 0) + 2, 32)
        text += "\nARGUMENTS AND OPTIONS:\n"
        for (name, help) in rows {
            if name.count + 2 > width {
                text += "  \(name)\n  \(String(repeating: " ", count: width))\(help)\n"
            } else {
                text += "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + help + "\n"
            }
        }
        return text
    }
}
