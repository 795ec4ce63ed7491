/// Moving past what the parser does not read: statements, function bodies, brackets.
extension SwiftDeclarationParser {
    /// Whether the token at `position` can only begin a new declaration or end a body.
    func startsDeclaration(at position: Int) -> Bool {
        let token = tokens[position]
        switch token.kind {
        case .attribute: return true
        case .pound:
            switch token.word {
            case .if, .elseif, .else, .endif, .unique, .index: return true
            default: return false
            }
        case .identifier:
            return !token.escaped && (token.word?.isDeclarationKeyword == true || isModifier(at: position))
        case .punctuation: return token.byte == ASCII.closeBrace
        default: return false
        }
    }

    /// A function, initializer or subscript: signature, then the body if there is one.
    mutating func skipFunction() {
        index += 1
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation("{") {
                skipBalanced()
                return
            }
            if token.isPunctuation("}") || (token.newlineBefore && startsDeclaration(at: index)) { return }
            if token.isPunctuation("(") || token.isPunctuation("[") {
                skipBalanced()
            } else {
                index += 1
            }
        }
    }

    /// To the end of the statement: a line break at bracket depth 0 (unless the line ended
    /// with a comma), `;`, or the enclosing body's `}`.
    mutating func skipStatement() {
        var previous: LexedToken?
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation("}") || token.isPunctuation(";") { return }
            if token.newlineBefore, previous != nil, previous?.isPunctuation(",") != true { return }
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") {
                skipBalanced()
            } else {
                index += 1
            }
            previous = token
        }
    }

    /// From an opening `(`, `[` or `{` to just past its match. Counts only that bracket
    /// kind, so stray brackets of other kinds in broken code cannot derail it.
    mutating func skipBalanced() {
        _ = balancedRange()
    }

    /// The range of the tokens strictly inside the bracket at `index`, moving past its match.
    mutating func balancedRange() -> Range<Int> {
        // Punctuation is one byte: brackets are compared by it.
        let open = tokens[index].byte
        let close = open == ASCII.openParen ? ASCII.closeParen : open == ASCII.openBracket ? ASCII.closeBracket : ASCII.closeBrace
        let start = index + 1
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.byte == open { depth += 1 }
                if token.byte == close {
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return start..<(index - 1)
                    }
                }
            }
            index += 1
        }
        return start..<max(start, tokens.count)
    }

    /// `<...>` generic parameters or arguments (an arrow's `>` does not close them).
    mutating func skipAngles() {
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation("<") { depth += 1 }
            if token.isPunctuation(">"), !(index > 0 && isArrowStart(tokens[index - 1])) {
                depth -= 1
                if depth == 0 {
                    index += 1
                    return
                }
            }
            if token.isPunctuation("{") || token.isPunctuation("}") || token.isPunctuation(";") { return }
            index += 1
        }
    }

    /// An operator ending in `-`: with the `>` after it, an arrow (`->`), not a bracket.
    func isArrowStart(_ token: LexedToken) -> Bool {
        token.kind == .operator && token.lastByte(in: source) == ASCII.minus
    }
}
