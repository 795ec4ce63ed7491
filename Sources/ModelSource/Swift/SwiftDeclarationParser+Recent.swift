/// Initial values read off spans of a file's bytes, found again by those bytes.
///
/// Models write the same initial values over and over (`Date.now`, `Kind.draft`, `[]`):
/// comparing a few bytes costs less than classifying the tokens again and making their
/// strings and arrays. Equal bytes from the `=` to the value's last byte lex to equal
/// tokens, and the classification depends on the tokens alone (not on lines or on what
/// precedes them), so a remembered value is the one classifying them again gives.
struct RecentInitialValues {
    private var entries: [(span: Range<Int>, value: DefaultValue)] = []
    /// The entry replaced next once all are taken.
    private var oldest = 0

    /// Enough for the values a file's models repeat; a lookup compares a few of them.
    static let capacity = 8

    func value(spelledAs span: Range<Int>, in source: [UInt8]) -> DefaultValue? {
        for entry in entries where Self.sameBytes(entry.span, span, in: source) { return entry.value }
        return nil
    }

    mutating func remember(_ value: DefaultValue, spelledAs span: Range<Int>) {
        if entries.count < Self.capacity {
            if entries.isEmpty { entries.reserveCapacity(Self.capacity) }
            entries.append((span, value))
        } else {
            entries[oldest] = (span, value)
            oldest = (oldest + 1) % Self.capacity
        }
    }

    private static func sameBytes(_ first: Range<Int>, _ second: Range<Int>, in source: [UInt8]) -> Bool {
        guard first.count == second.count else { return false }
        var (one, other) = (first.lowerBound, second.lowerBound)
        while one < first.upperBound {
            if source[one] != source[other] { return false }
            one += 1
            other += 1
        }
        return true
    }
}

extension SwiftDeclarationParser {
    /// A property's initial value classified, once per spelling in the file. One token
    /// (`""`, `0`, `false`) is classified at once: looking it up would cost more.
    mutating func initialValue(_ range: Range<Int>) -> DefaultValue {
        guard range.count > 1, range.lowerBound > 0 else { return DefaultValueClassifier.classify(tokens[range], in: source) }
        let span = spelling(of: range)
        if let known = recentInitialValues.value(spelledAs: span, in: source) { return known }
        let value = DefaultValueClassifier.classify(tokens[range], in: source)
        recentInitialValues.remember(value, spelledAs: span)
        return value
    }

    /// The bytes from the token before `range` (the `=`) to the end of its last token,
    /// closing backtick included: an escaped name's text leaves it out, and
    /// `` Kind.`default` `` and an unclosed `` Kind.`default `` (a stray backtick, then a
    /// name) lex apart. (Other texts that leave bytes out cannot end a value the
    /// classifier tells apart: a string's kind and text are the same closed or not.)
    private func spelling(of range: Range<Int>) -> Range<Int> {
        let last = tokens[range.upperBound - 1]
        let end = last.escaped ? min(last.end + 1, source.count) : last.end
        return tokens[range.lowerBound - 1].start..<end
    }
}
