import Foundation
import Testing
import TestSupport
@testable import ModelSource
@testable import SchemaGateBasics

/// The byte-level fast paths of the model reader against the general code they stand in
/// for: same answers on the inputs they take, and the general path on the rest.
@Suite struct FastPathTests {
    static let typeTexts = [
        "String", "String?", "Int!", "Swift.Int", "Foo.Bar.Baz?", "[String]", "[String]?", "[String: Int]", "[Tag]!",
        "Optional<Item>", "Swift.Optional<SchemaV2.Item>", "Set<String>", "Array<Tag>?", "ContiguousArray<Int>",
        "Dictionary<String, Int>", "Swift.Dictionary<A, B>?", "(Item)?", "((Item))", "(A, B)", "[[Int]]", "[Int]]",
        "Optional<[Item]>", "  String  ", "\tInt?\n", "Kind?? ", "Optional<", "Optional<>", "Array<[A: B]>", "[A: [B: C]]",
        "() -> Void", "(() -> Void)?", "some View", "any PersistentModel.Type", "Result<A, B>", "Foo<Bar>.Baz", ".Foo",
        "?", "", " ", "$0", "_x", "Ünïcode?", "e\u{301}?", "A\r\nB", "String\u{00A0}", "\u{2028}Int",
        "Optional<Optional<Optional<Int>>>", "Optional<Optional<Int>", "Optional<Int>>", "((([A])))?", "(A)(B)", "(()",
        "Optional<(A)>", "Optional< Optional <Int> >", "Optional<é>", "Optional<\u{301}Int>", "[A]?\u{301}",
    ]

    static func randomTypeText(_ generator: inout SeededGenerator) -> String {
        let pieces = ["A", "Int", "?", "!", "[", "]", ":", "<", ">", "(", ")", ".", " ", "Optional<", "Array<", "Set<",
                      "Dictionary<", ",", "\t", "é", "-> "]
        return (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test func asciiTypeShapesMatchTheCharacterPath() {
        var generator = SeededGenerator(seed: 42)
        let texts = Self.typeTexts + (0..<3_000).map { _ in Self.randomTypeText(&generator) }
        for text in texts {
            let shape = SwiftTypeShape(text)
            let general = SwiftTypeShape(characters: text)
            #expect(shape == general, "\(text.debugDescription)")
            // Both are the linear scan; the rules as first written (a scan per level) agree.
            #expect(general == ReferenceTypeShape.shape(text), "\(text.debugDescription)")
            #expect(shape.elementName == SwiftTypeShape(characters: general.element ?? general.base).base.lastComponentByCharacters,
                    "\(text.debugDescription)")
        }
    }

    /// `TypeText.annotated` reads the usual types off the tokens; what it gives must be the
    /// rendered text and the annotation taken apart from that text.
    @Test func typeAnnotationsFromTokensMatchTheTextPath() {
        var generator = SeededGenerator(seed: 17)
        let texts = Self.typeTexts + ["Tag?!", "[Item]??", "`Type`?", "[`default`]", "Ab$_9", "[A]] ", "[A?]", "[A.B]", "A.B?"]
            + (0..<3_000).map { _ in Self.randomTypeText(&generator) }
        var taken = 0
        for text in texts {
            let bytes = Array(text.utf8)
            let tokens = SwiftLexer.lex(bytes).tokens[...]
            guard let fast = TypeText.annotated(tokens, in: bytes) else { continue }
            taken += 1
            let rendered = TypeText.render(tokens, in: bytes)
            #expect(fast.text == rendered, "\(text.debugDescription)")
            #expect(fast.annotation == TypeAnnotation(rendered), "\(text.debugDescription)")
        }
        #expect(taken > 40)
    }

    @Test func trimmingMatchesCharacterWhitespace() {
        let texts = ["", " ", "a", " a ", "\ta\n", "a\r\n", "\u{00A0}a\u{2028}", "é ", " e\u{301}", "\u{85}x", "x\u{3000}", "ab"]
        for text in texts {
            var reference = Substring(text)
            while reference.first?.isWhitespace == true { reference = reference.dropFirst() }
            while reference.last?.isWhitespace == true { reference = reference.dropLast() }
            #expect(text.trimmed == String(reference), "\(text.debugDescription)")
        }
    }

    @Test func utf8CheckMatchesTheDecoder() {
        func reference(_ bytes: [UInt8]) -> Int? {
            var decoder = UTF8()
            var iterator = bytes.makeIterator()
            var offset = 0
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: return nil
                case .error: return offset
                }
            }
        }
        var generator = SeededGenerator(seed: 9)
        var inputs: [[UInt8]] = [[], Array("plain ascii text, long enough for words".utf8), Array("é日🎉".utf8), [0xFF], [0x41, 0xC3]]
        for _ in 0..<2_000 {
            var bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            if Bool.random(using: &generator), !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0x80...0xFF, using: &generator)
            }
            if Bool.random(using: &generator) { bytes += Array("ü€".utf8) }
            inputs.append(bytes)
        }
        for bytes in inputs { #expect(UTF8Check.firstInvalidOffset(bytes) == reference(bytes), "\(bytes)") }
    }

    @Test func byteSearchMatchesAPlainScan() {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 97...100, using: &generator) }
            let needle = (0..<Int.random(in: 1...4, using: &generator)).map { _ in UInt8.random(in: 97...100, using: &generator) }
            let start = Int.random(in: 0...max(0, haystack.count), using: &generator)
            let expected = haystack.count >= needle.count && start <= haystack.count - needle.count
                ? (start...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle } : nil
            #expect(ByteSearch.firstIndex(of: needle, in: haystack, from: start) == expected)
            #expect(haystack.withUnsafeBytes { ByteSearch.contains($0, needle) }
                == (ByteSearch.firstIndex(of: needle, in: haystack, from: 0) != nil))
        }
    }

    /// Types and initial values are remembered by their bytes while a file is read: each
    /// property must get what reading it alone gives, whether spelled like an earlier one,
    /// differently at the same length (`Int` and `Url`), or after more spellings than are kept,
    /// or alike but for a closing backtick the tokens' text leaves out.
    @Test func rememberedTypesAndValuesAreWhatReadingAloneGives() {
        var generator = SeededGenerator(seed: 7)
        let types = ["Int", "Url", "Int?", "[Tag]?", "[Tag]", "Tag?", "Set<Int>", "[String: Int]", "Kind"]
            + (0..<20).map { "T\($0)" }
        let values = ["Kind.one", "Kind.two", "Kind.one.rawValue", "[1, 2]", "[\"a\"]", "[]", "Date()", "Set<Int>()", "-1", "1",
                      "Kind.`default`", "Kind.`default"]
        let lines = (0..<200).map { index in
            "var p\(index): \(types.randomElement(using: &generator)!) = \(values.randomElement(using: &generator)!)"
        }
        func properties(_ body: [String]) -> [PropertyDeclaration] {
            let bytes = Array(("@Model final class A {\n" + body.joined(separator: "\n") + "\n}\n").utf8)
            return SwiftModelParser.parse(bytes, file: "").models.first?.properties ?? []
        }
        let together = properties(lines)
        #expect(together.count == lines.count)
        for (line, property) in zip(lines, together) {
            var alone = properties([line]).first
            alone?.line = property.line
            #expect(alone == property, "\(line)")
        }
    }

    @Test func numberLiteralsAndCapitalisedNames() {
        let numbers = ["0": DefaultValue.integer, "1_000": .integer, "0xFF": .integer, "0xE": .integer, "1.5": .float,
                       "1e5": .float, "1E-5": .float, "0x1p3": .float, "0X1P3": .float, "07": .integer]
        for (text, kind) in numbers {
            let bytes = Array(text.utf8)
            #expect(DefaultValueClassifier.classify(SwiftLexer.lex(bytes).tokens[...], in: bytes) == kind, "\(text)")
        }
        for text in ["Item", "item", "É", "é", "E\u{301}x", "e\u{301}", "_x", "1", "", "Ǆ", "ǅ", "A"] {
            #expect(DefaultValueClassifier.startsUppercase(text) == (text.first?.isUppercase == true), "\(text.debugDescription)")
        }
    }
}

