import ModelSource

// libFuzzer entry point for the SwiftData source reader (lexer, declaration parser,
// schema versions, registrations, entity building): any bytes, read as a Swift file,
// must give an AppModel (possibly with diagnostics). Never crash, hang or loop.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftModels(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    _ = ModelReader.read(files: [ModelSourceFile(path: "Fuzz.swift", contents: bytes)])
    return 0
}
