import ModelSource

/// Finds calls like `ModelConfiguration(...)` in Swift source, read by the model reader's
/// lexer (`SwiftSourceTokens`: comments are gone, each string or regex literal is one
/// token), and splits their top-level arguments into labels and values.
struct SwiftCall: Equatable {
    struct Argument: Equatable {
        var label: String?
        /// The value as code, tokens joined (`.private("")`: string contents left out).
        var value: String
    }

    /// The 1-based line of the callee name.
    var line: Int
    /// The callee name's position among the file's tokens.
    var position: Int
    var arguments: [Argument]

    func argument(_ label: String) -> Argument? { arguments.first { $0.label == label } }
}

enum SwiftCallScanner {
    /// Every call of `callee` (also `callee.init(`, `SwiftData.callee(`, and `.init(` given
    /// to a variable annotated `: callee`). With `member: true`, only `.callee(` (a method
    /// or modifier call) matches. A call's arguments are not searched for another.
    static func calls(of callee: String, in tokens: [SwiftToken], member: Bool = false) -> [SwiftCall] {
        var calls: [SwiftCall] = []
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .identifier, tokens[index].text == callee,
                  isMember(at: index, in: tokens) == member,
                  let open = openParen(after: index, in: tokens)
                    ?? (member ? nil : initializerParen(afterAnnotationAt: index, in: tokens))
            else { continue }
            let (arguments, end) = splitArguments(from: open, in: tokens)
            calls.append(SwiftCall(line: tokens[index].line, position: index, arguments: arguments))
            index = end - 1
        }
        return calls
    }

    /// `.callee`, unless the dot follows `SwiftData` (the type spelled with its module).
    private static func isMember(at index: Int, in tokens: [SwiftToken]) -> Bool {
        guard index > 0, tokens[index - 1].isPunctuation(".") else { return false }
        return !(index > 1 && tokens[index - 2].isKeyword("SwiftData"))
    }

    /// The token on the same line right after `index`, if it is `text`.
    private static func follows(_ text: String, after index: Int, in tokens: [SwiftToken]) -> Bool {
        let next = index + 1
        guard next < tokens.count, !tokens[next].newlineBefore else { return false }
        let token = tokens[next]
        return token.text == text && (token.kind == .punctuation || (token.kind == .identifier && !token.escaped))
    }

    /// The position of `(` opening the argument list after the callee at `index` (`Name(`,
    /// `Name.init(`), or nil when this is no call (a type annotation, an extension...).
    private static func openParen(after index: Int, in tokens: [SwiftToken]) -> Int? {
        var cursor = index
        if follows(".", after: cursor, in: tokens), follows("init", after: cursor + 1, in: tokens) { cursor += 2 }
        return follows("(", after: cursor, in: tokens) ? cursor + 1 : nil
    }

    /// `callee = .init(`, `callee? = .init(` after a type annotation (`let c: callee =
    /// .init(...)`): the position of that initializer's paren, or nil.
    private static func initializerParen(afterAnnotationAt index: Int, in tokens: [SwiftToken]) -> Int? {
        var cursor = index
        while follows("?", after: cursor, in: tokens) || follows("!", after: cursor, in: tokens) { cursor += 1 }
        guard follows("=", after: cursor, in: tokens), follows(".", after: cursor + 1, in: tokens),
              follows("init", after: cursor + 2, in: tokens), follows("(", after: cursor + 3, in: tokens) else { return nil }
        return cursor + 4
    }

    /// The arguments between the paren at `open` and its match, and the position after it.
    /// Unbalanced input ends at the end of the file.
    private static func splitArguments(from open: Int, in tokens: [SwiftToken]) -> ([SwiftCall.Argument], Int) {
        var depth = 0
        var arguments: [SwiftCall.Argument] = []
        var start = open + 1
        for index in open..<tokens.count where tokens[index].kind == .punctuation {
            switch tokens[index].text {
            case "(", "[", "{":
                depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 {
                    appendArgument(tokens[start..<index], to: &arguments)
                    return (arguments, index + 1)
                }
            case "," where depth == 1:
                appendArgument(tokens[start..<index], to: &arguments)
                start = index + 1
            default:
                break
            }
        }
        appendArgument(tokens[min(start, tokens.count)...], to: &arguments)
        return (arguments, tokens.count)
    }

    /// `label: value` (an identifier, then a colon), or a value alone.
    private static func appendArgument(_ tokens: ArraySlice<SwiftToken>, to arguments: inout [SwiftCall.Argument]) {
        guard let first = tokens.first else { return }
        let second = tokens.dropFirst().first
        if first.kind == .identifier, second?.isPunctuation(":") == true {
            arguments.append(.init(label: first.text, value: code(tokens.dropFirst(2))))
        } else {
            arguments.append(.init(label: nil, value: code(tokens)))
        }
    }

    /// Tokens as code: names kept apart by a space, everything else joined, string and
    /// regex literals as `""`.
    static func code(_ tokens: ArraySlice<SwiftToken>) -> String {
        var text = ""
        var previous: SwiftToken.Kind?
        for token in tokens {
            let isWord = token.kind == .identifier || token.kind == .number
            if isWord, previous == .identifier || previous == .number { text += " " }
            text += token.kind == .string ? "\"\"" : token.text
            previous = token.kind
        }
        return text
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        let characters = drop { $0.isWhitespace }
        return String(characters.reversed().drop { $0.isWhitespace }.reversed())
    }
}
