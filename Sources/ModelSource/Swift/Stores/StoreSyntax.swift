/// One Swift file as the store reading sees it (`StoreSites`): its tokens, the match of
/// every bracket, the calls of the types stores are built from, and the names the file
/// binds with `let` / `var`. Read from the model reader's lexer, so comments, strings and
/// regex literals hide code from this reading exactly as from the model reader's.
struct StoreSyntax {
    let tokens: [LexedToken]
    let source: [UInt8]
    /// For each `(`, `[`, `{`: the index of its match (nil: never closed).
    let matches: [Int?]

    init(tokens: [LexedToken], source: [UInt8]) {
        self.tokens = tokens
        self.source = source
        matches = Self.matchingBrackets(tokens)
    }

    /// A call of one of `calleeWords`, with its arguments split at top-level commas.
    struct Call: Equatable {
        var callee: SwiftWord
        /// The callee name's position among the tokens, and its 1-based line.
        var position: Int
        var line: Int
        /// The `(` and the `)` closing it (`tokens.count` when the file never closes it).
        var open: Int
        var close: Int
        var arguments: [Argument]

        func argument(_ label: SwiftWord) -> Argument? { arguments.first { $0.labelWord == label } }

        /// The argument labelled so (for labels that are no `SwiftWord`).
        func argument(_ label: String) -> Argument? { arguments.first { $0.label == label } }
    }

    struct Argument: Equatable {
        /// The label as written (`cloudKitDatabase`), nil for an unlabeled argument.
        var label: String?
        var labelWord: SwiftWord?
        /// The value's tokens.
        var value: Range<Int>
    }

    /// Whether the token at `index` is the unescaped name `text` (names the store reading
    /// asks about that are no `SwiftWord`).
    func isName(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier && !tokens[index].escaped
            && tokens[index].length == text.utf8.count && tokens[index].text(in: source) == text
    }

    /// The types (and the one modifier, `.modelContainer`) whose calls build or configure a store.
    static let calleeWords: Set<SwiftWord> = [
        .modelConfiguration, .modelContainerType, .schema, .modelContainer, .persistentContainer, .cloudKitContainer,
        .cloudKitContainerOptionsType, .storeDescription,
    ]

    /// Every call of `calleeWords` in file order: `Name(`, `Name.init(`, `SwiftData.Name(`,
    /// and `.init(` given to a variable annotated `: Name`; `.modelContainer(` only as a member
    /// (a modifier), the types never as one (`settings.ModelConfiguration(` is not the type).
    func calls() -> [Call] {
        var calls: [Call] = []
        for index in tokens.indices where tokens[index].kind == .identifier && !tokens[index].escaped {
            guard let word = tokens[index].word, Self.calleeWords.contains(word) else { continue }
            let member = word == .modelContainer
            guard isMember(at: index) == member,
                  let open = openParen(after: index) ?? (member ? nil : initializerParen(afterAnnotationAt: index)) else { continue }
            let close = matches[open] ?? tokens.count
            calls.append(Call(
                callee: word, position: index, line: tokens[index].line, open: open, close: close,
                arguments: arguments(open + 1..<close)))
        }
        return calls
    }

    /// `.callee`, unless the dot follows `SwiftData` (the type spelled with its module).
    private func isMember(at index: Int) -> Bool {
        guard index > 0, tokens[index - 1].isPunctuation(".") else { return false }
        return !(index > 1 && tokens[index - 2].isKeyword(.swiftData))
    }

    /// Whether the token right after `index`, on the same line, is punctuation `scalar`.
    private func follows(_ scalar: Unicode.Scalar, after index: Int) -> Bool {
        let next = index + 1
        return next < tokens.count && !tokens[next].newlineBefore && tokens[next].isPunctuation(scalar)
    }

    private func followsWord(_ word: SwiftWord, after index: Int) -> Bool {
        let next = index + 1
        return next < tokens.count && !tokens[next].newlineBefore && tokens[next].isKeyword(word)
    }

    /// The `(` of `Name(` or `Name.init(`, or nil when this is no call (an annotation...).
    private func openParen(after index: Int) -> Int? {
        var cursor = index
        if follows(".", after: cursor), followsWord(.initializer, after: cursor + 1) { cursor += 2 }
        return follows("(", after: cursor) ? cursor + 1 : nil
    }

