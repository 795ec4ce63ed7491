import Foundation

/// Synthetic inputs: Swift sources (with or without `@Model` classes), .ckdb schemas and
/// a git history, at chosen sizes. Deterministic, so runs compare.
enum Generator {
    /// A ~4 KB Swift file; with `model`, it declares one `@Model` class of 12 properties.
    /// One in ten other files declares an enum, as real apps do (the model reader must lex
    /// those: a raw-value enum can be a model property's default).
    static func swiftFile(index: Int, model: Bool) -> String {
        var text = "import Foundation\n"
        text += model ? "import SwiftData\n\n@Model\nfinal class Model\(index) {\n" : "\nstruct View\(index) {\n"
        if !model && index % 10 == 5 { text += "    enum Mode: String { case compact, regular }\n" }
        let types = ["String", "Int", "Double", "Date", "Bool", "Data", "UUID", "[String]"]
        let defaults = ["\"\"", "0", "0.0", ".now", "false", "Data()", "UUID()", "[]"]
        for property in 0..<12 {
            let type = types[property % types.count]
            let attribute = type == "Data" ? "    @Attribute(.externalStorage)\n" : ""
            text += "\(attribute)    var property\(property): \(type) = \(defaults[property % defaults.count])\n"
        }
        if model { text += "    @Relationship(deleteRule: .nullify, inverse: \\Model\(index).parent)\n    var children: [Model\(index)]? = []\n    var parent: Model\(index)?\n" }
        text += "\n    init() {}\n"
        // Methods pad the file to ~4 KB, as real model files carry logic too.
        var method = 0
        while text.utf8.count < 3_900 {
            text += """

                /// Computes a derived value \(method) from stored properties.
                func derived\(method)(_ input: Int) -> String {
                    let total = input * \(method + 1) + property1
                    return "value \\(total) for \\(property0) // not a comment { not a brace"
                }

            """
            method += 1
        }
        return text + "}\n"
    }

    /// Writes `files` Swift files under `directory/Sources`, `models` of them declaring a model.
    static func writeSwiftTree(at directory: String, files: Int, models: Int) throws -> [String] {
        let sources = directory + "/Sources"
        var paths: [String] = []
        let stride = max(files / max(models, 1), 1)
        for index in 0..<files {
            let folder = "\(sources)/Module\(index / 100)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = "\(folder)/File\(index).swift"
            let isModel = models > 0 && index % stride == 0 && index / stride < models
            try swiftFile(index: index, model: isModel).write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        return paths
    }

    /// A canonical export with `types` record types of `fields` fields each.
    static func schema(types: Int, fields: Int) -> String {
        var text = "DEFINE SCHEMA\n"
        for type in 0..<types {
            text += "\n    RECORD TYPE CD_Type\(String(format: "%05d", type)) (\n"
            var items = ["\"___createTime\" TIMESTAMP", "\"___recordID\"   REFERENCE QUERYABLE"]
            for field in 0..<fields { items.append("CD_field\(String(format: "%03d", field)) STRING QUERYABLE SEARCHABLE SORTABLE") }
            items.append("GRANT WRITE TO \"_creator\"")
            text += items.map { "        " + $0 }.joined(separator: ",\n") + "\n    );\n"
        }
        return text
    }
}
