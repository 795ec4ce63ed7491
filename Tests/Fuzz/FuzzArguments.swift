import CloudKitSchemaCLI
import Foundation

// libFuzzer entry point for the argument parser and command dispatch: the input is split
// into arguments at NUL bytes and run against every command's spec. Must never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    for command in Tool.commands {
        _ = try? ArgumentParser(spec: command.spec).parse(arguments)
    }
    return 0
}
