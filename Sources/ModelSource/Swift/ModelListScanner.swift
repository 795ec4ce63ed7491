/// Finds the calls that register model types, wherever they are (an `App` initializer,
/// a view modifier, a helper): `Schema([A.self, B.self])`, `Schema(versionedSchema:
/// V2.self)`, `ModelContainer(for: A.self, B.self, configurations: ...)` and
/// `.modelContainer(for: [A.self])`.
///
/// Previews and tests often register a subset of the models in memory; those calls
/// (inside `#Preview`, or with `inMemory: true` / `isStoredInMemoryOnly: true`) are not
/// the app's registration and are left out.
enum ModelListScanner {
    /// The registrations of a file whose calls list their models directly (`Schema([A.self])`,
    /// nearly every file): read here in one pass. A file that builds a store, or registers
    /// through a name, a helper or test code, is read by `StoreSites`, which follows `let`s
    /// of the file and says what it cannot follow.
    /// `isTestCode`: the file imports XCTest or Testing; nothing in it is the app's.
    static func calls(in tokens: [LexedToken], source: [UInt8]) -> (lists: [ModelListDeclaration], stores: StoreSites?, isTestCode: Bool) {
        let found = registeringCalls(in: tokens)
        if found.importsTestFramework { return ([], nil, true) }
        guard !found.calls.isEmpty || found.buildsStore else { return ([], nil, false) }
        if found.buildsStore || !found.calls.allSatisfy({ isDirect($0, in: tokens) }) {
            let stores = StoreSites.read(tokens: tokens, source: source)
            return (stores.registrations, stores, false)
        }
        var lists: [ModelListDeclaration] = []
        // Most files hold no `#Preview`: the matching of every bracket its bodies need is skipped.
        var previews = PreviewBodies(found.hasPreview ? previewBodies(in: tokens, matches: matchingBrackets(in: tokens)) : [])
        for (index, closing) in found.calls {
            let token = tokens[index]
            guard let close = closing, close - index < longestCall, !previews.contains(index) else { continue }
            lists += self.lists(
                ofCall: token.word ?? .schema, arguments: Array(tokens[(index + 2)..<close]), line: token.line, source: source,
                boundName: boundName(ofCallAt: index, in: tokens, source: source))
        }
        return (lists, nil, false)
    }

    /// What one registering call lists directly: `Schema([A.self])` its names (and the
    /// versions `Schema(versionedSchema: V2.self)` / `Schema(V2.models)` name), a container
    /// the names of its `for:` (none when it is in memory).
    static func lists(ofCall callee: SwiftWord, arguments: [LexedToken], line: Int, source: [UInt8], boundName: String? = nil) -> [ModelListDeclaration] {
        if callee == .schema {
            var lists = schemaCall(arguments, line: line, source: source)
            for index in lists.indices { lists[index].boundName = boundName }
            return lists
        }
        guard !isInMemory(arguments) else { return [] }
        // Nested calls (`Schema(versionedSchema: V2.self)`) are scanned on their own.
        let names = selfReferences(in: outsideCalls(labeled(arguments, keeping: .for)), source: source)
        return names.isEmpty ? [] : [ModelListDeclaration(source: .call, scope: [], names: names, line: line)]
    }

