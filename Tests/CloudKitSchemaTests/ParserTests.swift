import Testing
@testable import CloudKitSchema

@Suite struct ParserTests {
    @Test func everyConstruct() throws {
        let schema = try SchemaParser.parse("""
        -- dash comment before everything
        // slash comment
        /* block
           comment */ DEFINE SCHEMA
            CREATE ROLE Admin;
            create role "Team.Lead";
            RECORD TYPE Item (
                "___recordID" REFERENCE QUERYABLE,   // trailing comment
                name          STRING QUERYABLE SEARCHABLE SORTABLE,
                secret        ENCRYPTED STRING,
                blob          ENCRYPTED BYTES,
                amount        NUMBER PREFERRED AS DOUBLE,
                plain         NUMBER,
                tags          LIST<STRING> QUERYABLE,
                photos        LIST < ASSET >,
                places        LIST<ENCRYPTED LOCATION>,
                "type"        TIMESTAMP SORTABLE,
                grant         INT64,
                GRANT READ, CREATE, WRITE TO "_creator",
                GRANT READ TO Admin
            );
            RECORD TYPE "cloudkit.share" (GRANT READ TO "_world");
        """)
        #expect(schema.roles == ["Admin", "Team.Lead"])
        let item = try #require(schema.recordType(named: "Item"))
        #expect(item.fields.map(\.name) == ["___recordID", "name", "secret", "blob", "amount", "plain", "tags", "photos", "places", "type", "grant"])
        #expect(item.field(named: "___recordID")?.options == [.queryable])
        #expect(item.field(named: "name")?.options == [.queryable, .searchable, .sortable])
        #expect(item.field(named: "secret")?.type == .primitive(.encrypted(.string)))
        #expect(item.field(named: "blob")?.type == .primitive(.encrypted(.bytes)))
        #expect(item.field(named: "amount")?.type == .primitive(.number(preferredAs: .double)))
        #expect(item.field(named: "plain")?.type == .primitive(.number(preferredAs: nil)))
        #expect(item.field(named: "tags")?.type == .list(.string))
        #expect(item.field(named: "photos")?.type == .list(.asset))
        #expect(item.field(named: "places")?.type == .list(.encrypted(.location)))
        #expect(item.field(named: "grant")?.type == .primitive(.int64))
        #expect(item.field(named: "name")?.location == SourceLocation(line: 9, column: 9))
        #expect(item.grants == [Grant([.read, .create, .write], to: "_creator"), Grant(.read, to: "Admin")])
        #expect(schema.recordType(named: "cloudkit.share")?.fields.isEmpty == true)
    }

    @Test func keywordsAreCaseInsensitive() throws {
        let schema = try SchemaParser.parse("define schema record type A (x string queryable, grant read to \"_world\");")
        #expect(schema.recordTypes.first?.fields.first == Field(name: "x", type: .primitive(.string), options: .queryable))
    }

    @Test func crlfAndBOMAreAccepted() throws {
        let text = "\u{FEFF}DEFINE SCHEMA\r\n    RECORD TYPE A (\r\n        x INT64\r\n    );\r\n"
        let schema = try SchemaParser.parse(bytes: Array(text.utf8))
        #expect(schema.recordTypes.first?.field(named: "x")?.location == SourceLocation(line: 3, column: 9))
    }

    @Test func emptySchemaAndMissingFinalSemicolon() throws {
        #expect(try SchemaParser.parse("DEFINE SCHEMA").recordTypes.isEmpty)
        #expect(try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE A (x INT64)").recordTypes.count == 1)
    }

