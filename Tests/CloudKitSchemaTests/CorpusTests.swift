import Foundation
import Testing
@testable import CloudKitSchema

/// The real schema files in Fixtures/corpus, each with a provenance row in its
/// MANIFEST.tsv (source repository, path, commit, notes, and whether it is an unedited
/// `cktool export-schema` output).
enum Corpus {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/corpus")

    static var files: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
            .filter { $0.hasSuffix(".ckdb") }.sorted() ?? []
    }

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The file the manifest marks as NOT valid CloudKit Schema Language.
    static let invalid = "Mweh__Arterious__CloudKitSchema_schema.ckdb"

    /// MANIFEST.tsv rows by file name: the columns after the name.
    static var manifest: [String: [String]] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)) ?? ""
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        return Dictionary(rows.map { ($0[0], Array($0.dropFirst())) }, uniquingKeysWith: { first, _ in first })
    }

    /// Files the manifest calls unedited exports (last column `yes`): printing must
    /// reproduce them exactly.
    static var canonicalExports: [String] {
        manifest.filter { $0.value.last == "yes" }.keys.sorted()
    }

    /// Unedited exports of NSPersistentCloudKitContainer schemas (`CD_` record types).
    static var coreDataExports: [String] {
        canonicalExports.filter { (try? String(contentsOfFile: path($0), encoding: .utf8))?.contains("RECORD TYPE CD_") == true }
    }
}

@Suite struct CorpusTests {
    @Test func everyFileHasItsProvenanceAndNothingElseDoes() {
        #expect(Corpus.files.count == 40)
        #expect(Set(Corpus.manifest.keys) == Set(Corpus.files))
        for (file, columns) in Corpus.manifest {
            // repo, path, a 40-hex commit, notes, unedited_export (yes/no).
            #expect(columns.count == 5, "\(file)")
            #expect(columns[2].count == 40 && columns[2].allSatisfy(\.isHexDigit), "\(file)")
            #expect(["yes", "no"].contains(columns[4]), "\(file)")
        }
        #expect(Corpus.canonicalExports.count == 14)
    }

    @Test(arguments: Corpus.files.filter { $0 != Corpus.invalid })
    func everyValidFileParses(name: String) throws {
        let schema = try SchemaParser.parse(contentsOf: Corpus.path(name))
        #expect(!schema.recordTypes.isEmpty)
    }

    @Test func invalidFileFailsWithLineAndColumn() {
        #expect {
            try SchemaParser.parse(contentsOf: Corpus.path(Corpus.invalid))
        } throws: { error in
            let parseError = error as! SchemaParseError
            return parseError.location == SourceLocation(line: 1, column: 8)
                && parseError.description.hasSuffix("\(Corpus.invalid):1:8: expected SCHEMA, found 'RECORD' (a schema starts with DEFINE SCHEMA)")
        }
    }

    @Test(arguments: Corpus.canonicalExports)
    func canonicalExportRoundTripsByteForByte(name: String) throws {
        let text = try String(contentsOfFile: Corpus.path(name), encoding: .utf8)
        #expect(SchemaPrinter.print(try SchemaParser.parse(text)) == text)
    }

    /// The byte-for-byte claim of Docs/commands.md (`format`) covers Core Data exports, whose upper-case `CD_`
    /// fields sort before the system fields.
    @Test func coreDataExportsAreAmongTheRoundTrippedOnes() throws {
        #expect(Corpus.coreDataExports == ["alan9259__keel__cloudkit_schema.ckdb", "boxed__Done-and-done__cloudkit_development.ckdb"])
        for name in Corpus.coreDataExports {
            let text = try String(contentsOfFile: Corpus.path(name), encoding: .utf8)
            let firstFields = text.components(separatedBy: "\n").filter { $0.hasPrefix("        ") && !$0.contains("GRANT") }
            #expect(firstFields.first?.hasPrefix("        CD_") == true, "\(name): a Core Data type's first field is a CD_ field")
        }
    }

    @Test(arguments: Corpus.files.filter { $0 != Corpus.invalid })
    func printingIsStableAndLossless(name: String) throws {
        let schema = try SchemaParser.parse(contentsOf: Corpus.path(name))
        let printed = SchemaPrinter.print(schema)
        let reparsed = try SchemaParser.parse(printed)
        #expect(SchemaDiff.differences(from: schema, to: reparsed).isEmpty)
        #expect(SchemaPrinter.print(reparsed) == printed)
    }
}
