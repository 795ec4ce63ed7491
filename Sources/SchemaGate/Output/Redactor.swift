import Foundation
import SchemaGateBasics

/// The one redaction: the value of `CLOUDKIT_MANAGEMENT_TOKEN` replaced by `<redacted>` in
/// everything that leaves the process (Docs/guarantees.md). The console applies it to
/// every byte written to stdout and stderr, reports are redacted before a format escapes
/// them, the step summary and kept exports are written redacted, and files whose content
/// must be exact (snapshots, formatted schemas) are refused instead (`OutputFile`).
///
/// Matching is on bytes, as written: a secret is found wherever its UTF-8 bytes occur,
/// in each of its trimmed forms (`secrets(in:)`).
package struct Redactor: Sendable, Equatable {
    package static let placeholder = "<redacted>"
    private static let placeholderBytes = Array(placeholder.utf8)

    /// Longest first, so where two secrets match the longer is replaced whole.
    private let secrets: [[UInt8]]
    /// Which bytes begin a secret: the scan skips every other byte at once.
    private let startsSecret: [Bool]

    package init(secrets: [String]) {
        var unique: [[UInt8]] = []
        for secret in secrets.map({ Array($0.utf8) }) where !secret.isEmpty && !unique.contains(secret) {
            unique.append(secret)
        }
        self.secrets = unique.sorted { $0.count > $1.count }
        var starts = [Bool](repeating: false, count: 256)
        for secret in unique { starts[Int(secret[0])] = true }
        startsSecret = starts
    }

    /// What a command run with `environment` must never let out: the management token.
    package init(environment: [String: String]) {
        self.init(secrets: Self.secrets(in: environment))
    }

    /// The secret values of an environment, for subprocess output redaction: the value of
    /// `CLOUDKIT_MANAGEMENT_TOKEN` as given and as a program that trims it prints it
    /// (without the blanks and line breaks before it, after it, or both: a secret saved
    /// with a trailing newline). A token cktool reads from the keychain is never known
    /// to the tool, so it cannot be redacted (Docs/guarantees.md).
    package static func secrets(in environment: [String: String]) -> [String] {
        trimmedForms(of: environment[CKToolRunner.tokenVariable] ?? "")
    }

    /// `value` and its forms without surrounding whitespace and newlines, each once, none empty.
    static func trimmedForms(of value: String) -> [String] {
        let scalars = Array(value.unicodeScalars)
        let blank = { (scalar: Unicode.Scalar) in CharacterSet.whitespacesAndNewlines.contains(scalar) }
        var start = 0, end = scalars.count
        while start < end && blank(scalars[start]) { start += 1 }
        while end > start && blank(scalars[end - 1]) { end -= 1 }
        var forms: [String] = []
        for range in [0..<scalars.count, start..<scalars.count, 0..<end, start..<end] where !range.isEmpty {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            let form = String(view)
            if !forms.contains(where: { $0.utf8.elementsEqual(form.utf8) }) { forms.append(form) }
        }
        return forms
    }

    package var isEmpty: Bool { secrets.isEmpty }

    /// Whether `text` contains a secret.
    package func exposes(_ text: String) -> Bool { exposes(bytes: Array(text.utf8)) }

    package func exposes(bytes: [UInt8]) -> Bool {
        redact(bytes: bytes) != bytes
    }

    package func redact(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        let bytes = Array(text.utf8)
        let redacted = redact(bytes: bytes)
        return redacted == bytes ? text : String(decoding: redacted, as: UTF8.self)
    }

    package func redact(bytes: [UInt8]) -> [UInt8] {
        guard !secrets.isEmpty else { return bytes }
        return scan(bytes, complete: true).redacted
    }

    /// Whether a stream's `scan` of `bytes` (with nothing held before them) would let them
    /// out as they are: no secret occurs in them and their end cannot begin one. memmem finds
    /// that at a fraction of the cost of the scan's test of every byte (megabytes of JSON).
    func passesUnchanged(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for secret in secrets where ByteSearch.contains(bytes, secret) { return false }
        let longest = secrets.first?.count ?? 0
        for index in max(0, bytes.count - longest + 1)..<bytes.count {
            let rest = bytes.count - index
            for secret in secrets where secret.count > rest && secret.starts(with: bytes[index...]) { return false }
        }
        return true
    }

    /// Replaces secrets scanning from the start: at each position the longest secret that
    /// matches. Unless the text is `complete`, the scan stops where the rest could still
    /// become a (longer) secret with more bytes, and returns that rest as `held`.
    func scan(_ bytes: [UInt8], complete: Bool) -> (redacted: [UInt8], held: [UInt8]) {
        var redacted: [UInt8] = []
        redacted.reserveCapacity(bytes.count)
        var copied = 0, index = 0
        while index < bytes.count {
            guard startsSecret[Int(bytes[index])] else {
                index += 1
                continue
            }
            let rest = bytes.count - index
            var matched: Int?
            var undecided = false
            for secret in secrets {
                if secret.count <= rest {
                    if matched == nil && bytes[index..<index + secret.count].elementsEqual(secret) { matched = secret.count }
                } else if !complete && secret.starts(with: bytes[index...]) {
                    undecided = true
                }
            }
            if undecided {
                redacted += bytes[copied..<index]
                return (redacted, Array(bytes[index...]))
            }
            guard let matched else {
                index += 1
                continue
            }
            redacted += bytes[copied..<index]
            redacted += Self.placeholderBytes
            index += matched
            copied = index
        }
        redacted += bytes[copied...]
        return (redacted, [])
    }
}

