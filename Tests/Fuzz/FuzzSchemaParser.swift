import CloudKitSchema

// libFuzzer entry point for the .ckdb parser: any bytes must either parse (and then
// print and re-parse to the same schema) or throw a located error. Never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchemaParser(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let schema = try? SchemaParser.parse(bytes: bytes) else { return 0 }
    let printed = SchemaPrinter.print(schema)
    guard let reparsed = try? SchemaParser.parse(printed) else {
        fatalError("printed schema does not parse:\n\(printed)")
    }
    if !SchemaDiff.differences(from: schema, to: reparsed).isEmpty || SchemaPrinter.print(reparsed) != printed {
        fatalError("print/parse round trip changed the schema:\n\(printed)")
    }
    return 0
}
