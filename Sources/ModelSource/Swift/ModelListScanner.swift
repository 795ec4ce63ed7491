/// Finds the calls that register model types, wherever they are (an `App` initializer,
/// a view modifier, a helper): `Schema([A.self, B.self])`, `Schema(versionedSchema:
/// V2.self)`, `ModelContainer(for: A.self, B.self, configurations: ...)` and
/// `.modelContainer(for: [A.self])`.
///
/// Previews and tests often register a subset of the models in memory; those calls
/// (inside `#Preview`, or with `inMemory: true` / `isStoredInMemoryOnly: true`) are not
/// the app's registration and are left out.
enum ModelListScanner {
    static func calls(in tokens: [LexedToken], source: [UInt8]) -> [ModelListDeclaration] {
        let (calls, hasPreview) = registeringCalls(in: tokens)
        guard !calls.isEmpty else { return [] }
        var lists: [ModelListDeclaration] = []
        // Most files hold no `#Preview`: the matching of every bracket its bodies need is skipped.
        var previews = PreviewBodies(hasPreview ? previewBodies(in: tokens, matches: matchingBrackets(in: tokens)) : [])
        for (index, closing) in calls {
            let token = tokens[index]
            guard let close = closing, close - index < longestCall, !previews.contains(index) else { continue }
            let arguments = Array(tokens[(index + 2)..<close])
            if token.word == .schema {
                lists += schemaCall(arguments, line: token.line, source: source)
            } else if !isInMemory(arguments) {
                // Nested calls (`Schema(versionedSchema: V2.self)`) are scanned on their own.
                let names = selfReferences(in: outsideCalls(labeled(arguments, keeping: .for)), source: source)
                if !names.isEmpty { lists.append(ModelListDeclaration(source: .call, scope: [], names: names, line: token.line)) }
            }
        }
        return lists
    }

