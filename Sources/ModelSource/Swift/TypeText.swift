/// Renders type tokens as normalised text: `[String : Int] ?` becomes `[String: Int]?`.
enum TypeText {
    static func render<Tokens: Collection<SwiftToken>>(_ tokens: Tokens) -> String {
        // The usual type, one name: its text (the loop below would give the same).
        if tokens.count == 1, let only = tokens.first, only.kind == .identifier || only.kind == .number {
            return only.text.trimmed
        }
        var text = ""
        var previous: SwiftToken?
        for token in tokens {
            switch token.kind {
            case .attribute:
                text += "@\(token.text) "
            case .identifier, .number:
                if let previous, previous.kind == .identifier || previous.kind == .number { text += " " }
                text += token.text
            case .string:
                text += "\"\(token.text)\""
            case .pound:
                text += "#\(token.text)"
            case .punctuation, .operator:
                if token.text == ">", previous?.kind == .operator, previous?.text.hasSuffix("-") == true {
                    text = String(text.dropLast()) + " -> "
                } else if token.text == "," || token.text == ":" {
                    text += token.text + " "
                } else {
                    text += token.text
                }
            }
            previous = token
        }
        return text.trimmed
    }
}
