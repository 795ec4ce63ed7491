import Foundation
import Testing
@testable import ModelSource

/// Paths into this target's Fixtures and small lookups used by every model test.
enum Fixture {
    static let root: String = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.path

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func read(_ relatives: String...) -> AppModel {
        ModelReader.read(paths: relatives.map(path))
    }

    /// The 1-based line of the first line containing `needle`, so tests name lines by content.
    static func line(of needle: String, in relative: String) -> Int {
        let text = (try? String(contentsOfFile: path(relative), encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        return (lines.firstIndex { $0.contains(needle) } ?? -2) + 1
    }
}

extension AppModel {
    var entityNames: [String] { entities.map(\.name) }

    func require(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Entity {
        try #require(entity(named: name), "no entity \(name) in \(entityNames)", sourceLocation: sourceLocation)
    }

    func diagnostics(_ kind: ModelDiagnostic.Kind) -> [ModelDiagnostic] {
        diagnostics.filter { $0.kind == kind }
    }
}

extension Entity {
    var attributeNames: [String] { attributes.map(\.name) }
    var relationshipNames: [String] { relationships.map(\.name) }

    func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
    func relationship(_ name: String) -> Relationship? { relationships.first { $0.name == name } }
}
