/// Finds model-relevant declarations in a token stream: `@Model` classes and their
/// stored properties, every type and extension (for enum raw types and `VersionedSchema`
/// conformances), typealiases, model lists and version identifiers.
///
/// It reads declarations only, never statements: function, initializer and accessor
/// bodies are skipped whole, so nothing inside them (local types, strings, closures) can be
/// mistaken for a member. `#if` branches are all read. Type bodies are tracked on an
/// explicit stack, so nesting depth cannot exhaust the call stack, and every step
/// consumes at least one token, so the parser always terminates.
struct SwiftDeclarationParser {
    var tokens: [LexedToken]
    /// The file the tokens are ranges of: text is taken from it only where a declaration keeps it.
    let source: [UInt8]
    var index = 0
    var result: SwiftFileDeclarations
    /// Open type bodies, innermost last.
    var scopes: [Scope] = []
    /// Models' initial values classified so far, by their spelling.
    var recentInitialValues = RecentInitialValues()

    struct Scope {
        var path: [String]
        /// Index into `result.models` when this body is an `@Model` class.
        var model: Int?
        /// Index into `result.types` of the type or extension whose body this is.
        var type: Int?
    }

    /// The registration calls are looked for in every file: their search is one pass over
    /// the tokens, which costs less than the byte searches that could rule it out.
    static func parse(_ tokens: [LexedToken], in source: [UInt8], file: String) -> SwiftFileDeclarations {
        var parser = SwiftDeclarationParser(tokens: tokens, source: source, result: SwiftFileDeclarations(file: file))
        parser.run()
        let (lists, stores, isTestCode) = ModelListScanner.calls(in: tokens, source: source)
        // Test code is not the app: its models, registrations and stores are not the app's.
        guard !isTestCode else { return SwiftFileDeclarations(file: file, types: parser.result.types, typeAliases: parser.result.typeAliases) }
        parser.result.modelLists += lists
        parser.result.stores = stores
        return parser.result
    }

    /// The text of a token that goes into a declaration.
    func text(_ token: LexedToken) -> String {
        token.text(in: source)
    }

