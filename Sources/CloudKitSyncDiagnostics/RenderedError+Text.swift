extension RenderedError {
    /// One line: `CKErrorDomain 2 partialFailure, no per-record errors`, or with the first
    /// per-record error when there are some.
    public var brief: String {
        var text = "\(domain) \(code)" + (codeName.map { " \($0)" } ?? "")
        switch perItem {
        case .empty:
            text += ", no per-record errors"
        case .absent where isCloudKit && code == CloudKitErrorCode.partialFailure:
            text += ", no per-record errors"
        case .items(let items, let omitted):
            let count = items.count + omitted
            text += ", \(count) per-record error\(count == 1 ? "" : "s")"
            if let first = items.first {
                text += "; \(first.item): \(first.error.identity) “\(first.error.message)”"
            }
        case .absent:
            break
        }
        return text
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// Every part, indented by level, for the copyable report.
    public var lines: [String] { lines(indent: "") }

    func lines(indent: String) -> [String] {
        var result = ["\(indent)\(identity): \(message)"]
        let inner = indent + "    "
        if let retryAfter { result.append("\(inner)retry after: \(Self.seconds(retryAfter)) s") }
        for detail in details { result.append("\(inner)\(detail.key): \(detail.value)") }
        switch perItem {
        case .absent:
            if isCloudKit && code == CloudKitErrorCode.partialFailure {
                result.append("\(inner)per-record errors: none attached (the error has no per-item dictionary)")
            }
        case .empty:
            result.append("\(inner)per-record errors: none (the per-item dictionary is empty)")
        case .items(let items, let omitted):
            result.append("\(inner)per-record errors: \(items.count + omitted)")
            for item in items {
                result.append("\(inner)  \(item.item):")
                result += item.error.lines(indent: inner + "    ")
            }
            if omitted > 0 { result.append("\(inner)  … and \(omitted) more not shown") }
        }
        for related in related {
            result.append("\(inner)\(related.key):")
            result += related.error.lines(indent: inner + "  ")
        }
        for next in underlying {
            result.append("\(inner)underlying error:")
            result += next.lines(indent: inner + "  ")
        }
        if truncated { result.append("\(inner)… more nested errors not shown (depth or size bound)") }
        return result
    }
}
