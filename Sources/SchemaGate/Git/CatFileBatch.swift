/// The output of `git cat-file --batch`: per requested object `<oid> <type> <size>\n`,
/// the bytes and a newline; or `<name> missing\n` (and `ambiguous`) for a name that names
/// no object. One parser for change detection and `lint --since`.
enum CatFileBatch {
    /// The output does not have the shape git documents (cut short, a bad header).
    struct Malformed: Error, Equatable {
        var detail: String
    }

    /// The contents of `count` objects in request order; nil for a name that named no
    /// object, or an object that is not a blob (a tree, a submodule's commit).
    static func parse(_ output: [UInt8], count: Int) throws(Malformed) -> [[UInt8]?] {
        var objects: [[UInt8]?] = []
        objects.reserveCapacity(count)
        var index = 0
        while objects.count < count {
            guard index < output.count, let newline = output[index...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw Malformed(detail: "output ended early (\(objects.count) of \(count) objects)")
            }
            let header = String(decoding: output[index..<newline], as: UTF8.self)
            index = newline + 1
            let fields = header.split(separator: " ")
            if fields.count == 2, fields[1] == "missing" || fields[1] == "ambiguous" {
                objects.append(nil)
                continue
            }
            guard fields.count == 3, let size = Int(fields[2]), size >= 0, index + size <= output.count else {
                throw Malformed(detail: "unexpected header '\(header)'")
            }
            objects.append(fields[1] == "blob" ? Array(output[index..<(index + size)]) : nil)
            index += size + 1
        }
        return objects
    }
}
