import Testing
@testable import ModelSource

@Suite struct SwiftLexerTests {
    func tokens(_ source: String) -> [SwiftToken] { SwiftLexer.tokenize(Array(source.utf8)) }
    func texts(_ source: String) -> [String] { tokens(source).map(\.text) }

    @Test func nestedBlockCommentsAreOneComment() {
        #expect(texts("a /* x /* y */ z } */ b") == ["a", "b"])
        #expect(texts("a // @Model {\nb") == ["a", "b"])
    }

    @Test func everyStringFormIsOneToken() {
        let source = #"""
        x = "a \" b" + #"raw "q" \(no)"# + ##"two "# deep"## + "\(f("s)", g(1)))" + "\(a /* ) */ + b)"
        """#
        let strings = tokens(source).filter { $0.kind == .string }.map(\.text)
        #expect(strings == [#"a \" b"#, #"raw "q" \(no)"#, ##"two "# deep"##, #"\(f("s)", g(1)))"#, #"\(a /* ) */ + b)"#])
        #expect(tokens(source).filter { $0.kind == .identifier }.map(\.text) == ["x"])
    }

    @Test func multiLineStringsCountTheirLines() {
        let source = "let a = \"\"\"\n  one \"\" two\n  \\(x + \"}\")\n  \"\"\"\nlet b = 1"
        let all = tokens(source)
        #expect(all.first { $0.text == "b" }?.line == 5)
        #expect(all.first { $0.text == "b" }?.newlineBefore == false)
        #expect(all.first { $0.text == "let" && $0.line == 5 }?.newlineBefore == true)
    }

    @Test func rawMultiLineStringsEndOnlyWithTheirHashes() {
        let source = "s = #\"\"\"\n\"\"\" not the end\n\"\"\"#\nnext"
        #expect(texts(source).last == "next")
        #expect(tokens(source).filter { $0.kind == .string }.count == 1)
    }

    @Test func attributesPoundsAndEscapedNames() {
        let all = tokens("@Model @SwiftData.Model #if DEBUG `default` #Unique")
        #expect(all.map(\.kind) == [.attribute, .attribute, .pound, .identifier, .identifier, .pound])
        #expect(all.map(\.text) == ["Model", "SwiftData.Model", "if", "DEBUG", "default", "Unique"])
        #expect(all[4].escaped && !all[3].escaped)
    }

    @Test func extendedRegexLiteralsHideTheirBraces() {
        #expect(texts("let r = #/ { \" /#\nnext") .last == "next")
    }

    /// Bare `/regex/` literals (Swift 6) hide quotes and braces; division stays division.
    @Test func bareRegexLiteralsHideTheirQuotesAndBraces() {
        #expect(texts("let r = /\"[{]\"/\nnext") == ["let", "r", "=", "/\"[{]\"/", "next"])
        #expect(texts("s.contains(/[/]\\/x/)") == ["s", ".", "contains", "(", "/[/]\\/x/", ")"])
        #expect(texts("return /a{/ == x") == ["return", "/a{/", "==", "x"])
        #expect(texts("case /}/: break").first == "case")
        #expect(texts("case /}/: break").dropFirst().first == "/}/")
    }

    @Test func divisionIsNotARegex() {
        #expect(texts("let x = a / b / c") == ["let", "x", "=", "a", "/", "b", "/", "c"])
        #expect(texts("let y = (a)/2/3") == ["let", "y", "=", "(", "a", ")", "/", "2", "/", "3"])
        #expect(texts("n /= 2") == ["n", "/=", "2"])
        #expect(texts("x = / a /") == ["x", "=", "/", "a", "/"])
        // No closing slash on the line, an unbalanced `)`, or a space before the end.
        #expect(texts("x = /a\n/b") == ["x", "=", "/", "a", "/", "b"])
        #expect(texts("f(x = /a) + b/") == ["f", "(", "x", "=", "/", "a", ")", "+", "b", "/"])
        #expect(texts("x = /a /") == ["x", "=", "/", "a", "/"])
    }

    @Test func operatorsAndOptionals() {
        #expect(texts("a: [Int]?? = b != c -> d") == ["a", ":", "[", "Int", "]", "?", "?", "=", "b", "!=", "c", "-", ">", "d"])
    }

    @Test func unterminatedLiteralsEndAtTheLineOrFile() {
        #expect(texts("a = \"open\nb") == ["a", "=", "open", "b"])
        #expect(texts("a /* open").count == 1)
        #expect(texts("s = \"\"\"\nnever closed").count == 3)
    }

    /// Tokens hold offsets as `UInt32`: a file over the lexer's byte limit is read up to it
    /// and reported there as an input error, never read in part as if it were whole.
    @Test func aFileOverTheByteLimitIsAnInputErrorAtTheLimit() {
        let bytes = Array("let a = 1\nlet b = 2\n".utf8)
        let (tokens, offset) = SwiftLexer.lex(bytes, byteLimit: 12)
        #expect(offset == 12)
        #expect(tokens.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) } == ["let", "a", "=", "1", "le"])
        #expect(SwiftLexer.lex(bytes, byteLimit: bytes.count).controlByteOffset == nil)
        let diagnostic = SwiftSourceBytes.diagnostic(bytes, offset: 12, file: "A.swift", byteLimit: 12)
        #expect(diagnostic.kind == .parseError && diagnostic.line == 2)
        #expect(diagnostic.message.contains("larger than 12 bytes"))
    }

    /// Token text is built two ways, as a small string up to 15 bytes and by decoding past
    /// that: both give the file's bytes, ASCII or not, on either side of the limit.
    @Test func tokenTextIsTheFilesBytesAtEveryLength() {
        for length in 1...20 {
            for name in [String(repeating: "a", count: length), "é" + String(repeating: "b", count: length)] {
                #expect(texts("x \(name) \"\(name)\" y") == ["x", name, name, "y"])
                #expect(texts("x \(name)") == ["x", name])
            }
        }
    }

    /// The lexer writes into an array sized for a token per four bytes; a file denser than
    /// that (here a token per byte) moves its tokens to memory of its own and loses none.
    @Test func tokensDenserThanTheEstimateAreAllKept() {
        let bytes = Array((String(repeating: "(,", count: 300) + "x").utf8)
        let lexed = SwiftLexer.lex(bytes).tokens
        #expect(lexed.count == 601)
        #expect(lexed.dropLast().allSatisfy { $0.kind == .punctuation && $0.byte == bytes[$0.start] })
        #expect(lexed.last.map { $0.kind == .identifier && $0.start == 600 && $0.end == 601 } == true)
    }
}
