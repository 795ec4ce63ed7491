import Foundation

/// Turns an `Error` into a `RenderedError`, following `NSUnderlyingErrorKey`, the
/// per-item dictionary and any other errors the user info holds, to a bounded depth and
/// size (an error can nest itself; a partial failure can name thousands of records).
/// Only strings and numbers are copied from the user info: a `CKRecord` there (a
/// conflict's server copy) holds the user's data, which has no place in a support report.
public struct ErrorRenderer: Sendable {
    /// The user-info key of CloudKit's per-item errors (`CKPartialErrorsByItemIDKey`).
    public var partialErrorsKey: String
    /// The user-info key of the seconds to wait before a retry (`CKErrorRetryAfterKey`).
    public var retryAfterKey: String
    /// Levels rendered, the top error being level 1.
    public var maxDepth: Int
    /// Per-item errors rendered per dictionary; the rest are counted.
    public var maxItems: Int
    /// Errors rendered in all, across every level.
    public var maxErrors: Int
    /// Characters kept of a message or detail.
    public var maxText: Int
    /// How an item of the per-item dictionary is named (a `CKRecord.ID` by its record name).
    public var describeItem: @Sendable (AnyHashable) -> String

    public init(
        partialErrorsKey: String, retryAfterKey: String, maxDepth: Int = 6, maxItems: Int = 20, maxErrors: Int = 100, maxText: Int = 500,
        describeItem: @escaping @Sendable (AnyHashable) -> String = { String(describing: $0.base) }
    ) {
        self.partialErrorsKey = partialErrorsKey
        self.retryAfterKey = retryAfterKey
        self.maxDepth = max(1, maxDepth)
        self.maxItems = max(0, maxItems)
        self.maxErrors = max(1, maxErrors)
        self.maxText = max(1, maxText)
        self.describeItem = describeItem
    }

    /// For errors that are not CloudKit's (no per-item dictionary to look for).
    static let plain = ErrorRenderer(partialErrorsKey: "", retryAfterKey: "")

    public func render(_ error: any Error) -> RenderedError {
        var budget = maxErrors - 1
        return render(error as NSError, depth: 1, budget: &budget)
    }

    private func render(_ error: NSError, depth: Int, budget: inout Int) -> RenderedError {
        var rendered = RenderedError(domain: error.domain, code: error.code, message: clipped(error.localizedDescription))
        let info = error.userInfo
        for key in info.keys.sorted() where key != NSLocalizedDescriptionKey {
            let value = info[key]!
            if key == retryAfterKey, let seconds = (value as? NSNumber)?.doubleValue {
                rendered.retryAfter = seconds
            }
            if let text = Self.text(value) {
                rendered.details.append(.init(key: key, value: clipped(text)))
                continue
            }
            let children = key == partialErrorsKey ? 0 : Self.errors(in: value).count
            let nests = key == partialErrorsKey ? !(Self.dictionary(value)?.isEmpty ?? true) : children > 0
            if nests && (depth >= maxDepth || budget <= 0) {
                rendered.truncated = true
                if key == partialErrorsKey, let items = Self.dictionary(value) {
                    rendered.perItem = .items([], omitted: items.count)
                }
                continue
            }
            if key == partialErrorsKey, let items = Self.dictionary(value) {
                rendered.perItem = perItem(items, depth: depth, budget: &budget, truncated: &rendered.truncated)
            } else if key == NSUnderlyingErrorKey, let underlying = Self.errors(in: value).first {
                budget -= 1
                rendered.underlying = [render(underlying, depth: depth + 1, budget: &budget)]
            } else {
                for related in Self.errors(in: value) {
                    guard budget > 0 else { rendered.truncated = true; break }
                    budget -= 1
                    rendered.related.append(.init(key: key, error: render(related, depth: depth + 1, budget: &budget)))
                }
            }
        }
        return rendered
    }

    private func perItem(
        _ items: [AnyHashable: Any], depth: Int, budget: inout Int, truncated: inout Bool
    ) -> RenderedError.PerItemErrors {
        guard !items.isEmpty else { return .empty }
        let named = items.map { (name: describeItem($0.key), value: $0.value) }.sorted { $0.name < $1.name }
        var shown: [RenderedError.ItemError] = []
        for entry in named {
            guard shown.count < maxItems, budget > 0 else { break }
            guard let error = Self.errors(in: entry.value).first else { continue }
            budget -= 1
            shown.append(.init(item: clipped(entry.name), error: render(error, depth: depth + 1, budget: &budget)))
        }
        if shown.count < named.count && budget <= 0 { truncated = true }
        return .items(shown, omitted: named.count - shown.count)
    }

    private func clipped(_ text: String) -> String {
        text.count <= maxText ? text : String(text.prefix(maxText)) + "…"
    }

    /// Strings and numbers; everything else in a user info is left out (see the type's note).
    private static func text(_ value: Any) -> String? {
        if let string = value as? String { return string }
        if value is Error { return nil }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }

    private static func dictionary(_ value: Any) -> [AnyHashable: Any]? {
        value as? [AnyHashable: Any]
    }

    /// An error, or the errors of an array.
    private static func errors(in value: Any) -> [NSError] {
        if let error = value as? any Error { return [error as NSError] }
        if let array = value as? [Any] { return array.compactMap { ($0 as? any Error).map { $0 as NSError } } }
        return []
    }
}
