import SwiftData

// Trap: @Transient and @Attribute(.ephemeral) on computed properties must not mark the
// stored property that follows; on stored properties they exclude them.
@Model final class Profile {
    @Transient
    var cachedAvatar: String { "avatar-\(displayName)" }
    var displayName: String = ""
    @Attribute(.ephemeral) var isSelected: Bool { false }
    var bio: String?
    @Transient var scratch: Int = 0
    @Attribute(.ephemeral) var draft: String = ""
    static var shared = 0
    static let defaultName = "Anonymous"

    init() {}
}
