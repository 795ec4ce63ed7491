import SchemaGate

// libFuzzer entry point for the configuration reader (JSON with comments, then the
// typed schema of .cloudkit-schema.json): any bytes must parse or throw a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = try? ConfigFile.parse(text, file: "fuzz.json")
    return 0
}