/// Redaction over a stream written in pieces: a secret split across two writes is still
/// found, because the end of a write that could begin a secret is held back until the
/// next write (or `flush`) settles it. Everything else passes through at once.
package final class RedactingStream: @unchecked Sendable {
    private let redactor: Redactor
    private let sink: (UnsafeRawBufferPointer) -> Void
    private let lock = NSLock()
    private var pending: [UInt8] = []

    package init(redactor: Redactor, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.redactor = redactor
        self.sink = sink
    }

    package func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes(write)
    }

    /// Bytes where they are (megabytes of JSON): with no secret to find, passed on uncopied.
    package func write(_ bytes: UnsafeRawBufferPointer) {
        guard !redactor.isEmpty else { return sink(bytes) }
        lock.withLock {
            if pending.isEmpty && redactor.passesUnchanged(bytes) { return sink(bytes) }
            let (ready, held) = redactor.scan(pending + bytes, complete: false)
            pending = held
            if !ready.isEmpty { ready.withUnsafeBytes(sink) }
        }
    }

    /// Lets out what was held back (it did not become a secret).
    package func flush() {
        lock.withLock {
            if !pending.isEmpty { redactor.redact(bytes: pending).withUnsafeBytes(sink) }
            pending = []
        }
    }
}

extension Report {
    /// The report with every secret removed from its text, before a format escapes it
    /// (JSON, GitHub annotations and Markdown escape characters a token may contain).
    package func redacted(by redactor: Redactor) -> Report {
        guard !redactor.isEmpty else { return self }
        return mappingTexts(redactor.redact)
    }

    /// The report for a line format (text, xcode, github, markdown): every text escaped
    /// (`TerminalText`), after redaction, so a name from the repository or an export cannot
    /// print lines or terminal codes of its own. JSON and SARIF encode them instead.
    package func escapedForLines() -> Report {
        mappingTexts(TerminalText.escaped)
    }

    /// Every text of the report (the command, notes, basis, and each finding's texts)
    /// through `transform`: the one list of them, for redaction and escaping alike.
    func mappingTexts(_ transform: (String) -> String) -> Report {
        var report = self
        report.command = transform(command)
        report.notes = notes.map(transform)
        report.basis = basis.map(transform)
        report.findings = findings.map { $0.mappingTexts(transform) }
        return report
    }
}

extension Finding {
    func mappingTexts(_ transform: (String) -> String) -> Finding {
        var finding = self
        for field in [\Finding.code, \.message] { finding[keyPath: field] = transform(finding[keyPath: field]) }
        for field in [\Finding.fix, \.recordType, \.field, \.expectedType, \.actualType, \.environment, \.file] {
            finding[keyPath: field] = finding[keyPath: field].map(transform)
        }
        return finding
    }
}