    /// The name a call is bound to: `name = Schema(`, `name: Schema = Schema(`,
    /// `name: SwiftData.Schema = ...`, `var name: Schema { Schema(`; nil otherwise.
    static func boundName(ofCallAt index: Int, in tokens: [LexedToken], source: [UInt8]) -> String? {
        var cursor = index - 1
        if cursor >= 1, tokens[cursor].isPunctuation("."), tokens[cursor - 1].isKeyword(.swiftData) { cursor -= 2 }
        guard cursor >= 1, tokens[cursor].isPunctuation("=") || tokens[cursor].isPunctuation("{") else { return nil }
        let isAccessor = tokens[cursor].isPunctuation("{")
        cursor -= 1
        // A type annotation: `: Schema` or `: SwiftData.Schema`.
        var annotated = false
        if cursor >= 1, tokens[cursor].isKeyword(.schema) {
            var colon = cursor - 1
            if colon >= 1, tokens[colon].isPunctuation("."), tokens[colon - 1].isKeyword(.swiftData) { colon -= 2 }
            if colon >= 1, tokens[colon].isPunctuation(":") { cursor = colon - 1; annotated = true }
        }
        guard cursor >= 0, isAccessor ? annotated : true, tokens[cursor].kind == .identifier, tokens[cursor].word == nil || tokens[cursor].word == .schemaLabel else { return nil }
        return tokens[cursor].text(in: source)
    }

    /// Whether a `Schema(...)` call lists its models directly: every name outside nested
    /// calls is part of `X.self` or `X.models` (or the `versionedSchema:` label).
    static func isDirect(_ call: (name: Int, close: Int?), in tokens: [LexedToken]) -> Bool {
        guard tokens[call.name].word == .schema, let close = call.close else { return false }
        var index = call.name + 2
        while index < close {
            let token = tokens[index]
            if token.kind == .identifier {
                // A dotted name runs to its last part, which must be `self` or `models`.
                var last = index
                while last + 2 < close, tokens[last + 1].isPunctuation("."), tokens[last + 2].kind == .identifier { last += 2 }
                let isLabel = last + 1 < close && tokens[last + 1].isPunctuation(":")
                guard isLabel || tokens[last].isKeyword(.selfValue) || (last > index && tokens[last].isKeyword(.models)) else { return false }
                if last + 1 < close, tokens[last + 1].isPunctuation("(") { return false }
                index = last + 1
                continue
            }
            if token.kind != .punctuation && !(token.kind == .operator && token.byte == ASCII.plus) { return false }
            index += 1
        }
        return true
    }

    /// Each `Schema(`, `ModelContainer(`, `modelContainer(` in order: the index of its name,
    /// and of the `)` that closes its `(` (nil: never closed); whether a `#Preview` occurs,
    /// whether a store is built (`ModelConfiguration(`, a Core Data container or store
    /// description: a description's options are read with its container's file) and whether
    /// XCTest or Testing is imported. One pass
    /// that counts the open parentheses and keeps the depth of the open calls only: a `)`
    /// at a call's depth closes it (a stack of every `(` cost an append and a removal each).
    static func registeringCalls(in tokens: [LexedToken])
        -> (calls: [(name: Int, close: Int?)], hasPreview: Bool, buildsStore: Bool, importsTestFramework: Bool) {
        var calls: [(name: Int, close: Int?)] = []
        var open: [(call: Int, depth: Int)] = []  // the unclosed calls, innermost last
        var depth = 0  // open parentheses
        var hasPreview = false, buildsStore = false, importsTest = false
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.byte == ASCII.openParen {
                    let name = index - 1
                    if name >= 0, tokens[name].kind == .identifier, !tokens[name].escaped, let word = tokens[name].word {
                        if isRegisteringCall(word) {
                            open.append((calls.count, depth))
                            calls.append((name, nil))
                        } else if isStoreCall(word) {
                            buildsStore = true
                        }
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
            } else if token.kind == .identifier, token.word == .import, index + 1 < tokens.count,
                      tokens[index + 1].isKeyword(.xcTest) || tokens[index + 1].isKeyword(.testing) {
                importsTest = true
            }
        }
        return (calls, hasPreview, buildsStore, importsTest)
    }

    /// A call that builds or configures a store without registering models itself.
    @inline(__always)
    private static func isStoreCall(_ word: SwiftWord) -> Bool {
        word == .modelConfiguration || word == .persistentContainer || word == .cloudKitContainer || word == .storeDescription
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
    static func previewBodies(in tokens: [LexedToken], matches: [Int?]) -> [ClosedRange<Int>] {
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