private extension String {
    /// `SwiftTypeShape.lastComponent` as it was written for characters.
    var lastComponentByCharacters: String {
        var depth = 0
        var lastDot: String.Index?
        for index in indices {
            switch self[index] {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "." where depth == 0: lastDot = index
            default: break
            }
        }
        guard let lastDot else { return self }
        return String(self[self.index(after: lastDot)...])
    }
}

/// The one-pass hint scan against a plain search for each word: it may say yes to a
/// file the exact tests then reject, never no to one that holds a word.
@Suite struct ModelHintScanTests {
    static let words = ["odel", "Schema", "typealias", "enum"]

    static func naive(_ bytes: [UInt8]) -> Bool {
        words.map { Array($0.utf8) }.contains { word in
            bytes.count >= word.count && (0...(bytes.count - word.count)).contains { Array(bytes[$0..<($0 + word.count)]) == word }
        }
    }

    @Test func findsEachWordAtEveryOffsetAndLength() {
        for word in Self.words {
            for length in [word.count, 15, 16, 17, 31, 32, 33, 100] where length >= word.count {
                for offset in 0...(length - word.count) {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes.replaceSubrange(offset..<(offset + word.count), with: Array(word.utf8))
                    #expect(ModelHintScan.mayMentionModels(bytes), "\(word) at \(offset) of \(length)")
                }
            }
        }
    }

    @Test func agreesWithAPlainSearchOnRandomText() {
        var generator = SeededGenerator(seed: 11)
        // Pieces of the words, so near misses and pairs without their word are common.
        let pieces = ["o", "d", "od", "ode", "Mod", "odel", "S", "Sc", "Schem", "Schema", "yp", "typ", "typealia", "typealias",
                      "um", "nu", "enu", "enum", " ", "\n", "x", "é", "\u{0}"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            #expect(ModelHintScan.mayMentionModels(bytes) == Self.naive(bytes), "\(text.debugDescription)")
        }
    }

    @Test func emptyAndTinyInputs() {
        #expect(!ModelHintScan.mayMentionModels([]))
        #expect(!ModelHintScan.mayMentionModels(Array("o".utf8)))
        #expect(!ModelHintScan.mayMentionModels(Array("struct View { var title = \"\" }".utf8)))
        #expect(ModelHintScan.mayMentionModels(Array("@Model final class Item {}".utf8)))
    }
}
