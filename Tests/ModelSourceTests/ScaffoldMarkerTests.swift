import Testing
@testable import ModelSource

/// The scaffold's mark counts only in the file's header comments, and only takes the file's
/// model lists out of the registration: never its `@Model` declarations.
@Suite struct ScaffoldMarkerTests {
    let list = "enum Init {\n    static var modelTypes: [any PersistentModel.Type] { [Item.self] }\n}\n"

    func marked(_ text: String) -> Bool { ScaffoldMarker.isMarked(Array(text.utf8)) }

    @Test func theHeaderCommentsCarryIt() {
        #expect(marked("// cloudkit-schema:scaffold -- generated\nimport Foundation\n"))
        #expect(marked("\u{FEFF}// Copyright\n//\n// cloudkit-schema:scaffold\n\n" + list))
        #expect(marked("/* License\n   /* nested */ cloudkit-schema:scaffold */\n" + list))
    }

    @Test func anywhereElseItDoesNotMark() {
        #expect(!marked(list))
        #expect(!marked("import Foundation\n// cloudkit-schema:scaffold\n" + list))
        #expect(!marked("let text = \"\"\"\n// cloudkit-schema:scaffold\n\"\"\"\n" + list))
        #expect(!marked("/* unterminated cloudkit-schema:scaffol"))
    }

    @Test func aMarkedFilesListIsNoRegistrationButItsModelsCount() {
        #expect(SwiftModelParser.modelRoles(Array(list.utf8)).registersModels)
        let scaffold = "// cloudkit-schema:scaffold\n" + list
        #expect(SwiftModelParser.modelRoles(Array(scaffold.utf8)) == .init(declaresModel: false, registersModels: false))
        let withModel = scaffold + "@Model final class Extra { var name: String = \"\"\n init() {} }\n"
        #expect(SwiftModelParser.modelRoles(Array(withModel.utf8)).declaresModel)
        let model = ModelReader.read(files: [ModelSourceFile(path: "Init.swift", contents: Array(withModel.utf8))])
        #expect(model.entities.map(\.name) == ["Extra"])
        #expect(model.registeredTypes == nil)
    }
}