    private mutating func run() {
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation("}") {
                if !scopes.isEmpty { scopes.removeLast() }
                index += 1
            } else if token.isPunctuation("{") {
                skipBalanced()
            } else if token.kind == .pound {
                parseDirective()
            } else {
                parseDeclaration()
            }
        }
        // A model body still open at the end of the file: its members cannot be trusted.
        for scope in scopes {
            if let model = scope.model {
                result.unclosedModels.append((result.models[model].name, result.models[model].line))
            }
        }
    }

    var currentPath: [String] { scopes.last?.path ?? [] }
    var currentModel: Int? { scopes.last?.model }

    // MARK: - Directives

    private mutating func parseDirective() {
        let token = tokens[index]
        index += 1
        switch token.word {
        case .if, .elseif:
            // The condition runs to the end of the line; both branches are read.
            while index < tokens.count, !tokens[index].newlineBefore { index += 1 }
        case .unique:
            parseUniqueMacro(line: token.line)
        default:
            break  // #else, #endif, #Index, #Preview...: their arguments are skipped as tokens.
        }
    }

    /// `#Unique<Item>([\.a, \.b], [\.c])`: one constraint per bracketed group.
    private mutating func parseUniqueMacro(line: Int) {
        if index < tokens.count, tokens[index].isPunctuation("<") { skipAngles() }
        guard index < tokens.count, tokens[index].isPunctuation("("), !tokens[index].newlineBefore else { return }
        let arguments = tokens[balancedRange()]
        guard let model = currentModel else { return }
        for group in splitTopLevel(arguments, separator: ",") {
            guard group.first?.isPunctuation("[") == true else { continue }
            let elements = splitTopLevel(group.dropFirst().dropLast(), separator: ",")
            let names = elements.compactMap { element in element.last(where: { $0.kind == .identifier }).map(text) }
            if !names.isEmpty {
                result.models[model].uniqueConstraints.append(names)
                result.models[model].uniqueConstraintLines.append(line)
            }
        }
    }

    // MARK: - Declarations

    static let deepestTypeNesting = 64
    static let usualPropertyCount = 8

    private mutating func parseDeclaration() {
        let start = index
        let attributes = parseAttributes()
        var isStatic = false
        while index < tokens.count, isModifier(at: index) {
            if tokens[index].word == .static || tokens[index].word == .class { isStatic = true }
            index += 1
            // `private(set)`, `nonisolated(unsafe)`, `unowned(safe)`.
            if index < tokens.count, tokens[index].isPunctuation("("), !tokens[index].newlineBefore { skipBalanced() }
        }
        guard index < tokens.count, tokens[index].kind == .identifier, !tokens[index].escaped else {
            if index == start { index += 1 }
            return
        }
        switch tokens[index].word {
        case .class, .struct, .enum, .actor, .protocol, .extension:
            parseTypeDeclaration(attributes: attributes)
        case .var, .let:
            parseVariables(attributes: attributes, isStatic: isStatic)
        case .typealias:
            parseTypeAlias()
        case .func, .initializer, .deinit, .subscript:
            skipFunction()
        case .case:
            index += 1
            parseEnumCases()
        case .import, .associatedtype, .operator, .precedencegroup, .macro:
            index += 1
            skipStatement()
        default:
            if index == start { index += 1 }
        }
    }

    /// `class` is a modifier in `class var` / `class func`, a declaration otherwise.
    func isModifier(at position: Int) -> Bool {
        let token = tokens[position]
        guard token.kind == .identifier, !token.escaped, let word = token.word else { return false }
        if word == .class {
            guard position + 1 < tokens.count else { return false }
            let next = tokens[position + 1]
            guard next.kind == .identifier, !next.escaped, let nextWord = next.word else { return false }
            return nextWord.isModifier || nextWord == .var || nextWord == .let || nextWord == .func || nextWord == .subscript
        }
        guard word.isModifier else { return false }
        // A modifier is followed by another modifier or a declaration keyword; otherwise the
        // word is used as a name (`var optional: Bool`, `case final`).
        guard position + 1 < tokens.count else { return false }
        let next = tokens[position + 1]
        if next.isPunctuation("(") { return true }
        guard next.kind == .identifier, !next.escaped, let nextWord = next.word else { return false }
        return nextWord.isModifier || nextWord.isDeclarationKeyword
    }

    /// `@Name` and `@Name(arguments)`, possibly over several lines.
    private mutating func parseAttributes() -> DeclarationAttributes {
        var attributes = DeclarationAttributes()
        while index < tokens.count, tokens[index].kind == .attribute {
            let word = tokens[index].word
            index += 1
            var arguments = index..<index
            if index < tokens.count, tokens[index].isPunctuation("("), !tokens[index].newlineBefore {
                arguments = balancedRange()
            }
            attributes.note(word, arguments: arguments)
        }
        return attributes
    }

    private mutating func parseTypeDeclaration(attributes: DeclarationAttributes) {
        let kind = Self.typeKind(tokens[index].word)
        index += 1
        guard index < tokens.count, tokens[index].kind == .identifier else { return }
        let nameToken = tokens[index]
        var path: [String]
        if kind == .extension {
            path = []
            while index < tokens.count, tokens[index].kind == .identifier {
                path.append(text(tokens[index]))
                index += 1
                if index < tokens.count, tokens[index].isPunctuation("<") { skipAngles() }
                guard index + 1 < tokens.count, tokens[index].isPunctuation("."), tokens[index + 1].kind == .identifier else { break }
                index += 1
            }
        } else {
            // One array for the path, not one for the name and another for the sum.
            path = currentPath
            path.append(text(nameToken))
            index += 1
            if index < tokens.count, tokens[index].isPunctuation("<") { skipAngles() }
        }
        let inherited = parseInheritance()
        // `where` clauses and anything else up to the body.
        while index < tokens.count, !tokens[index].isPunctuation("{"), !tokens[index].isPunctuation("}") {
            if tokens[index].newlineBefore && startsDeclaration(at: index) { break }
            index += 1
        }
        result.types.append(TypeDeclaration(kind: kind, path: path, inherited: inherited, line: nameToken.line))
        guard index < tokens.count, tokens[index].isPunctuation("{") else { return }
        // Real code nests types a few levels deep; past the bound a body is skipped whole,
        // so pathological nesting costs linear time and memory.
        if kind == .protocol || scopes.count >= Self.deepestTypeNesting {
            skipBalanced()
            return
        }
        var model: Int?
        if kind == .class, attributes.isModel, let name = path.last {
            model = result.models.count
            // Models have a handful of properties: room for them without regrowing the array.
            var properties: [PropertyDeclaration] = []
            properties.reserveCapacity(Self.usualPropertyCount)
            // Made in the append, not in a variable first, so it is moved in rather than copied.
            result.models.append(ModelClassDeclaration(
                name: name, scope: currentPath, inherited: inherited, line: nameToken.line, properties: properties))
        }
        scopes.append(Scope(path: path, model: model, type: result.types.count - 1))
        index += 1
    }

    /// The kind a declaration keyword names (`parseDeclaration` passes only those).
    private static func typeKind(_ word: SwiftWord?) -> TypeDeclaration.Kind {
        switch word {
        case .struct?: .struct
        case .enum?: .enum
        case .actor?: .actor
        case .protocol?: .protocol
        case .extension?: .extension
        default: .class
        }
    }

    /// `case a, b(String), c = "raw"`: records the names when the body is an enum's.
    private mutating func parseEnumCases() {
        let start = index
        skipStatement()
        guard let type = scopes.last?.type, result.types[type].kind == .enum else { return }
        let elements = splitTopLevel(tokens[start..<index], separator: ",")
        // Counted first, so the names take one allocation (`case a, b, c` on one line).
        var names: [String] = []
        names.reserveCapacity(elements.reduce(0) { count, _ in count + 1 })
        for element in elements {
            if let name = element.first, name.kind == .identifier { names.append(text(name)) }
        }
        if result.types[type].cases.isEmpty { result.types[type].cases = names } else { result.types[type].cases += names }
    }

    /// `: A, B.C, D<E>` up to `where` or the body.
    private mutating func parseInheritance() -> [String] {
        guard index < tokens.count, tokens[index].isPunctuation(":") else { return [] }
        index += 1
        var inherited: [String] = []
        var start = index  // of the current inherited type (a slice of the tokens, not a copy)
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if depth == 0 && (token.isPunctuation("{") || token.isKeyword(.where) || token.isPunctuation("}")) { break }
            if depth == 0, token.isPunctuation(",") {
                appendNonEmpty(TypeText.render(tokens[start..<index], in: source), to: &inherited)
                start = index + 1
            } else {
                if token.isPunctuation("<") || token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
                if token.isPunctuation(">") || token.isPunctuation(")") || token.isPunctuation("]") { depth = max(0, depth - 1) }
            }
            index += 1
        }
        if start < index { appendNonEmpty(TypeText.render(tokens[start..<index], in: source), to: &inherited) }
        return inherited
    }

    /// What filtering the empty ones out afterwards gave, without a second array.
    private func appendNonEmpty(_ type: String, to inherited: inout [String]) {
        if !type.isEmpty { inherited.append(type) }
    }

    private mutating func parseTypeAlias() {
        index += 1
        guard index < tokens.count, tokens[index].kind == .identifier else { return }
        let name = tokens[index]
        index += 1
        if index < tokens.count, tokens[index].isPunctuation("<") { skipAngles() }
        guard index < tokens.count, tokens[index].isPunctuation("=") else { return }
        index += 1
        let start = index
        while index < tokens.count, !tokens[index].newlineBefore || index == start, !tokens[index].isPunctuation("}"),
              !tokens[index].isPunctuation(";") {
            index += 1
        }
        result.typeAliases.append(TypeAliasDeclaration(
            scope: currentPath, name: text(name), target: TypeText.render(tokens[start..<index], in: source), line: name.line))
    }
}