    /// Each `Schema(`, `ModelContainer(`, `modelContainer(` in order: the index of its name,
    /// and of the `)` that closes its `(` (nil: never closed); and whether a `#Preview`
    /// occurs. One pass that counts the open parentheses and keeps the depth of the open
    /// calls only: a `)` at a call's depth closes it (a stack of every `(` cost an append
    /// and a removal each).
    static func registeringCalls(in tokens: [LexedToken]) -> (calls: [(name: Int, close: Int?)], hasPreview: Bool) {
        var calls: [(name: Int, close: Int?)] = []
        var open: [(call: Int, depth: Int)] = []  // the unclosed calls, innermost last
        var depth = 0  // open parentheses
        var hasPreview = false
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.byte == ASCII.openParen {
                    let name = index - 1
                    if name >= 0, tokens[name].kind == .identifier, !tokens[name].escaped, isRegisteringCall(tokens[name].word) {
                        open.append((calls.count, depth))
                        calls.append((name, nil))
                    }
                    depth += 1
                } else if token.byte == ASCII.closeParen, depth > 0 {
                    depth -= 1
                    if let call = open.last, call.depth == depth {
                        calls[call.call].close = index
                        open.removeLast()
                    }
                }
            } else if token.kind == .pound, token.word == .preview {
                hasPreview = true
            }
        }
        return (calls, hasPreview)
    }

    /// `Schema`, `ModelContainer`, `modelContainer`.
    @inline(__always)
    private static func isRegisteringCall(_ word: SwiftWord?) -> Bool {
        word == .schema || word == .modelContainerType || word == .modelContainer
    }

    /// `Schema([A.self])` registers; `Schema(versionedSchema: V2.self)` and
    /// `Schema(SchemaV2.models)` name the version in use (if V2 turns out to be one).
    private static func schemaCall(_ arguments: [LexedToken], line: Int, source: [UInt8]) -> [ModelListDeclaration] {
        if arguments.first?.isKeyword(.versionedSchema) == true {
            let names = selfReferences(in: arguments, source: source)
            return names.isEmpty ? [] : [ModelListDeclaration(source: .versionedSchemaReference, scope: [], names: names, line: line)]
        }
        let first = outsideCalls(labeled(arguments, keeping: .unlabeled))
        var lists: [ModelListDeclaration] = []
        let names = selfReferences(in: first, source: source)
        if !names.isEmpty { lists.append(ModelListDeclaration(source: .call, scope: [], names: names, line: line)) }
        let versions = membersNamed(.models, in: first, source: source)
        if !versions.isEmpty { lists.append(ModelListDeclaration(source: .versionedSchemaReference, scope: [], names: versions, line: line)) }
        return lists
    }

    /// `inMemory: true` or `isStoredInMemoryOnly: true` anywhere in the arguments.
    private static func isInMemory(_ arguments: [LexedToken]) -> Bool {
        arguments.indices.dropLast(2).contains { index in
            (arguments[index].isKeyword(.inMemory) || arguments[index].isKeyword(.isStoredInMemoryOnly))
                && arguments[index + 1].isPunctuation(":") && arguments[index + 2].isKeyword(.trueLiteral)
        }
    }

    /// Token ranges of `#Preview { ... }` and `#Preview("name") { ... }` bodies.
    private static func previewBodies(in tokens: [LexedToken], matches: [Int?]) -> [ClosedRange<Int>] {
        var bodies: [ClosedRange<Int>] = []
        for index in tokens.indices where tokens[index].kind == .pound && tokens[index].word == .preview {
            var open = index + 1
            if open < tokens.count, tokens[open].isPunctuation("("), let close = matches[open] { open = close + 1 }
            guard open < tokens.count, tokens[open].isPunctuation("{") else { continue }
            bodies.append(open...(matches[open] ?? tokens.count - 1))
        }
        return bodies
    }

    /// The label a call argument carries: none (the leading unlabeled arguments) or `for`.
    enum ArgumentLabel {
        case unlabeled, `for`, other
    }

    /// The tokens of the arguments whose label (carried over unlabeled variadic arguments)
    /// is `label`.
    static func labeled(_ arguments: [LexedToken], keeping label: ArgumentLabel) -> [LexedToken] {
        var kept: [LexedToken] = []
        kept.reserveCapacity(arguments.count)  // one allocation, not one per doubling
        var current = ArgumentLabel.unlabeled
        for argument in splitTopLevel(arguments[...], separator: ",") {
            let first = argument.startIndex
            if argument.count >= 2, argument[first].kind == .identifier, argument[first + 1].isPunctuation(":") {
                current = argument[first].word == .for ? .for : .other
            }
            if current == label { kept += argument }
        }
        return kept
    }

    /// The tokens not inside parentheses (array literals are kept).
    static func outsideCalls(_ tokens: [LexedToken]) -> [LexedToken] {
        var depth = 0
        var kept: [LexedToken] = []
        kept.reserveCapacity(tokens.count)
        for token in tokens {
            if token.isPunctuation("(") { depth += 1 }
            if depth == 0 { kept.append(token) }
            if token.isPunctuation(")") { depth = max(0, depth - 1) }
        }
        return kept
    }

    /// `X.Y.models` -> `X.Y` for `member` = `models`.
    static func membersNamed(_ member: SwiftWord, in tokens: [LexedToken], source: [UInt8]) -> [String] {
        var names: [String] = []
        // Each takes three tokens at least (`X.self`): one allocation, not one per doubling.
        names.reserveCapacity(tokens.count / 3)
        for index in tokens.indices where tokens[index].isKeyword(member) && index >= 2 && tokens[index - 1].isPunctuation(".") {
            let last = index - 2
            guard tokens[last].kind == .identifier else { continue }
            var first = last  // walked back over `Name.` pairs
            while first >= 2, tokens[first - 1].isPunctuation("."), tokens[first - 2].kind == .identifier { first -= 2 }
            names.append(dottedName(tokens[first...last], source: source))
        }
        return names
    }

    /// `A.B.C` from its name and dot tokens: the file's bytes when they are written without
    /// spaces or backticks (one decoding, no components), else the names joined by dots.
    private static func dottedName(_ tokens: ArraySlice<LexedToken>, source: [UInt8]) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        if last.end - first.start == tokens.reduce(0, { $0 + $1.length }), !tokens.contains(where: \.escaped) {
            return String(decoding: source[first.start..<last.end], as: UTF8.self)
        }
        return tokens.filter { $0.kind == .identifier }.map { $0.text(in: source) }.joined(separator: ".")
    }

    /// `A.self`, `Schemas.V2.Item.self` -> `A`, `Schemas.V2.Item`, in order, without repeats.
    static func selfReferences(in tokens: [LexedToken], source: [UInt8]) -> [String] {
        // The names found, kept in place: the first `kept` are the answer so far.
        var names = membersNamed(.selfValue, in: tokens, source: source)
        var kept = 0
        // Lists are short: a search of the names so far beats hashing each one, up to a point.
        var seen = Set<String>()
        for index in names.indices where names[index] != "Self" {
            let name = names[index]
            if kept < Self.linearSearchLimit {
                guard !names[..<kept].contains(name) else { continue }
            } else {
                if seen.isEmpty { seen = Set(names[..<kept]) }
                guard seen.insert(name).inserted else { continue }
            }
            if kept != index { names[kept] = name }
            kept += 1
        }
        names.removeLast(names.count - kept)
        return names
    }

    /// For each `(` and `{`, the index of its match (or nil), found in one pass.
    static func matchingBrackets(in tokens: [LexedToken]) -> [Int?] {
        var matches = [Int?](repeating: nil, count: tokens.count)
        var parentheses: [Int] = [], braces: [Int] = []
        for index in tokens.indices where tokens[index].kind == .punctuation {
            // Punctuation is one byte: compare it, not the strings.
            switch tokens[index].byte {
            case UInt8(ascii: "("): parentheses.append(index)
            case UInt8(ascii: ")"): if let start = parentheses.popLast() { matches[start] = index }
            case UInt8(ascii: "{"): braces.append(index)
            case UInt8(ascii: "}"): if let start = braces.popLast() { matches[start] = index }
            default: break
            }
        }
        return matches
    }

    /// Whether token positions, asked in increasing order, fall inside a `#Preview` body:
    /// one sweep over the bodies, however many previews and calls a file has.
    struct PreviewBodies {
        private let bodies: [ClosedRange<Int>]
        private var next = 0
        /// The furthest end of the bodies that start at or before the last position asked.
        private var reach = -1

        init(_ bodies: [ClosedRange<Int>]) {
            self.bodies = bodies.sorted { $0.lowerBound < $1.lowerBound }
        }

        mutating func contains(_ position: Int) -> Bool {
            while next < bodies.count, bodies[next].lowerBound <= position {
                reach = max(reach, bodies[next].upperBound)
                next += 1
            }
            return position <= reach
        }
    }

    /// Registration lists are short; a longer "call" is broken or generated input, and
    /// skipping it keeps the scan linear however calls nest.
    static let longestCall = 10_000
    static let linearSearchLimit = 16
}
