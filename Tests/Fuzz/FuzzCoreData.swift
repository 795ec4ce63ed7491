import ModelSource

// libFuzzer entry point for the Core Data reader: any bytes, read as the `contents` XML
// of an .xcdatamodel, must give entities or a parse-error diagnostic. Never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCoreData(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    _ = ModelReader.read(files: [ModelSourceFile(path: "Fuzz.xcdatamodeld/Fuzz.xcdatamodel/contents", contents: bytes)])
    return 0
}
