import Testing
@testable import CloudKitSchema

@Suite struct PrinterTests {
    @Test func canonicalLayout() throws {
        let schema = try SchemaParser.parse("""
        DEFINE SCHEMA
        RECORD TYPE b (zeta STRING, "alpha" INT64 SORTABLE QUERYABLE, GRANT WRITE TO "_creator", GRANT READ TO "_world", GRANT CREATE TO "_creator");
        create role Z; create role A;
        RECORD TYPE A ("___recordID" REFERENCE QUERYABLE, "TYPE" STRING, "x.y" LIST<ENCRYPTED STRING>, CD_x NUMBER PREFERRED AS INT64);
        """)
        #expect(SchemaPrinter.print(schema) == """
        DEFINE SCHEMA

            CREATE ROLE Z;
            CREATE ROLE A;

            RECORD TYPE A (
                CD_x          NUMBER PREFERRED AS INT64,
                "TYPE"        STRING,
                "___recordID" REFERENCE QUERYABLE,
                "x.y"         LIST<ENCRYPTED STRING>
            );

            RECORD TYPE b (
                alpha INT64 QUERYABLE SORTABLE,
                zeta  STRING,
                GRANT CREATE, WRITE TO "_creator",
                GRANT READ TO "_world"
            );

        """)
    }

    @Test func asciiOrderPutsUppercaseFirst() {
        #expect(asciiLess("CSVImport", "Category"))
        #expect(asciiLess("Zebra", "apple"))
    }
}

@Suite struct DiffTests {
    static let reference = try! SchemaParser.parse("""
    DEFINE SCHEMA CREATE ROLE Admin;
    RECORD TYPE A (a STRING QUERYABLE, b INT64, c BYTES, GRANT READ TO "_world");
    RECORD TYPE B (x STRING);
    """)

    @Test func identicalModuloLayoutHasNoDifferences() throws {
        let relaid = try SchemaParser.parse("""
        -- reordered, requoted, commented
        DEFINE SCHEMA RECORD TYPE "B" ("x" STRING); create role "Admin";
        RECORD TYPE A (c BYTES, /* note */ "b" INT64, a STRING QUERYABLE, GRANT READ TO _world);
        """)
        #expect(SchemaDiff.differences(from: Self.reference, to: relaid).isEmpty)
    }

    @Test func everyKindOfDifference() throws {
        let target = try SchemaParser.parse("""
        DEFINE SCHEMA CREATE ROLE Extra;
        RECORD TYPE A (a STRING, b STRING, d DOUBLE, GRANT READ, WRITE TO "_world");
        RECORD TYPE C (y STRING);
        """)
        let differences = SchemaDiff.differences(from: Self.reference, to: target)
        #expect(differences.count == 9)
        #expect(differences.contains(.missingRole("Admin")))
        #expect(differences.contains(.extraRole("Extra")))
        #expect(differences.contains { if case .missingRecordType(let t) = $0 { return t.name == "B" }; return false })
        #expect(differences.contains { if case .extraRecordType(let t) = $0 { return t.name == "C" }; return false })
        #expect(differences.contains { if case .missingField("A", let f) = $0 { return f.name == "c" }; return false })
        #expect(differences.contains { if case .extraField("A", let f) = $0 { return f.name == "d" }; return false })
        #expect(differences.contains { if case .fieldTypeMismatch("A", let e, let a) = $0 { return e.type == .primitive(.int64) && a.type == .primitive(.string) }; return false })
        #expect(differences.contains { if case .indexOptionsDiffer("A", let e, let a) = $0 { return e.options == .queryable && a.options == [] }; return false })
        #expect(differences.contains(.permissionsDiffer(recordType: "A", role: "_world", expected: .read, actual: [.read, .write])))
    }

    @Test func grantsMergeAcrossLines() throws {
        let split = try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE A (GRANT READ TO r, GRANT WRITE TO r);")
        let merged = try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE A (GRANT READ, WRITE TO r);")
        #expect(SchemaDiff.differences(from: split, to: merged).isEmpty)
        let readOnly = try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE A (GRANT READ TO r);")
        #expect(SchemaDiff.differences(from: merged, to: readOnly) == [.permissionsDiffer(recordType: "A", role: "r", expected: [.read, .write], actual: .read)])
    }

    /// Pairs of names Swift's `==` calls equal (canonically equivalent) whose bytes differ:
    /// CloudKit tells them apart, and so must every comparison of names (ExactName).
    static let equivalentPairs: [(String, String)] = [
        ("caf\u{E9}", "cafe\u{301}"), ("\u{C5}ngstr\u{F6}m", "A\u{30A}ngstro\u{308}m"), ("\u{212B}", "\u{C5}"),
        ("\u{2126}mega", "\u{3A9}mega"), ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"), ("q\u{323}\u{307}", "q\u{307}\u{323}"),
    ]

    @Test func canonicallyEquivalentNamesAreDifferentNames() throws {
        for (first, second) in Self.equivalentPairs {
            #expect(first == second, "the pair must be equal to Swift, or it proves nothing")
            func schema(_ name: String) throws -> Schema {
                try SchemaParser.parse("""
                DEFINE SCHEMA CREATE ROLE "R\(name)";
                RECORD TYPE "T\(name)" ("f\(name)" STRING, GRANT READ TO "R\(name)");
                """)
            }
            let a = try schema(first), b = try schema(second)
            #expect(SchemaDiff.differences(from: a, to: a).isEmpty)
            #expect(a != b)
            let differences = SchemaDiff.differences(from: a, to: b)
            #expect(differences.contains(.missingRole("R" + first)) && differences.contains(.extraRole("R" + second)), "\(differences)")
            #expect(differences.contains { if case .missingRecordType(let t) = $0 { return t.name.isExactly("T" + first) }; return false })
            #expect(a.recordType(named: "T" + second) == nil && a.recordType(named: "T" + first) != nil)
            #expect(a.recordTypes[0].field(named: "f" + second) == nil)
            // One record type may hold both: they are two fields, not one defined twice.
            let both = try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE T (\"\(first)\" STRING, \"\(second)\" STRING);")
            #expect(both.recordTypes[0].fields.count == 2)
            let fieldDiff = SchemaDiff.differences(from: both, to: try SchemaParser.parse("DEFINE SCHEMA RECORD TYPE T (\"\(first)\" STRING);"))
            #expect(fieldDiff.count == 1, "\(fieldDiff)")
        }
    }
}
