import Foundation
import Testing
@testable import SchemaGate

/// The one redaction (Docs/guarantees.md, the token).
@Suite struct RedactorTests {
    let redactor = Redactor(secrets: ["s3cret-token", "s3cret", ""])

    @Test func replacesEveryOccurrenceLongestFirst() {
        #expect(redactor.redact("a s3cret-token, b s3cret and s3cret") == "a <redacted>, b <redacted> and <redacted>")
        #expect(redactor.redact("nothing here") == "nothing here")
        #expect(redactor.exposes("xs3cretx") && !redactor.exposes("s3cre t"))
        #expect(Redactor(secrets: [""]).isEmpty)
        #expect(Redactor(environment: ["CLOUDKIT_MANAGEMENT_TOKEN": "t0k"]).redact("t0k") == "<redacted>")
    }

    @Test func bytesThatAreNotUTF8AreLeftAsTheyAre() {
        let bytes: [UInt8] = [0xE9, 0xFF] + Array("s3cret".utf8) + [0x00, 0xC3]
        #expect(redactor.redact(bytes: bytes) == [0xE9, 0xFF] + Array("<redacted>".utf8) + [0x00, 0xC3])
    }

    /// A secret written one byte at a time is still caught; text that cannot begin one
    /// passes at once, and what was held back comes out on flush.
    @Test func aStreamFindsASecretSplitAcrossWrites() {
        let out = Collected()
        let stream = RedactingStream(redactor: redactor, sink: { out.append(Array($0)) })
        for byte in "token=s3cret-token\n".utf8 { stream.write([byte]) }
        #expect(out.text == "token=<redacted>\n")
        stream.write(Array("line\n".utf8))
        #expect(out.text.hasSuffix("line\n"), "a line that cannot begin a secret is not held back")
        stream.write(Array("ends with s3c".utf8))
        #expect(out.text.hasSuffix("ends with "))
        stream.flush()
        #expect(out.text.hasSuffix("ends with s3c"))
    }

    /// A large write is let out whole when it holds no secret, and redacted (its end held
    /// back) when it does, wherever the secret is.
    @Test func aStreamRedactsLargeWritesWhereverTheSecretIs() {
        let out = Collected()
        let stream = RedactingStream(redactor: redactor, sink: { out.append(Array($0)) })
        let filler = String(repeating: "plain text, s3cre t; ", count: 5_000)
        stream.write(Array((filler + "s3c").utf8))
        #expect(out.text == filler, "the end that may begin a secret is held back")
        stream.write(Array(("ret" + filler + "s3cret-token" + filler + "s3cr").utf8))
        #expect(out.text == filler + "<redacted>" + filler + "<redacted>" + filler)
        stream.write(Array("et!".utf8))
        stream.flush()
        #expect(out.text == filler + "<redacted>" + filler + "<redacted>" + filler + "<redacted>!")
    }

    /// Two secrets where one ends as the other begins: held back until it is decided.
    @Test func aStreamDecidesOverlappingSecretsOnlyWithTheWholeText() {
        let out = Collected()
        let stream = RedactingStream(redactor: Redactor(secrets: ["abcd", "cdx"]), sink: { out.append(Array($0)) })
        for piece in ["a", "bc", "d", " c", "d"] { stream.write(Array(piece.utf8)) }
        stream.flush()
        #expect(out.text == "<redacted> cd")
    }

    @Test func aReportIsRedactedInEveryTextField() throws {
        let secret = "s3cret"
        // fixSteps are step ids, not text: set, so the count below sees only text fields.
        let finding = Finding(severity: .error, code: "c-\(secret)", message: secret, fix: secret, fixSteps: [.deploy], recordType: secret,
                              field: secret, expectedType: secret, actualType: secret, environment: secret, file: secret,
                              line: 1, column: 2)
        let report = Report(command: secret, status: .fail, findings: [finding], notes: [secret]).redacted(by: redactor)
        let encoded = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(!encoded.contains(secret), "\(encoded)")
        // Every text field of a finding was given the secret; a new one must be redacted too.
        let fields = Mirror(reflecting: report.findings[0]).children.filter { $0.value is String || $0.value is String? }
        #expect(fields.count == 9, "Finding has a new text field: redact it in Finding.redacted(by:) and give it the secret here")
        let texts = fields.compactMap { $0.value as? String ?? ($0.value as? String?) ?? nil }
        #expect(texts.count == 9 && texts.allSatisfy { $0.contains("<redacted>") })
    }

    /// A secret saved with a newline (or blanks) around it is also found as a program that
    /// trims it prints it; what is left when trimming empties it is no secret.
    @Test func theTokensTrimmedFormsAreSecretsToo() {
        #expect(Redactor.secrets(in: ["CLOUDKIT_MANAGEMENT_TOKEN": " t0k\r\n"]) == [" t0k\r\n", "t0k\r\n", " t0k", "t0k"])
        #expect(Redactor.secrets(in: ["CLOUDKIT_MANAGEMENT_TOKEN": "t0k\n"]) == ["t0k\n", "t0k"])
        #expect(Redactor.secrets(in: ["CLOUDKIT_MANAGEMENT_TOKEN": "t0k"]) == ["t0k"])
        #expect(Redactor.secrets(in: ["CLOUDKIT_MANAGEMENT_TOKEN": " \n"]) == [" \n"])
        let redactor = Redactor(environment: ["CLOUDKIT_MANAGEMENT_TOKEN": "t0k\n"])
        #expect(redactor.redact("token is t0k; again t0k\n") == "token is <redacted>; again <redacted>")
    }
}

final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    func append(_ more: [UInt8]) { lock.withLock { bytes += more } }
    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
}
