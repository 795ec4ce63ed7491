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
    var tokens: [SwiftToken]
    var index = 0
    var result: SwiftFileDeclarations
    /// Open type bodies, innermost last.
    var scopes: [Scope] = []

    struct Scope {
        var path: [String]
        /// Index into `result.models` when this body is an `@Model` class.
        var model: Int?
        /// Index into `result.types` of the type or extension whose body this is.
        var type: Int?
    }

    /// `mayRegister: false` (the bytes hold no `Schema`, `ModelContainer`...) skips the
    /// search for registration calls, which could find nothing.
    static func parse(_ tokens: [SwiftToken], file: String, mayRegister: Bool = true) -> SwiftFileDeclarations {
        var parser = SwiftDeclarationParser(tokens: tokens, result: SwiftFileDeclarations(file: file))
        parser.run()
        if mayRegister { parser.result.modelLists += ModelListScanner.calls(in: tokens) }
        return parser.result
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
        switch token.text {
        case "if", "elseif":
            // The condition runs to the end of the line; both branches are read.
            while index < tokens.count, !tokens[index].newlineBefore { index += 1 }
        case "Unique":
            parseUniqueMacro(line: token.line)
        default:
            break  // #else, #endif, #Index, #Preview...: their arguments are skipped as tokens.
        }
    }

    /// `#Unique<Item>([\.a, \.b], [\.c])`: one constraint per bracketed group.
    private mutating func parseUniqueMacro(line: Int) {
        if index < tokens.count, tokens[index].isPunctuation("<") { skipAngles() }
        guard index < tokens.count, tokens[index].isPunctuation("("), !tokens[index].newlineBefore else { return }
        let arguments = balancedContents()
        guard let model = currentModel else { return }
        for group in splitTopLevel(arguments, separator: ",") {
            guard group.first?.isPunctuation("[") == true else { continue }
            let elements = splitTopLevel(Array(group.dropFirst().dropLast()), separator: ",")
            let names = elements.compactMap { element in element.last(where: { $0.kind == .identifier })?.text }
            if !names.isEmpty {
                result.models[model].uniqueConstraints.append(names)
                result.models[model].uniqueConstraintLines.append(line)
            }
        }
    }

    // MARK: - Declarations

    static let deepestTypeNesting = 64

    static let modifiers = KeywordSet([
        "public", "private", "fileprivate", "internal", "open", "package", "final", "static", "override",
        "required", "convenience", "dynamic", "lazy", "weak", "unowned", "mutating", "nonmutating", "indirect",
        "optional", "prefix", "postfix", "infix", "nonisolated", "isolated", "distributed", "consuming",
        "borrowing", "__consuming", "fileprivate(set)", "unsafe",
    ])

    static let declarationKeywords = KeywordSet([
        "var", "let", "func", "init", "deinit", "subscript", "class", "struct", "enum", "actor", "protocol",
        "extension", "typealias", "case", "import", "associatedtype", "operator", "precedencegroup", "macro",
    ])

    private mutating func parseDeclaration() {
        let start = index
        let attributes = parseAttributes()
        var isStatic = false
        while index < tokens.count, isModifier(at: index) {
            if tokens[index].text == "static" || tokens[index].text == "class" { isStatic = true }
            index += 1
            // `private(set)`, `nonisolated(unsafe)`, `unowned(safe)`.
            if index < tokens.count, tokens[index].isPunctuation("("), !tokens[index].newlineBefore { skipBalanced() }
        }
        guard index < tokens.count, tokens[index].kind == .identifier, !tokens[index].escaped else {
            if index == start { index += 1 }
            return
        }
        switch tokens[index].text {
        case "class", "struct", "enum", "actor", "protocol", "extension":
            parseTypeDeclaration(attributes: attributes)
        case "var", "let":
            parseVariables(attributes: attributes, isStatic: isStatic)
        case "typealias":
            parseTypeAlias()
        case "func", "init", "deinit", "subscript":
            skipFunction()
        case "case":
            index += 1
            parseEnumCases()
        case "import", "associatedtype", "operator", "precedencegroup", "macro":
            index += 1
            skipStatement()
        default:
            if index == start { index += 1 }
        }
    }

    /// `class` is a modifier in `class var` / `class func`, a declaration otherwise.
    func isModifier(at position: Int) -> Bool {
        let token = tokens[position]
        guard token.kind == .identifier, !token.escaped else { return false }
        if token.text == "class" {
            guard position + 1 < tokens.count else { return false }
            let next = tokens[position + 1]
            return next.kind == .identifier && !next.escaped
                && (Self.modifiers.contains(next.text) || next.text == "var" || next.text == "let" || next.text == "func" || next.text == "subscript")
        }
        guard Self.modifiers.contains(token.text) else { return false }
        // A modifier is followed by another modifier or a declaration keyword; otherwise the
        // word is used as a name (`var optional: Bool`, `case final`).
        guard position + 1 < tokens.count else { return false }
        let next = tokens[position + 1]
        if next.isPunctuation("(") { return true }
        return next.kind == .identifier && !next.escaped
            && (Self.modifiers.contains(next.text) || Self.declarationKeywords.contains(next.text))
    }

    /// `@Name` and `@Name(arguments)`, possibly over several lines.
    private mutating func parseAttributes() -> [ParsedAttribute] {
        var attributes: [ParsedAttribute] = []
        while index < tokens.count, tokens[index].kind == .attribute {
            let token = tokens[index]
            index += 1
            var arguments: [SwiftToken] = []
            if index < tokens.count, tokens[index].isPunctuation("("), !tokens[index].newlineBefore {
                arguments = balancedContents()
            }
            attributes.append(ParsedAttribute(name: token.text, arguments: arguments, line: token.line))
        }
        return attributes
    }

    private mutating func parseTypeDeclaration(attributes: [ParsedAttribute]) {
        let keyword = tokens[index]
        let kind = TypeDeclaration.Kind(rawValue: keyword.text) ?? .class
        index += 1
        guard index < tokens.count, tokens[index].kind == .identifier else { return }
        let nameToken = tokens[index]
        var path: [String]
        if kind == .extension {
            path = []
            while index < tokens.count, tokens[index].kind == .identifier {
                path.append(tokens[index].text)
                index += 1
                if index < tokens.count, tokens[index].isPunctuation("<") { skipAngles() }
                guard index + 1 < tokens.count, tokens[index].isPunctuation("."), tokens[index + 1].kind == .identifier else { break }
                index += 1
            }
        } else {
            path = currentPath + [nameToken.text]
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
        if kind == .class, attributes.contains(where: { $0.name == "Model" || $0.name == "SwiftData.Model" }) {
            model = result.models.count
            result.models.append(ModelClassDeclaration(
                name: nameToken.text, scope: currentPath, inherited: inherited, line: nameToken.line))
        }
        scopes.append(Scope(path: path, model: model, type: result.types.count - 1))
        index += 1
    }

    /// `case a, b(String), c = "raw"`: records the names when the body is an enum's.
    private mutating func parseEnumCases() {
        let start = index
        skipStatement()
        guard let type = scopes.last?.type, result.types[type].kind == .enum else { return }
        for element in splitTopLevel(Array(tokens[start..<index]), separator: ",") {
            if let name = element.first, name.kind == .identifier { result.types[type].cases.append(name.text) }
        }
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
            if depth == 0 && (token.isPunctuation("{") || token.isKeyword("where") || token.isPunctuation("}")) { break }
            if depth == 0, token.isPunctuation(",") {
                inherited.append(TypeText.render(tokens[start..<index]))
                start = index + 1
            } else {
                if token.isPunctuation("<") || token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
                if token.isPunctuation(">") || token.isPunctuation(")") || token.isPunctuation("]") { depth = max(0, depth - 1) }
            }
            index += 1
        }
        if start < index { inherited.append(TypeText.render(tokens[start..<index])) }
        return inherited.filter { !$0.isEmpty }
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
            scope: currentPath, name: name.text, target: TypeText.render(tokens[start..<index]), line: name.line))
    }
}

