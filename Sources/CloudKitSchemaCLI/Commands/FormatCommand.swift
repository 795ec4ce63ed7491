import CloudKitSchema
import Foundation
import SchemaGate
import SchemaGateBasics

/// `format FILE...`: print schemas in the canonical `cktool export-schema` layout.
enum FormatCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let inPlace = OptionSpec("in-place", .flag, help: "Rewrite each file instead of printing it.")
        static let check = OptionSpec("check", .flag, help: "Print nothing; exit 1 if a file is not in canonical layout.")
    }

    static let command = Command(
        name: "format",
        summary: "Print .ckdb schema files in the canonical cktool export layout.",
        discussion: """
        Sorts record types and fields, aligns names, quotes what needs quotes and drops
        comments, exactly as 'xcrun cktool export-schema' writes a schema. Use it to
        normalise hand-written files so reviews show real changes only.
        """,
        spec: ArgumentSpec(
            options: [
                Options.inPlace,
                Options.check,
            ],
            positionals: [PositionalSpec("FILE", help: "A .ckdb schema file.", repeats: true)]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        let files = context.arguments.positionals
        if context.arguments.flag(Options.inPlace) && context.arguments.flag(Options.check) {
            throw .usage("--in-place and --check exclude each other: choose one")
        }
        var unformatted: [String] = []
        for (index, file) in files.enumerated() {
            let path = context.path(file)
            let (original, printed) = try formatted(path, label: file)
            if context.arguments.flag(Options.check) {
                if printed != original { unformatted.append(file) }
            } else if context.arguments.flag(Options.inPlace) {
                if printed != original { try write(printed, to: path, label: file, context) }
            } else {
                if files.count > 1 {
                    if index > 0 { context.console.out("\n") }
                    context.console.line("-- \(file)")
                }
                context.console.out(printed)
            }
        }
        for file in unformatted {
            context.console.errorLine("\(file): not in canonical layout; run 'cloudkit-schema format --in-place \(file)'")
        }
        return unformatted.isEmpty ? 0 : 1
    }

    /// The file's text and its canonical form. Read once, parsed once.
    private static func formatted(_ path: String, label: String) throws(CLIError) -> (String, String) {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard exists, !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            // Let the parser's file checks name the problem (missing, directory, unreadable).
            do {
                _ = try SchemaParser.parse(contentsOf: path)
            } catch {
                var located = error
                located.file = label
                throw .input(located.description)
            }
            throw .input("\(label): cannot read the file")
        }
        do {
            let schema = try SchemaParser.parse(bytes: [UInt8](data), file: label)
            return (String(decoding: data, as: UTF8.self), SchemaPrinter.print(schema))
        } catch {
            throw .input(error.description)
        }
    }

    private static func write(_ text: String, to path: String, label: String, _ context: CommandContext) throws(CLIError) {
        try ExactFile.write(text, to: path, shown: label, what: "the formatted schema",
                            fix: "check the file's permissions and the free space", context)
    }
}
