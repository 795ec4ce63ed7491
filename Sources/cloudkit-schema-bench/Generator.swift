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

    /// Dense model code: each file declares 1 to 10 `@Model` classes (2.8 on average) of
    /// 5 to 10 stored properties, with to-many relationships and their inverses inside the
    /// file, a one-to-one with a model of another file, an enum property and an
    /// initializer, and registers its models with `Schema([...])`. One file in 25 is a
    /// `VersionedSchema` declaring the same few models as every other version (the newest
    /// also typealiases them, as apps do); the last file is the migration plan.
    /// Deterministic: file `index` of `files` is always the same text.
    static func denseModelFile(index: Int, files: Int) -> String {
        if index == files - 1 { return densePlan(files: files) }
        var text = "import Foundation\nimport SwiftData\n\nenum Status\(index): String, Codable { case active, archived, deleted }\n\n"
        if isDenseVersion(index) {
            let version = "SchemaV\(index / 25 + 1)", names = Array(versionedModelNames.prefix(index % 4 + 2))
            text += "enum \(version): VersionedSchema {\n    static var versionIdentifier = Schema.Version(\(index / 25 + 1), 0, 0)\n"
            text += "    static var models: [any PersistentModel.Type] { [\(names.map { $0 + ".self" }.joined(separator: ", "))] }\n\n"
            for (number, name) in names.enumerated() {
                text += denseModel(name, number: number, of: names, file: index, files: files, indent: "    ")
            }
            text += "}\n"
            // The newest version is the one in use: the app names its models through typealiases.
            if index + 25 >= files - 1 { text += "\n" + names.map { "typealias \($0) = \(version).\($0)\n" }.joined() }
            return text
        }
        let names = denseModelNames(file: index)
        for (number, name) in names.enumerated() { text += denseModel(name, number: number, of: names, file: index, files: files, indent: "") }
        // Some registrations name the version in use's models through its typealiases.
        let registered = names + (index % 10 == 3 ? [versionedModelNames[0]] : [])
        return text + "let schema\(index) = Schema([\(registered.map { $0 + ".self" }.joined(separator: ", "))])\n"
    }

    static let versionedModelNames = ["Journal", "Entry", "Attachment", "Reminder", "Location"]

    static func isDenseVersion(_ index: Int) -> Bool { index % 25 == 24 }

    /// How many `@Model` classes `writeDenseTree` declares for `files` files.
    static func denseModelCount(files: Int) -> Int {
        (0..<(files - 1)).reduce(0) { count, index in
            count + (isDenseVersion(index) ? index % 4 + 2 : denseModelNames(file: index).count)
        }
    }

    /// 1 to 10 model names for a file, most files holding few (real model folders have a
    /// few large files and many small ones).
    static func denseModelNames(file: Int) -> [String] {
        let draw = (file &* 2_654_435_761) % 1_000
        let count = draw < 700 ? 1 + draw % 3 : 1 + draw % 10
        return (0..<count).map { "M\(file)x\($0)" }
    }

    private static func denseModel(_ name: String, number: Int, of names: [String], file: Int, files: Int, indent: String) -> String {
        let fields = ["var name: String = \"\"", "var createdAt: Date = Date.now", "var amount: Double = 0", "var count: Int = 0",
                      "var isArchived: Bool = false", "var notes: String?", "@Attribute(.externalStorage) var photo: Data?",
                      "var identifier: UUID = UUID()", "var tags: [String] = []"]
        var text = "\(indent)@Model\n\(indent)final class \(name) {\n"
        for field in fields.prefix(4 + (file + number) % 6) { text += "\(indent)    \(field)\n" }
        text += "\(indent)    var status: Status\(file) = Status\(file).active\n"
        // Files pair up (0 and 1, 2 and 3...): their first models point at each other.
        let partner = file ^ 1
        if number == 0, indent.isEmpty, isDenseModelFile(partner, files: files) {
            if file % 2 == 1 { text += "\(indent)    @Relationship(deleteRule: .nullify, inverse: \\M\(partner)x0.partner)\n" }
            text += "\(indent)    var partner: M\(partner)x0?\n"
        }
        if number + 1 < names.count {
            text += "\(indent)    @Relationship(deleteRule: .cascade, inverse: \\\(names[number + 1]).parent)\n"
            text += "\(indent)    var children: [\(names[number + 1])]? = []\n"
        }
        if number > 0 { text += "\(indent)    var parent: \(names[number - 1])?\n" }
        text += "\n\(indent)    init(name: String, amount: Double = 0) {\n"
        text += "\(indent)        self.name = name\n\(indent)        self.amount = amount\n\(indent)    }\n"
        return text + "\(indent)}\n\n"
    }

    /// A file of unversioned models (not a version, not the migration plan).
    private static func isDenseModelFile(_ index: Int, files: Int) -> Bool {
        index < files - 1 && !isDenseVersion(index)
    }

    /// The migration plan over every versioned schema, oldest first.
    private static func densePlan(files: Int) -> String {
        let versions = (0..<(files - 1)).filter(isDenseVersion).map { "SchemaV\($0 / 25 + 1).self" }
        return "import SwiftData\n\nenum MigrationPlan: SchemaMigrationPlan {\n"
            + "    static var schemas: [any VersionedSchema.Type] { [\(versions.joined(separator: ", "))] }\n"
            + "    static var stages: [MigrationStage] { [] }\n}\n"
    }

    /// Writes `files` dense model files under `directory/Sources`.
    static func writeDenseTree(at directory: String, files: Int) throws -> [String] {
        var paths: [String] = []
        for index in 0..<files {
            let folder = "\(directory)/Sources/Models\(index / 100)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = "\(folder)/Models\(index).swift"
            try denseModelFile(index: index, files: files).write(toFile: path, atomically: false, encoding: .utf8)
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

    /// A model file with one stored property of a type nested `levels` deep,
    /// `Optional<Optional<…<Int>…>>` (peeling it level by level was quadratic).
    static func nestedOptionalModel(levels: Int) -> String {
        "import SwiftData\n\n@Model final class Deep {\n    var value: "
            + String(repeating: "Optional<", count: levels) + "Int" + String(repeating: ">", count: levels)
            + " = nil\n\n    init() {}\n}\n"
    }

    /// One record type with `fields` fields, one per line, as an export lists them.
    static func wideSchema(fields: Int) -> String {
        var text = "DEFINE SCHEMA\n\n    RECORD TYPE CD_Wide (\n"
        text.reserveCapacity(fields * 48)
        for field in 0..<fields { text += "        CD_field\(field) STRING QUERYABLE,\n" }
        return text + "        GRANT WRITE TO \"_creator\"\n    );\n"
    }

    /// `types` record types of one field each, granting `permission` to `_world`: two of
    /// them with different permissions differ in every record type.
    static func manyTypesSchema(types: Int, permission: String) -> String {
        var text = "DEFINE SCHEMA\n"
        text.reserveCapacity(types * 64)
        for type in 0..<types { text += "\n    RECORD TYPE CD_Type\(type) (\n        CD_x STRING,\n        GRANT \(permission) TO \"_world\"\n    );\n" }
        return text
    }
}
