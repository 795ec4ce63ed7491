import SchemaGateBasics
/// `var` / `let` declarations: stored model properties, and the properties that list
/// model types or name a schema version.
extension SwiftDeclarationParser {
    /// One binding of a `var`/`let` (a declaration may hold several: `var a = 1, b = 2`).
    struct Binding {
        var name: LexedToken?
        /// Ranges of the file's tokens: plain values, copied without reference counting.
        var type: Range<Int>?
        var initializer: Range<Int>?
        /// Tokens inside an accessor block, when there is one.
        var accessors: Range<Int>?
    }

    /// Stored unless its block is a getter/setter; `willSet`/`didSet` observe a stored value.
    func isStored(_ binding: Binding) -> Bool {
        guard let accessors = binding.accessors else { return true }
        let first = tokens[accessors].first { $0.kind != .attribute && $0.word != .mutating && $0.word != .nonmutating }
        return first?.isKeyword(.willSet) == true || first?.isKeyword(.didSet) == true
    }

    mutating func parseVariables(attributes: DeclarationAttributes, isStatic: Bool) {
        index += 1  // var / let
        while index < tokens.count {
            let binding = parseBinding()
            record(binding, attributes: attributes, isStatic: isStatic)
            // Another binding follows only as `, name :` or `, name =`.
            guard index + 2 < tokens.count, tokens[index].isPunctuation(","), tokens[index + 1].kind == .identifier,
                  tokens[index + 2].isPunctuation(":") || tokens[index + 2].isPunctuation("=") else { return }
            index += 1
        }
    }

    private mutating func parseBinding() -> Binding {
        var binding = Binding()
        guard index < tokens.count else { return binding }
        if tokens[index].kind == .identifier {
            binding.name = tokens[index]
            index += 1
        } else if tokens[index].isPunctuation("(") {
            skipBalanced()  // tuple pattern: nothing a model can persist
        } else {
            return binding
        }
        if index < tokens.count, tokens[index].isPunctuation(":") {
            index += 1
            binding.type = parseTypeAnnotation()
        }
        if index < tokens.count, tokens[index].isPunctuation("=") {
            index += 1
            binding.initializer = parseExpression()
        }
        if index < tokens.count, tokens[index].isPunctuation("{"), binding.initializer == nil || isObserverBlock(at: index) {
            binding.accessors = balancedRange()
        }
        return binding
    }

    private func isObserverBlock(at position: Int) -> Bool {
        var next = position + 1
        while next < tokens.count, tokens[next].kind == .attribute { next += 1 }
        guard next < tokens.count else { return false }
        return tokens[next].isKeyword(.willSet) || tokens[next].isKeyword(.didSet)
    }

