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

extension CatFileBatch {
    /// What one `git cat-file --batch` call gave: its output, and whether the output went
    /// past the runner's capture limit (its beginning is then lost).
    struct Call {
        var output: [UInt8]
        var truncated: Bool
    }

    /// Reads the named objects in batches small enough that no output is cut short: at
    /// most `batchSize` names per call, and a batch whose output was cut is read again in
    /// halves. A single object too large to capture whole reads as nil.
    static func read<Failure: Error>(
        _ names: [String], batchSize: Int = 1_000,
        call: ([String]) throws(Failure) -> Call, malformed: (Malformed) -> Failure
    ) throws(Failure) -> [[UInt8]?] {
        var objects: [[UInt8]?] = []
        objects.reserveCapacity(names.count)
        var start = 0
        while start < names.count {
            let end = min(start + max(batchSize, 1), names.count)
            objects += try readWhole(Array(names[start..<end]), call: call, malformed: malformed)
            start = end
        }
        return objects
    }

    private static func readWhole<Failure: Error>(
        _ names: [String], call: ([String]) throws(Failure) -> Call, malformed: (Malformed) -> Failure
    ) throws(Failure) -> [[UInt8]?] {
        guard !names.isEmpty else { return [] }
        let result = try call(names)
        if result.truncated {
            guard names.count > 1 else { return [nil] }
            let middle = names.count / 2
            return try readWhole(Array(names[..<middle]), call: call, malformed: malformed)
                + readWhole(Array(names[middle...]), call: call, malformed: malformed)
        }
        do {
            return try parse(result.output, count: names.count)
        } catch {
            throw malformed(error)
        }
    }
}
