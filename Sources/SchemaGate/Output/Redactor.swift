import Foundation

/// The one redaction: the value of `CLOUDKIT_MANAGEMENT_TOKEN` replaced by `<redacted>` in
/// everything that leaves the process (README "Guarantees"). The console applies it to
/// every byte written to stdout and stderr, reports are redacted before a format escapes
/// them, the step summary and kept exports are written redacted, and files whose content
/// must be exact (snapshots, formatted schemas) are refused instead (`OutputFile`).
///
/// Matching is on bytes, as written: a secret is found wherever its UTF-8 bytes occur.
public struct Redactor: Sendable, Equatable {
    public static let placeholder = "<redacted>"
    private static let placeholderBytes = Array(placeholder.utf8)

    /// Longest first, so a secret that contains another is replaced whole.
    private let secrets: [[UInt8]]

    public init(secrets: [String]) {
        var unique: [[UInt8]] = []
        for secret in secrets.map({ Array($0.utf8) }) where !secret.isEmpty && !unique.contains(secret) {
            unique.append(secret)
        }
        self.secrets = unique.sorted { $0.count > $1.count }
    }

    /// What a command run with `environment` must never let out: the management token.
    public init(environment: [String: String]) {
        self.init(secrets: Self.secrets(in: environment))
    }

    /// The secret values of an environment, for subprocess output redaction.
    public static func secrets(in environment: [String: String]) -> [String] {
        [environment[CKToolRunner.tokenVariable] ?? ""].filter { !$0.isEmpty }
    }

    public var isEmpty: Bool { secrets.isEmpty }

    /// Whether `text` contains a secret.
    public func exposes(_ text: String) -> Bool { exposes(bytes: Array(text.utf8)) }

    public func exposes(bytes: [UInt8]) -> Bool {
        secrets.contains { firstMatch(of: $0, in: bytes, from: 0) != nil }
    }

    public func redact(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        let bytes = Array(text.utf8)
        let redacted = redact(bytes: bytes)
        return redacted == bytes ? text : String(decoding: redacted, as: UTF8.self)
    }

    public func redact(bytes: [UInt8]) -> [UInt8] {
        secrets.reduce(bytes) { replace($1, in: $0) }
    }

    /// How many bytes at the end of `bytes` could be the start of a secret that the next
    /// write completes: a stream holds them back until it knows (`RedactingStream`).
    func pendingSuffixLength(of bytes: [UInt8]) -> Int {
        var longest = 0
        for secret in secrets {
            for length in stride(from: min(secret.count - 1, bytes.count), to: longest, by: -1)
            where bytes.suffix(length).elementsEqual(secret.prefix(length)) {
                longest = length
                break
            }
        }
        return longest
    }

    private func replace(_ secret: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard var match = firstMatch(of: secret, in: bytes, from: 0) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        while true {
            result += bytes[copied..<match]
            result += Self.placeholderBytes
            copied = match + secret.count
            guard let next = firstMatch(of: secret, in: bytes, from: copied) else { break }
            match = next
        }
        result += bytes[copied...]
        return result
    }

    private func firstMatch(of secret: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = secret.first, bytes.count - start >= secret.count else { return nil }
        var index = start
        let last = bytes.count - secret.count
        while index <= last {
            if bytes[index] == first && bytes[index..<index + secret.count].elementsEqual(secret) { return index }
            index += 1
        }
        return nil
    }
}

/// Redaction over a stream written in pieces: a secret split across two writes is still
/// found, because the end of a write that could begin a secret is held back until the
/// next write (or `flush`) settles it. Everything else passes through at once.
public final class RedactingStream: @unchecked Sendable {
    private let redactor: Redactor
    private let sink: ([UInt8]) -> Void
    private let lock = NSLock()
    private var pending: [UInt8] = []

    public init(redactor: Redactor, sink: @escaping ([UInt8]) -> Void) {
        self.redactor = redactor
        self.sink = sink
    }

    public func write(_ bytes: [UInt8]) {
        guard !redactor.isEmpty else { return sink(bytes) }
        lock.withLock {
            let redacted = redactor.redact(bytes: pending + bytes)
            let held = redactor.pendingSuffixLength(of: redacted)
            pending = Array(redacted.suffix(held))
            let ready = Array(redacted.dropLast(held))
            if !ready.isEmpty { sink(ready) }
        }
    }

    /// Lets out what was held back (it did not become a secret).
    public func flush() {
        lock.withLock {
            if !pending.isEmpty { sink(pending) }
            pending = []
        }
    }
}

extension Report {
    /// The report with every secret removed from its text, before a format escapes it
    /// (JSON, GitHub annotations and Markdown escape characters a token may contain).
    public func redacted(by redactor: Redactor) -> Report {
        guard !redactor.isEmpty else { return self }
        var report = self
        report.command = redactor.redact(command)
        report.notes = notes.map(redactor.redact)
        report.findings = findings.map { $0.redacted(by: redactor) }
        return report
    }
}

extension Finding {
    func redacted(by redactor: Redactor) -> Finding {
        var finding = self
        for field in [\Finding.code, \.message] { finding[keyPath: field] = redactor.redact(finding[keyPath: field]) }
        for field in [\Finding.fix, \.recordType, \.field, \.expectedType, \.actualType, \.environment, \.file] {
            finding[keyPath: field] = finding[keyPath: field].map(redactor.redact)
        }
        return finding
    }
}
