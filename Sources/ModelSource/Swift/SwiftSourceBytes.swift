#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SchemaGateBasics

/// Bytes that have no place in Swift source (Docs/swift-source-bytes.md): a NUL anywhere
/// (the compiler only warns and lexes it as a space, so `na<NUL>me` silently becomes two
/// names), and control bytes in code (the compiler's "invalid character in source file").
/// The reader does not guess what such a file meant: it is an input error naming the line.
enum SwiftSourceBytes {
    /// The earlier of the first NUL (anywhere) and the first control byte the lexer met
    /// in code; nil when there is neither.
    static func firstInvalidOffset(_ bytes: [UInt8], controlByteInCode: Int?) -> Int? {
        let nul = bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let found = memchr(base, 0, raw.count) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
        switch (nul, controlByteInCode) {
        case let (nul?, control?): return min(nul, control)
        case let (nul, control): return nul ?? control
        }
    }

    static func diagnostic(_ bytes: [UInt8], offset: Int, file: String, byteLimit: Int = SwiftLexer.byteLimit) -> ModelDiagnostic {
        let line = UTF8Check.line(of: offset, in: bytes)
        guard offset < byteLimit else {
            // The lexer's cut of a file larger than it reads (`SwiftLexer.lex`).
            return ModelDiagnostic(
                kind: .parseError,
                message: "\(file):\(line): the file is larger than \(byteLimit) bytes, more than the model reader reads, so the declarations after this line cannot be read; split the file into smaller ones",
                file: file, line: line)
        }
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        let byte = "0x" + (hex.count == 1 ? "0" : "") + hex
        let what = bytes[offset] == 0 ? "a NUL byte (\(byte))" : "the control byte \(byte)"
        return ModelDiagnostic(
            kind: .parseError,
            message: "\(file):\(line): \(what), which Swift source cannot hold (the compiler reads it as a space or rejects it), so the declarations on this line cannot be read as written; remove the byte and save the file as plain UTF-8 text",
            file: file, line: line)
    }

    /// A parse-error diagnostic when the bytes are not UTF-8.
    static func invalidUTF8Diagnostic(_ bytes: [UInt8], file: String) -> ModelDiagnostic? {
        guard let offset = UTF8Check.firstInvalidOffset(bytes) else { return nil }
        let line = UTF8Check.line(of: offset, in: bytes)
        return ModelDiagnostic(
            kind: .parseError,
            message: "\(file):\(line): not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true))); save the file as UTF-8",
            file: file, line: line)
    }
}
