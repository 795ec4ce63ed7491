import SwiftData

// Trap: computed get/set wrappers next to the private stored property they wrap.
@Model final class Chore {
    private var titleStorage: String = ""
    var title: String {
        get { titleStorage }
        set { titleStorage = newValue.trimmingCharacters(in: .whitespaces) }
    }

    @Attribute(originalName: "steps") private var stepsStorage: [Step]? = []
    var steps: [Step] {
        get { stepsStorage ?? [] }
        set { stepsStorage = newValue }
    }

    init() {}
}

@Model final class Step {
    var name: String = ""
    var chore: Chore?

    init() {}
}