    @Test(arguments: [
        ("", "1:1", "the schema is empty"),
        ("DEFINE SCHEMA\n  RECORD TYPE A (\n    x STRING,\n", "4:1", "expected field name or GRANT, found the end of the file (is it truncated?)"),
        ("DEFINE SCHEMA\n  RECORD TYPE A (\n    x STRNG\n  );", "3:7", "unknown field type 'STRNG'"),
        ("DEFINE SCHEMA RECORD TYPE A (x STRING,)", "1:39", "trailing ','"),
        ("DEFINE SCHEMA RECORD TYPE A (x STRING) RECORD TYPE B (y INT64)", "1:40", "expected ';'"),
        ("DEFINE SCHEMA RECORD TYPE A (x STRING, x INT64)", "1:40", "field x appears twice in A (first at 1:30)"),
        ("DEFINE SCHEMA RECORD TYPE A (x STRING); RECORD TYPE A (x STRING);", "1:41", "record type A is defined twice"),
        ("DEFINE SCHEMA RECORD TYPE A (x ENCRYPTED ASSET)", "1:42", "ENCRYPTED takes"),
        ("DEFINE SCHEMA RECORD TYPE A (x NUMBER PREFERRED AS STRING)", "1:52", "NUMBER PREFERRED AS takes INT64 or DOUBLE"),
        ("DEFINE SCHEMA RECORD TYPE A (x LIST<STRING)", "1:43", "expected '>'"),
        ("DEFINE SCHEMA RECORD TYPE \"A (x STRING)", "1:27", "unterminated quoted name"),
        ("DEFINE SCHEMA /* never closed", "1:15", "unterminated /* comment"),
        ("DEFINE SCHEMA RECORD TYPE A (x STRING, GRANT READ TO)", "1:53", "expected role name"),
        ("DEFINE SCHEMA\n\u{0}\u{1}", "2:1", "unexpected byte 0x00"),
        ("DEFINE SCHEMA RECORD TYPE A (x STRING @)", "1:39", "unexpected character '@'"),
        ("DEFINE RECORD TYPE A (x STRING)", "1:8", "expected SCHEMA"),
    ])
    func errorsNameLineAndColumn(input: String, location: String, message: String) {
        do {
            _ = try SchemaParser.parse(input, file: "bad.ckdb")
            Issue.record("parsed without error: \(input)")
        } catch {
            #expect(error.description.hasPrefix("bad.ckdb:\(location): "), "\(error.description)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func invalidUTF8IsLocated() {
        let bytes: [UInt8] = Array("DEFINE SCHEMA\n  RECORD TYPE A (\n    \"na".utf8) + [0xFF, 0xFE] + Array("me\" STRING);".utf8)
        #expect(throws: SchemaParseError(file: "x.ckdb", location: SourceLocation(line: 3, column: 8),
                                         message: "invalid UTF-8 (byte 0xFF): save the file as UTF-8")) {
            try SchemaParser.parse(bytes: bytes, file: "x.ckdb")
        }
    }

    @Test func randomBytesNeverCrashOrHang() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("DEFINE SCHEMA RECORD TYPE GRANT READ TO LIST<>(),;\"-/*\n STRING INT64 ENCRYPTED NUMBER PREFERRED AS x_".utf8)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<120, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? SchemaParser.parse(bytes: bytes)
        }
    }

    @Test func truncationAtEveryByteOfARealExportFailsOrParses() throws {
        let text = Array(SchemaPrinter.print(try SchemaParser.parse("""
        DEFINE SCHEMA CREATE ROLE R; RECORD TYPE A ("___recordID" REFERENCE QUERYABLE, n STRING SORTABLE, GRANT READ TO R);
        """)).utf8)
        for cut in 0..<text.count {
            do {
                _ = try SchemaParser.parse(bytes: Array(text[..<cut]))
            } catch {
                #expect(error.location.line >= 1 && error.location.column >= 1)
            }
        }
    }

    /// A schema past the stated ceiling is an input error at once, whatever it holds
    /// (issue 28: cost grows linearly up to a stated limit, Docs/performance.md "Hostile sizes").
    @Test func aSchemaPastTheCeilingIsAnError() throws {
        let header = Array("DEFINE SCHEMA RECORD TYPE A (x STRING);\n".utf8)
        let bytes = header + [UInt8](repeating: UInt8(ascii: " "), count: SchemaParser.byteLimit + 1 - header.count)
        let error = try #require(throws: SchemaParseError.self) { try SchemaParser.parse(bytes: bytes, file: "big.ckdb") }
        #expect(error.description == "big.ckdb:1:1: the schema is 67108865 bytes, more than the 64 MB (67108864 bytes) this tool reads: check that it is a CloudKit schema export")
    }
}