    /// `Name = .init(`, `Name? = .init(` after an annotation (`let c: Name = .init(...)`).
    private func initializerParen(afterAnnotationAt index: Int) -> Int? {
        var cursor = index
        while follows("?", after: cursor) || follows("!", after: cursor) { cursor += 1 }
        guard follows("=", after: cursor), follows(".", after: cursor + 1), followsWord(.initializer, after: cursor + 2),
              follows("(", after: cursor + 3) else { return nil }
        return cursor + 4
    }

    /// The arguments in `range` (inside a call's parentheses), split at top-level commas.
    func arguments(_ range: Range<Int>) -> [Argument] {
        elements(range).map { part in
            if part.count >= 2, tokens[part.lowerBound].kind == .identifier, tokens[part.lowerBound + 1].isPunctuation(":") {
                let label = tokens[part.lowerBound]
                return Argument(label: label.text(in: source), labelWord: label.word, value: part.lowerBound + 2..<part.upperBound)
            }
            return Argument(label: nil, labelWord: nil, value: part)
        }
    }

    /// `range` split at the commas outside brackets; empty parts are dropped.
    func elements(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .punctuation {
                if let close = closing(index) {
                    index = min(close, range.upperBound - 1) + 1
                    continue
                }
                if token.byte == UInt8(ascii: ",") {
                    if start < index { parts.append(start..<index) }
                    start = index + 1
                }
            }
            index += 1
        }
        if start < range.upperBound { parts.append(start..<range.upperBound) }
        return parts
    }

    /// The match of the bracket opening at `index`, if it is one.
    func closing(_ index: Int) -> Int? {
        let byte = tokens[index].byte
        guard tokens[index].kind == .punctuation, byte == ASCII.openParen || byte == ASCII.openBracket || byte == ASCII.openBrace else {
            return nil
        }
        return matches[index] ?? tokens.count - 1
    }

    func text(_ range: Range<Int>) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        return String(decoding: source[tokens[first].start..<tokens[last].end], as: UTF8.self)
    }

    /// The value of a string literal token with no interpolation, else nil.
    func literal(at index: Int) -> String? {
        guard index < tokens.count, tokens[index].kind == .string else { return nil }
        let text = tokens[index].text(in: source)
        return text.contains("\\") ? nil : text
    }

    /// For each `(`, `[` and `{`, the index of its match, found in one pass.
    static func matchingBrackets(_ tokens: [LexedToken]) -> [Int?] {
        var matches = [Int?](repeating: nil, count: tokens.count)
        var open: [Int] = []
        for index in tokens.indices where tokens[index].kind == .punctuation {
            switch tokens[index].byte {
            case ASCII.openParen, ASCII.openBracket, ASCII.openBrace:
                open.append(index)
            case ASCII.closeParen, ASCII.closeBracket, ASCII.closeBrace:
                // A stray closer (unbalanced input) closes nothing.
                if let start = open.popLast() { matches[start] = index }
            default:
                break
            }
        }
        return matches
    }

    // MARK: - Names the file binds

    /// `let NAME = value`, `var NAME: T = value`, `guard let NAME = value`: where each
    /// binding's value starts (after `try`, `try?`, `try!`, `await`), in file order.
    func bindings() -> [(name: String, value: Int, position: Int)] {
        var found: [(name: String, value: Int, position: Int)] = []
        var index = 0
        while index + 2 < tokens.count {
            defer { index += 1 }
            guard tokens[index].isKeyword(.let) || tokens[index].isKeyword(.var), tokens[index + 1].kind == .identifier else { continue }
            var cursor = index + 2
            if tokens[cursor].isPunctuation(":") { cursor = endOfAnnotation(from: cursor + 1) }
            guard cursor < tokens.count, tokens[cursor].isPunctuation("=") else { continue }
            cursor += 1
            while cursor < tokens.count, tokens[cursor].isKeyword(.try) || tokens[cursor].isKeyword(.await)
                    || tokens[cursor].isPunctuation("?") || tokens[cursor].isPunctuation("!") {
                cursor += 1
            }
            guard cursor < tokens.count else { continue }
            found.append((tokens[index + 1].text(in: source), cursor, index + 1))
        }
        return found
    }

    /// The `=` after a type annotation starting at `start` (or where the annotation ends).
    private func endOfAnnotation(from start: Int) -> Int {
        var cursor = start
        while cursor < tokens.count {
            let token = tokens[cursor]
            if cursor > start, token.newlineBefore { return cursor }
            if token.kind == .punctuation {
                if token.byte == ASCII.equals || token.byte == ASCII.openBrace || token.byte == UInt8(ascii: ",") { return cursor }
                if let close = closing(cursor) {
                    cursor = close + 1
                    continue
                }
            }
            cursor += 1
        }
        return cursor
    }

    /// Where a value that starts at `start` ends: at the end of its line (unless the next
    /// line continues it with `.`), a `;`, or a closer of an enclosing bracket.
    func endOfValue(from start: Int) -> Int {
        var cursor = start
        while cursor < tokens.count {
            let token = tokens[cursor]
            if cursor > start, token.newlineBefore, !token.isPunctuation("."), !token.isPunctuation("?"), !token.isPunctuation(":"),
               token.kind != .operator {
                return cursor
            }
            if token.kind == .punctuation {
                if let close = closing(cursor) {
                    cursor = close + 1
                    continue
                }
                let byte = token.byte
                if byte == UInt8(ascii: ";") || byte == ASCII.closeParen || byte == ASCII.closeBracket || byte == ASCII.closeBrace
                    || byte == UInt8(ascii: ",") {
                    return cursor
                }
            }
            cursor += 1
        }
        return cursor
    }

    /// Where a binding lives, which decides whether other files can name it.
    enum Owner: Equatable {
        /// At file scope: `name` from anywhere.
        case global
        /// Directly in a type's body (`static let name`): `Type.name`.
        case type(String)
        /// In a function, closure or accessor: no other file can name it.
        case local
    }

    /// The owner of the binding whose name is at `position`: the innermost brace around it,
    /// when that is a type's (or an extension's) body.
    func owner(ofBindingAt position: Int) -> Owner {
        var innermost: Int?
        for open in braceOpeners where open < position {
            guard let close = matches[open], position < close else { continue }
            if innermost.map({ open > $0 }) ?? true { innermost = open }
        }
        guard let innermost else { return .global }
        return typeBodies[innermost].map(Owner.type) ?? .local
    }

    /// Every `{`, in order.
    private var braceOpeners: [Int] { tokens.indices.filter { tokens[$0].isPunctuation("{") } }

    /// The `{` of each type's or extension's body, with the type's (last) name.
    private var typeBodies: [Int: String] {
        var bodies: [Int: String] = [:]
        for index in tokens.indices.dropLast() where tokens[index].kind == .identifier {
            guard let word = tokens[index].word, [.struct, .class, .enum, .actor, .extension].contains(word),
                  tokens[index + 1].kind == .identifier, tokens[index + 1].word == nil || tokens[index + 1].word?.isDeclarationKeyword == false,
                  !(tokens[index + 1].word?.isModifier ?? false) else { continue }
            // The name (dotted for an extension), then the first `{` after it.
            var last = index + 1
            while last + 2 < tokens.count, tokens[last + 1].isPunctuation("."), tokens[last + 2].kind == .identifier { last += 2 }
            guard let open = (last + 1..<tokens.count).first(where: { tokens[$0].isPunctuation("{") || tokens[$0].isPunctuation("}") }),
                  tokens[open].isPunctuation("{") else { continue }
            bodies[open] = tokens[last].text(in: source)
        }
        return bodies
    }

    /// Whether the file imports XCTest or Testing: test code, never the app.
    func importsTestFramework() -> Bool {
        tokens.indices.dropLast().contains { index in
            tokens[index].isKeyword(.import) && (tokens[index + 1].isKeyword(.xcTest) || tokens[index + 1].isKeyword(.testing))
        }
    }

    /// Token ranges of `#Preview { ... }` bodies: the model list scanner's reading.
    func previewBodies() -> [ClosedRange<Int>] {
        ModelListScanner.previewBodies(in: tokens, matches: matches)
    }
}
