import SchemaGate

/// Writing a file whose content must be exact (a snapshot, a formatted schema, a starter
/// configuration, the initializer source) from a command, with its errors as CLI errors.
enum ExactFile {
    /// - Parameters:
    ///   - shown: the path as the user gave it, for messages.
    ///   - what: what the file holds, e.g. "the formatted schema".
    ///   - fix: one sentence for a file that cannot be written.
    static func write(
        _ text: String, to path: String, shown: String, what: String, fix: String, _ context: CommandContext
    ) throws(CLIError) {
        do {
            try OutputFile.writeExact(text, to: path, redactor: context.console.redactor)
        } catch .exposesSecret {
            throw .setup(
                "\(shown): \(what) was not written: it would contain the value of \(CKToolRunner.tokenVariable), and with the value replaced it would no longer be \(what); "
                    + "find out how the token got into it, create a new token in CloudKit Console (Settings → Tokens), and run again")
        } catch .symbolicLink(let target) {
            throw .input("\(shown) is a symbolic link to \(target): \(what) was not written, because the tool never writes through a link; give the target's own path instead, or remove the link and run again")
        } catch {
            throw .input("\(shown): cannot write \(what) (\(error.reason)): \(fix)")
        }
    }
}
