/// Reads the arguments of `@Attribute(...)` and `@Relationship(...)`: the tokens between
/// the parentheses, ranges of `source`.
enum AttributeArgumentParser {
    static func attribute(_ arguments: ArraySlice<LexedToken>, in source: [UInt8]) -> AttributeArguments {
        var result = AttributeArguments()
        for argument in splitTopLevel(arguments, separator: ",") {
            if let (label, value) = labeledValue(argument) {
                if label.word == .originalName { result.originalName = stringValue(value, in: source) }
            } else if let option = optionName(argument, in: source) {
                result.options.insert(option)
            }
        }
        return result
    }

    static func relationship(_ arguments: ArraySlice<LexedToken>, in source: [UInt8]) -> RelationshipArguments {
        var result = RelationshipArguments()
        for argument in splitTopLevel(arguments, separator: ",") {
            if let (label, value) = labeledValue(argument) {
                switch label.word {
                case .deleteRule: result.deleteRule = optionName(value, in: source)
                case .originalName: result.originalName = stringValue(value, in: source)
                case .inverse: result.inverse = keyPath(value, in: source)
                default: break
                }
            } else if let option = optionName(argument, in: source) {
                result.options.insert(option)
            }
        }
        return result
    }

    /// `label: value` -> (label token, value tokens).
    private static func labeledValue(_ argument: ArraySlice<LexedToken>) -> (LexedToken, ArraySlice<LexedToken>)? {
        let first = argument.startIndex
        guard argument.count >= 2, argument[first].kind == .identifier, argument[first + 1].isPunctuation(":") else { return nil }
        return (argument[first], argument.dropFirst(2))
    }

    /// `.unique`, `.transformable(by: X.self)`, `Schema.Attribute.Option.unique` -> the
    /// option's name: the last identifier before any call parentheses.
    private static func optionName(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> String? {
        let head = tokens.prefix { !$0.isPunctuation("(") }
        guard head.first?.isPunctuation(".") == true || head.first?.kind == .identifier else { return nil }
        return head.last { $0.kind == .identifier }?.text(in: source)
    }

    private static func stringValue(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> String? {
        tokens.first { $0.kind == .string }?.text(in: source)
    }

    /// `\Item.tags`, `\SchemaV3.Item.tags`, `\.tags` -> identifiers in order.
    private static func keyPath(_ tokens: ArraySlice<LexedToken>, in source: [UInt8]) -> [String]? {
        guard tokens.first?.isPunctuation("\\") == true else { return nil }
        var names: [String] = []
        names.reserveCapacity(4)  // `\Schema.Item.tags` in one allocation, not one per doubling
        for token in tokens.dropFirst() {
            guard token.kind == .identifier || token.isPunctuation(".") || token.isPunctuation("?") || token.isPunctuation("!") else { break }
            if token.kind == .identifier { names.append(token.text(in: source)) }
        }
        return names.isEmpty ? nil : names
    }
}
