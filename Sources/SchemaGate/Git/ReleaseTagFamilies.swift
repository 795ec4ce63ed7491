/// Tags grouped by what precedes their version number: `ios/v1.2` and `ios/v1.3` are one
/// family (`ios/v*`), `android/v3.0` another. A repository that releases several apps
/// tags each with its own prefix; without a pattern that picks one family, the release
/// before an iOS tag could be an Android one, and an Android tag would be gated by the iOS
/// schema. Tags without a digit (`beta`, `latest`) are no family.
package struct ReleaseTagFamily: Sendable, Equatable {
    /// The text before the version number (`ios/v`, `v`, or empty for tags like `1.2`).
    package var prefix: String
    package var count: Int
    /// The newest-sorting tag of the family, to name it in messages.
    package var example: String

    /// The pattern that selects this family alone, or nil for tags with no prefix (no
    /// pattern of `*` and `?` can pick `1.2` without also picking `ios/v1.2`).
    package var pattern: String? { prefix.isEmpty ? nil : prefix + "*" }

    /// `ios/v* (3 tags, e.g. ios/v1.1)`.
    package var shown: String {
        "\(pattern ?? "tags with no prefix") (\(count) tag\(count == 1 ? "" : "s"), e.g. \(example))"
    }

    /// The families among `tags`, the largest first.
    package static func families(_ tags: [String]) -> [ReleaseTagFamily] {
        var byPrefix: [String: ReleaseTagFamily] = [:]
        for tag in tags {
            guard let digit = tag.firstIndex(where: { $0.isASCII && $0.isNumber }) else { continue }
            let prefix = String(tag[..<digit])
            var family = byPrefix[prefix] ?? ReleaseTagFamily(prefix: prefix, count: 0, example: tag)
            family.count += 1
            if tag.utf8.lexicographicallyPrecedes(family.example.utf8) == false { family.example = tag }
            byPrefix[prefix] = family
        }
        return byPrefix.values.sorted { ($0.count, $1.prefix) > ($1.count, $0.prefix) }
    }
}
