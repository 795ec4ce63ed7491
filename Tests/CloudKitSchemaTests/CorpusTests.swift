import Foundation
import Testing
@testable import CloudKitSchema

/// The 38 real schema files in Fixtures/corpus (provenance in its MANIFEST.tsv).
enum Corpus {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/corpus")

    static var files: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
            .filter { $0.hasSuffix(".ckdb") }.sorted() ?? []
    }

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The file the manifest marks as NOT valid CloudKit Schema Language.
    static let invalid = "Mweh__Arterious__CloudKitSchema_schema.ckdb"

    /// Files the manifest calls unedited exports: printing must reproduce them exactly.
    static let canonicalExports = [
        "KshitijBhardwaj18__OurNotch__cloudkit_schema.ckdb",
        "WWDCScholars__cloudkit-schema__schema-development.ckdb",
        "WWDCScholars__cloudkit-schema__schema-production.ckdb",
        "ajsutton__moolah-native__CloudKit_schema-prod-baseline.ckdb",
        "apple__sample-cloudkit-tooling__CKTool-JS_schema-mgmt_JavaScript_src_sample.ckdb",
        "apple__sample-cloudkit-tooling__CKTool-JS_schema-mgmt_TypeScript_src_sample.ckdb",
        "cembot90__YEM1N__cloudkit_schema.ckdb",
        "frasergraham__HexRain__cloudkit_schema.ckdb",
        "frasergraham__Hexfall__cloudkit_schema.ckdb",
        "jestatsio__reolens__CloudKit_schema.ckdb",
        "pvillareal__gutenberg-rdf-parser__cloudkit_schema.ckdb",
        "wpowiertowski__healthloom.app__CloudKit_schema.ckdb",
    ]
}

@Suite struct CorpusTests {
    @Test func corpusIsComplete() {
        #expect(Corpus.files.count == 38)
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

    @Test(arguments: Corpus.files.filter { $0 != Corpus.invalid })
    func printingIsStableAndLossless(name: String) throws {
        let schema = try SchemaParser.parse(contentsOf: Corpus.path(name))
        let printed = SchemaPrinter.print(schema)
        let reparsed = try SchemaParser.parse(printed)
        #expect(SchemaDiff.differences(from: schema, to: reparsed).isEmpty)
        #expect(SchemaPrinter.print(reparsed) == printed)
    }
}
