#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library function looked up at run time: some (memmem, the spawn file action that
/// changes directory) are exported by glibc and Darwin's libc but not declared in the
/// headers Swift imports.
public enum LibCSymbol {
    public static func address(_ name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Glibc)
        let handle = dlopen(nil, RTLD_NOW)
        #else
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        return dlsym(handle, name)
    }
}