/// An attribute as written: `@Attribute(.unique)` has name `Attribute` and the tokens
/// between its parentheses.
struct ParsedAttribute {
    var name: String
    var arguments: [SwiftToken]
    var line: Int
}

/// Splits tokens at `separator` where no bracket is open. Each part is copied once, at
/// its size (appending token by token regrew every part several times).
func splitTopLevel(_ tokens: [SwiftToken], separator: String) -> [[SwiftToken]] {
    var parts: [[SwiftToken]] = []
    let separatorByte = SwiftToken.singleByte(separator)
    var start = 0
    var depth = 0
    for index in tokens.indices where tokens[index].kind == .punctuation {
        let byte = tokens[index].byte
        if byte == ASCII.openParen || byte == ASCII.openBracket || byte == ASCII.openBrace { depth += 1 }
        if byte == ASCII.closeParen || byte == ASCII.closeBracket || byte == ASCII.closeBrace { depth -= 1 }
        if depth == 0, byte == separatorByte {
            parts.append(Array(tokens[start..<index]))
            start = index + 1
        }
    }
    if start < tokens.count { parts.append(Array(tokens[start...])) }
    return parts
}

/// A set of ASCII keywords that rules most words out by length and first byte before
/// hashing: the parser asks it of every word that may start a declaration.
struct KeywordSet: Sendable {
    private let words: Set<String>
    /// Bit `n` is set when some keyword has `n` bytes.
    private let lengths: UInt64
    private let firstBytes: ByteClass

    init(_ words: [String]) {
        self.words = Set(words)
        lengths = words.reduce(0) { $0 | (1 << UInt64(min($1.utf8.count, 63))) }
        firstBytes = ByteClass(String(decoding: words.compactMap(\.utf8.first), as: UTF8.self))
    }

    /// `Set.contains`: the keywords are ASCII without `K`, `;` or `` ` `` (the only ASCII
    /// characters other text is canonically equal to), so text of another length or first
    /// byte never equals one.
    @inline(__always)
    func contains(_ text: String) -> Bool {
        let utf8 = text.utf8
        let count = utf8.count
        guard count < 64, lengths & (1 << UInt64(count)) != 0, let first = utf8.first, firstBytes.contains(first) else {
            return false
        }
        return words.contains(text)
    }
}
