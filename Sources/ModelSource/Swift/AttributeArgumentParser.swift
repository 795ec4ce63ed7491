/// Reads the arguments of `@Attribute(...)` and `@Relationship(...)`.
enum AttributeArgumentParser {
    static func attribute(_ attribute: ParsedAttribute) -> AttributeArguments {
        var result = AttributeArguments()
        for argument in splitTopLevel(attribute.arguments, separator: ",") {
            if let (label, value) = labeledValue(argument) {
                if label == "originalName" { result.originalName = stringValue(value) }
            } else if let option = optionName(argument) {
                result.options.insert(option)
            }
        }
        return result
    }

    static func relationship(_ attribute: ParsedAttribute) -> RelationshipArguments {
        var result = RelationshipArguments()
        for argument in splitTopLevel(attribute.arguments, separator: ",") {
            if let (label, value) = labeledValue(argument) {
                switch label {
                case "deleteRule": result.deleteRule = optionName(value)
                case "originalName": result.originalName = stringValue(value)
                case "inverse": result.inverse = keyPath(value)
                default: break
                }
            } else if let option = optionName(argument) {
                result.options.insert(option)
            }
        }
        return result
    }

    /// `label: value` -> (label, value tokens).
    private static func labeledValue(_ argument: [SwiftToken]) -> (String, [SwiftToken])? {
        guard argument.count >= 2, argument[0].kind == .identifier, argument[1].isPunctuation(":") else { return nil }
        return (argument[0].text, Array(argument.dropFirst(2)))
    }

    /// `.unique`, `.transformable(by: X.self)`, `Schema.Attribute.Option.unique` -> the
    /// option's name: the last identifier before any call parentheses.
    private static func optionName(_ tokens: [SwiftToken]) -> String? {
        let head = tokens.prefix { !$0.isPunctuation("(") }
        guard head.first?.isPunctuation(".") == true || head.first?.kind == .identifier else { return nil }
        return head.last { $0.kind == .identifier }?.text
    }

    private static func stringValue(_ tokens: [SwiftToken]) -> String? {
        tokens.first { $0.kind == .string }?.text
    }

    /// `\Item.tags`, `\SchemaV3.Item.tags`, `\.tags` -> identifiers in order.
    private static func keyPath(_ tokens: [SwiftToken]) -> [String]? {
        guard tokens.first?.isPunctuation("\\") == true else { return nil }
        let names = tokens.dropFirst().prefix { $0.kind == .identifier || $0.isPunctuation(".") || $0.isPunctuation("?") || $0.isPunctuation("!") }
            .filter { $0.kind == .identifier }.map(\.text)
        return names.isEmpty ? nil : names
    }
}