    /// A type runs to `=`, `{`, `,`, `;` or the end of the line, outside brackets.
    private mutating func parseTypeAnnotation() -> Range<Int> {
        let start = index
        var depth = 0
        // Punctuation is one byte: one switch on it, not a compare per bracket.
        scan: while index < tokens.count {
            let token = tokens[index]
            if depth == 0, token.newlineBefore, index > start { break }
            if token.kind == .punctuation {
                switch token.byte {
                case UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "}"):
                    if depth == 0 { break scan }
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: ">"): if !(index > start && isArrowStart(tokens[index - 1])) { depth -= 1 }
                default: break
                }
                if depth < 0 { break }
            }
            index += 1
        }
        return start..<index
    }

    /// An initial value: up to a line break that does not continue the expression, `;`,
    /// a binding-separating `,`, an observer block, or the body's `}`.
    private mutating func parseExpression() -> Range<Int> {
        let start = index
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if depth == 0 {
                if token.newlineBefore, index > start, !continuesExpression(token) { break }
                if token.kind == .punctuation, endsExpression(token.byte, at: index) { break }
            }
            if token.kind == .punctuation {
                if token.byte == ASCII.openParen || token.byte == ASCII.openBracket || token.byte == ASCII.openBrace { depth += 1 }
                if token.byte == ASCII.closeParen || token.byte == ASCII.closeBracket || token.byte == ASCII.closeBrace { depth -= 1 }
            }
            index += 1
        }
        return start..<index
    }

    /// Whether punctuation `byte` at `position`, outside brackets, ends an initial value:
    /// one switch on the byte, not a compare per kind of end.
    private func endsExpression(_ byte: UInt8, at position: Int) -> Bool {
        switch byte {
        case UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): return true
        case UInt8(ascii: ","):
            return position + 2 < tokens.count && tokens[position + 1].kind == .identifier
                && (tokens[position + 2].isPunctuation(":") || tokens[position + 2].isPunctuation("="))
        case UInt8(ascii: "{"): return isObserverBlock(at: position)
        default: return false
        }
    }

    /// A line starting with `.member`, an operator, `?`/`:` of a ternary, or a closure
    /// continues the previous line's expression; anything else starts a new declaration.
    private func continuesExpression(_ token: LexedToken) -> Bool {
        switch token.kind {
        case .operator: return true
        case .punctuation:
            switch token.byte {
            case UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "="), UInt8(ascii: "!"):
                return true
            default: return false
            }
        default: return false
        }
    }

    private mutating func record(_ binding: Binding, attributes: DeclarationAttributes, isStatic: Bool) {
        guard let name = binding.name else { return }
        if let model = currentModel {
            guard !isStatic, isStored(binding), !attributes.isTransient else { return }
            let attribute = attributes.attribute.map { AttributeArgumentParser.attribute(tokens[$0], in: source) }
            // The options are one or two: comparing them costs less than hashing the name.
            if attribute?.options.contains(where: { $0 == "ephemeral" }) == true { return }
            let relationship = attributes.relationship.map { AttributeArgumentParser.relationship(tokens[$0], in: source) }
            appendProperty(name, binding: binding, attribute: attribute, relationship: relationship, to: model)
            return
        }
        recordSchemaProperty(name: text(name), typeText: binding.type.map { TypeText.render(tokens[$0], in: source) }, binding: binding)
    }

    /// Appends a model's stored property, its type read off the tokens when it is a usual
    /// one. The values are consumed, not copied, on their way into the declaration (copies
    /// of the arguments and annotations, made at each step, cost a tenth of the parse).
    private mutating func appendProperty(
        _ name: LexedToken, binding: Binding, attribute: consuming AttributeArguments?,
        relationship: consuming RelationshipArguments?, to model: Int
    ) {
        let defaultValue = binding.initializer.map { initialValue($0) }
        // One append per case, so the matched text and annotation are moved into the
        // declaration; reading them out of an optional tuple copied both.
        switch binding.type.map({ TypeText.annotated(tokens[$0], in: source) ?? Self.renderedType(tokens[$0], in: source) }) {
        case let (typeText, annotation)?:
            result.models[model].properties.append(PropertyDeclaration(
                name: text(name), line: name.line, typeText: typeText, annotation: annotation,
                defaultValue: defaultValue, attribute: attribute, relationship: relationship))
        case nil:
            result.models[model].properties.append(PropertyDeclaration(
                name: text(name), line: name.line, typeText: nil, annotation: nil,
                defaultValue: defaultValue, attribute: attribute, relationship: relationship))
        }
    }

    /// The text of any other type, and the annotation taken apart from it.
    private static func renderedType(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> (text: String, annotation: TypeAnnotation) {
        let text = TypeText.render(tokens, in: source)
        return (text, TypeAnnotation(text))
    }

    /// Properties outside models that list model types or name a version.
    private mutating func recordSchemaProperty(name: String, typeText: String?, binding: Binding) {
        // The initial value and the accessors, read as one run of tokens.
        var body: [LexedToken] { Array(tokens[binding.initializer ?? 0..<0]) + tokens[binding.accessors ?? 0..<0] }
        if name == "versionIdentifier" {
            let numbers = body.filter { $0.kind == .number }.prefix(3).compactMap { Int(text($0).filter { $0 != "_" }) }
            if !numbers.isEmpty {
                result.versionIdentifiers.append(VersionIdentifierDeclaration(scope: currentPath, version: numbers))
            }
            return
        }
        // Most such properties have no annotation (`let schema = Schema(...)`): nothing to search.
        func typeMentions(_ name: String) -> Bool { typeText.map { ByteSearch.contains($0, name) } ?? false }
        let origin: ModelListDeclaration.Source
        if typeMentions("VersionedSchema.Type") {
            origin = .migrationPlan
        } else if typeMentions("PersistentModel.Type") || (name == "models" && !currentPath.isEmpty) {
            origin = .property(name: name)
        } else {
            return
        }
        let names = ModelListScanner.selfReferences(in: body, source: source)
        let includes = origin == .migrationPlan ? [] : ModelListScanner.membersNamed(.models, in: body, source: source)
        // A list built by a call cannot be read; better no registration than an empty one.
        guard !names.isEmpty || !includes.isEmpty else { return }
        result.modelLists.append(ModelListDeclaration(
            source: origin, scope: currentPath, names: names, line: binding.name?.line ?? 0, includes: includes))
    }
}
