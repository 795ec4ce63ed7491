/// An error written down completely enough to diagnose it days later on another machine:
/// domain, code, the `CKError.Code` name, its message and string details, the
/// `NSUnderlyingErrorKey` chain, other errors its user info holds, and CloudKit's
/// per-item errors (or an explicit note that there were none). Plain values, so it
/// survives launches in the history file (Docs/SyncDiagnostics.md).
public struct RenderedError: Codable, Equatable, Sendable {
    public var domain: String
    public var code: Int
    /// The `CKError.Code` case name when `domain` is `CKErrorDomain` and the code is known.
    public var codeName: String?
    public var message: String
    /// String values of the user info other than the message (a server message among
    /// them), sorted by key.
    public var details: [Detail]
    /// The `NSUnderlyingErrorKey` error; a one-element array so the type can nest.
    public var underlying: [RenderedError]
    /// Errors held under other user-info keys (Core Data's lists of detailed errors).
    public var related: [Related]
    public var perItem: PerItemErrors
    /// Seconds CloudKit asked to wait before retrying (`CKErrorRetryAfterKey`).
    public var retryAfter: Double?
    /// Set where the depth or size bound stopped the rendering.
    public var truncated: Bool

    public struct Detail: Codable, Equatable, Sendable {
        public var key: String
        public var value: String
    }

    public struct Related: Codable, Equatable, Sendable {
        public var key: String
        public var error: RenderedError
    }

    public struct ItemError: Codable, Equatable, Sendable {
        /// The item (a record or zone id) as CloudKit describes it.
        public var item: String
        public var error: RenderedError
    }

    /// CloudKit's per-item errors (`CKPartialErrorsByItemIDKey`).
    public enum PerItemErrors: Codable, Equatable, Sendable {
        /// The error carries no per-item dictionary.
        case absent
        /// The dictionary is there and empty: CloudKit (or Core Data) named no item.
        case empty
        /// The first items, and how many more the bound left out.
        case items([ItemError], omitted: Int)
    }

    public init(
        domain: String, code: Int, message: String, details: [Detail] = [], underlying: RenderedError? = nil,
        related: [Related] = [], perItem: PerItemErrors = .absent, retryAfter: Double? = nil, truncated: Bool = false
    ) {
        self.domain = domain
        self.code = code
        self.codeName = CloudKitErrorCode.name(domain: domain, code: code)
        self.message = message
        self.details = details
        self.underlying = underlying.map { [$0] } ?? []
        self.related = related
        self.perItem = perItem
        self.retryAfter = retryAfter
        self.truncated = truncated
    }

    /// `CKErrorDomain 2 (partialFailure)`.
    public var identity: String {
        "\(domain) \(code)" + (codeName.map { " (\($0))" } ?? "")
    }

    public var isCloudKit: Bool { domain == CloudKitErrorCode.domain }

    /// This error, its underlying chain, related errors and per-item errors, depth first.
    public var all: [RenderedError] {
        var result = [self]
        for next in underlying { result += next.all }
        for next in related { result += next.error.all }
        if case .items(let items, _) = perItem {
            for item in items { result += item.error.all }
        }
        return result
    }

    /// The message and every detail value, for matching CloudKit's words.
    var texts: [String] { [message] + details.map(\.value) }
}
