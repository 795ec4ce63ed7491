import Testing
@testable import SchemaGate

@Suite struct JSONCParserTests {
    @Test func parsesJSONWithCommentsAndTrailingCommas() throws {
        let node = try JSONCParser.parse("""
        // leading comment
        {
          "a": 1, /* inline */ "b": [true, false, null,],
          "c": "x\\"y\\u00e9\\ud83d\\ude00", // trailing
        }
        """)
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b", "c"])
        #expect(members[0].value.value == .number(1))
        #expect(members[1].value.value == .array([
            JSONNode(value: .bool(true), line: 3), JSONNode(value: .bool(false), line: 3), JSONNode(value: .null, line: 3),
        ]))
        #expect(members[2].value.value == .string("x\"yé😀"))
        #expect(members[2].value.line == 4)
    }

    @Test func acceptsAByteOrderMark() throws {
        #expect(try JSONCParser.parse("\u{FEFF}{}").value == .object([]))
    }

    @Test(arguments: [
        ("{\"a\": 1", 1, "unexpected end of file inside an object"),
        ("{\n  \"a\" 1}", 2, "expected ':' after key \"a\""),
        ("{'a': 1}", 1, "expected a quoted key"),
        ("[1 2]", 1, "expected ',' or ']'"),
        ("{\"a\": tru}", 1, "unexpected word"),
        ("{\"a\": 01}", 1, "invalid number '01'"),
        ("{\"a\": \"x\ny\"}", 1, "unterminated string"),
        ("{} {}", 1, "unexpected text after the end"),
        ("/* never closed", 1, "unterminated /* comment"),
        ("{\"a\": \"\\q\"}", 1, "unknown escape"),
        ("\"\\ud800\"", 1, "unpaired surrogate"),
        ("", 1, "unexpected end of file; expected a value"),
    ])
    func reportsSyntaxErrorsWithTheirLine(text: String, line: Int, message: String) {
        #expect {
            try JSONCParser.parse(text)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == line && error.message.contains(message)
        }
    }

    @Test func boundsNestingDepth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONCParser.parse(deep) }
    }
}