/// What a declaration's attributes say, noted as they are read: the questions the parser
/// asks of them, answered without an array of attributes per declaration.
struct DeclarationAttributes {
    /// `@Model` or `@SwiftData.Model`.
    var isModel = false
    /// `@Transient` or `@SwiftData.Transient`.
    var isTransient = false
    /// The tokens between the parentheses of the last `@Attribute` (empty without them).
    var attribute: Range<Int>?
    /// The same for the last `@Relationship`.
    var relationship: Range<Int>?

    /// `word` is nil for an attribute the reader does not know.
    mutating func note(_ word: SwiftWord?, arguments: Range<Int>) {
        switch word {
        case .model?, .swiftDataModel?: isModel = true
        case .transient?, .swiftDataTransient?: isTransient = true
        case .attribute?, .swiftDataAttribute?: attribute = arguments
        case .relationship?, .swiftDataRelationship?: relationship = arguments
        default: break
        }
    }
}

/// Splits tokens at `separator` where no bracket is open. The parts are slices of
/// `tokens` (their indices are the original ones), found as they are asked for: no array
/// of them is made.
func splitTopLevel(_ tokens: ArraySlice<LexedToken>, separator: Unicode.Scalar) -> TopLevelParts {
    TopLevelParts(tokens: tokens, separator: UInt8(ascii: separator))
}

struct TopLevelParts: Sequence, IteratorProtocol {
    let tokens: ArraySlice<LexedToken>
    let separator: UInt8
    /// Where the next part starts. A part ends only where no bracket is open, so each
    /// starts at depth 0.
    private var start: Int

    init(tokens: ArraySlice<LexedToken>, separator: UInt8) {
        self.tokens = tokens
        self.separator = separator
        start = tokens.startIndex
    }

    /// The next part; a last one only when tokens follow the last separator.
    mutating func next() -> ArraySlice<LexedToken>? {
        var depth = 0
        var index = start
        while index < tokens.endIndex {
            let token = tokens[index]
            if token.kind == .punctuation {
                let byte = token.byte
                if byte == ASCII.openParen || byte == ASCII.openBracket || byte == ASCII.openBrace { depth += 1 }
                if byte == ASCII.closeParen || byte == ASCII.closeBracket || byte == ASCII.closeBrace { depth -= 1 }
                if depth == 0, byte == separator {
                    defer { start = index + 1 }
                    return tokens[start..<index]
                }
            }
            index += 1
        }
        guard start < tokens.endIndex else { return nil }
        defer { start = tokens.endIndex }
        return tokens[start...]
    }
}
