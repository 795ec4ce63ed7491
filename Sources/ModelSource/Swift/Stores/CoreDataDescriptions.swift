/// The store descriptions one file's Core Data code sets up, and where each syncs
/// (Docs/StoreMembership.md): `NSPersistentCloudKitContainer` gives its default description
/// the first iCloud container of the entitlements; a description made with
/// `NSPersistentStoreDescription(...)` has no `cloudKitContainerOptions` until the code sets
/// them; `cloudKitContainerOptions = nil` turns mirroring off; `configuration = "Name"`
/// picks the model configuration (the entities) the store holds.
///
/// A description whose `url` is `/dev/null` (an SQLite store kept in memory) or whose `type`
/// is `NSInMemoryStoreType` is a scratch store (Docs/StoreConfigurationRules.md). Set inside
/// an `if` block (Xcode's template: `if inMemory { ….url = URL(fileURLWithPath: "/dev/null") }`),
/// it is a second variant of the description: what that block sets (its
/// `cloudKitContainerOptions`) holds for the scratch store only, never for the app's store.
///
/// A description is known by the name the code sets it through (`cloud.configuration = ...`);
/// one reached through `persistentStoreDescriptions` (`.first`, `[0]`, a loop over them) is
/// the container's default description.
struct CoreDataDescriptions {
    struct Store: Equatable {
        var line: Int?
        var configuration: String?
        /// The configuration is set to something other than a string literal.
        var configurationUnreadable = false
        var sync: ModelStore.Sync
        var spelling: String
        /// The description is also (or only) a scratch store in memory, and whether that
        /// store keeps CloudKit options.
        var inMemory: StoreSites.CoreDataStore.InMemory?
    }

    /// What the code sets on one description.
    private struct Description {
        var line: Int
        /// Made with `NSPersistentStoreDescription(...)` (no CloudKit options of its own).
        var created: Bool
        var configuration: (value: String?, line: Int)?
        var options: (sync: ModelStore.Sync, spelling: String, line: Int)?
        /// Made a scratch store in memory: where, and the `if` block doing it (nil: always).
        var inMemory: (line: Int, block: ClosedRange<Int>?)?
        /// Options set inside that block: the scratch store's only.
        var inMemoryOptions: (sync: ModelStore.Sync, spelling: String, line: Int)?
    }

    private static let defaultName = "\u{0}default"
    private var descriptions: [String: Description] = [:]
    private var order: [String] = []
    /// `persistentStoreDescriptions = [...]`: the default description is replaced.
    private var replacesDefault = false

    /// Whether the file sets anything on a store description (a cheap test first).
    static func mayAssign(_ syntax: StoreSyntax) -> Bool {
        syntax.tokens.indices.contains { syntax.tokens[$0].isKeyword(.cloudKitContainerOptions) || syntax.isName($0, "persistentStoreDescriptions") }
    }

    /// - Parameter boundValue: the value a name of the file is bound to, where it is used.
    init(syntax: StoreSyntax, calls: [StoreSyntax.Call], callAt: [Int: Int], boundValue: (Range<Int>) -> Range<Int>?) {
        let tokens = syntax.tokens
        for binding in syntax.bindings() {
            let value = binding.value..<syntax.endOfValue(from: binding.value)
            if let call = callAt[binding.value], calls[call].callee == .storeDescription {
                note(binding.name, line: tokens[binding.position].line, created: true)
            } else if value.contains(where: { syntax.isName($0, "persistentStoreDescriptions") }) {
                note(binding.name, line: tokens[binding.position].line, created: false)
            }
        }
        var optionAssignments: [(receiver: String, position: Int, options: (sync: ModelStore.Sync, spelling: String, line: Int))] = []
        for index in tokens.indices.dropFirst().dropLast() where tokens[index].isPunctuation("=") {
            let property = tokens[index - 1]
            let isOptions = property.isKeyword(.cloudKitContainerOptions), isConfiguration = syntax.isName(index - 1, "configuration")
            let isDescriptions = syntax.isName(index - 1, "persistentStoreDescriptions")
            let isLocation = syntax.isName(index - 1, "url") || syntax.isName(index - 1, "URL") || syntax.isName(index - 1, "type")
            guard isOptions || isConfiguration || isDescriptions || isLocation, index >= 2,
                  tokens[index - 2].isPunctuation(".") || isDescriptions else { continue }
            let value = index + 1..<syntax.endOfValue(from: index + 1)
            if isDescriptions {
                replacesDefault = true
                continue
            }
            // `.url =` of anything but a scratch store is no store description's business here.
            if isLocation && !Self.isInMemory(value, syntax: syntax) { continue }
            let receiver = Self.receiver(endingBefore: index - 2, in: syntax)
            note(receiver, line: property.line, created: false)
            if isLocation {
                if descriptions[receiver]?.inMemory == nil {
                    descriptions[receiver]?.inMemory = (property.line, Self.conditionalBlock(around: index, in: syntax))
                }
            } else if isConfiguration {
                let literal = value.count == 1 ? syntax.literal(at: value.lowerBound) : nil
                let isNil = value.count == 1 && tokens[value.lowerBound].isKeyword(.nilLiteral)
                descriptions[receiver]?.configuration = (isNil ? nil : literal ?? Self.unreadable, property.line)
            } else {
                let (sync, spelling) = Self.sync(value, syntax: syntax, calls: calls, callAt: callAt, boundValue: boundValue)
                optionAssignments.append((receiver, index, (sync, spelling, property.line)))
            }
        }
        // Options set in the block that makes the description a scratch store are that
        // store's; the others hold for the description whichever it is.
        for assignment in optionAssignments {
            if let block = descriptions[assignment.receiver]?.inMemory?.block, block.contains(assignment.position) {
                descriptions[assignment.receiver]?.inMemoryOptions = assignment.options
            } else {
                descriptions[assignment.receiver]?.options = assignment.options
            }
        }
    }

    /// `URL(fileURLWithPath: "/dev/null")` (any spelling holding the literal `/dev/null`)
    /// or `NSInMemoryStoreType`: the value makes the store a scratch store in memory.
    private static func isInMemory(_ value: Range<Int>, syntax: StoreSyntax) -> Bool {
        value.contains { syntax.literal(at: $0) == "/dev/null" || syntax.isName($0, "NSInMemoryStoreType") }
    }

    /// The `{ … }` of the innermost `if` whose block holds `position`, or nil when the
    /// innermost block holding it is no `if`'s (a function's body: always).
    private static func conditionalBlock(around position: Int, in syntax: StoreSyntax) -> ClosedRange<Int>? {
        let tokens = syntax.tokens
        var open = position - 1
        while open >= 0 {
            if tokens[open].isPunctuation("{"), let close = syntax.matches[open], close > position {
                // The statement the block belongs to: back to the start of its line.
                var start = open
                while start > 0, !tokens[start].newlineBefore { start -= 1 }
                let isIf = (start..<open).contains { tokens[$0].text(in: syntax.source) == "if" }
                return isIf ? open...close : nil
            }
            open -= 1
        }
        return nil
    }

    private static let unreadable = "\u{0}unreadable"

    private mutating func note(_ name: String, line: Int, created: Bool) {
        guard descriptions[name] == nil else { return }
        descriptions[name] = Description(line: line, created: created)
        order.append(name)
    }

    /// The stores of a container of this file: each description the code sets up, and the
    /// default description unless the code replaced it or set it up by name.
    func stores(cloudKit: Bool) -> [Store] {
        var stores: [Store] = []
        var sawDefault = false
        for name in order {
            guard let description = descriptions[name] else { continue }
            sawDefault = sawDefault || !description.created
            let configuration = description.configuration?.value
            var store = Store(
                line: description.options?.line ?? description.configuration?.line ?? description.line,
                configuration: configuration == Self.unreadable ? nil : configuration,
                configurationUnreadable: configuration == Self.unreadable, sync: .none, spelling: "")
            (store.sync, store.spelling) = Self.sync(of: description, options: description.options, cloudKit: cloudKit)
            if let memory = description.inMemory {
                let (sync, spelling) = Self.sync(of: description, options: description.inMemoryOptions ?? description.options, cloudKit: cloudKit)
                store.inMemory = .init(line: memory.line, conditional: memory.block != nil, sync: sync, spelling: spelling)
            }
            stores.append(store)
        }
        if !sawDefault && !replacesDefault {
            stores.append(cloudKit
                ? Store(line: nil, configuration: nil, sync: .automatic, spelling: "NSPersistentCloudKitContainer's default store description")
                : Store(line: nil, configuration: nil, sync: .none, spelling: "NSPersistentContainer (never mirrored to CloudKit)"))
        }
        return stores
    }

    /// Where a description syncs, given the options set on it.
    private static func sync(
        of description: Description, options: (sync: ModelStore.Sync, spelling: String, line: Int)?, cloudKit: Bool
    ) -> (ModelStore.Sync, String) {
        if !cloudKit { return (.none, "NSPersistentContainer (never mirrored to CloudKit)") }
        if let options { return (options.sync, "cloudKitContainerOptions = \(options.spelling)") }
        if description.created { return (.none, "NSPersistentStoreDescription without cloudKitContainerOptions") }
        return (.automatic, "NSPersistentCloudKitContainer's default store description")
    }

    /// The description a property is set on: a name (`cloud`, `self.cloud`), or the default
    /// one when reached through `persistentStoreDescriptions`.
    private static func receiver(endingBefore end: Int, in syntax: StoreSyntax) -> String {
        let tokens = syntax.tokens
        var cursor = end - 1
        var name: String?
        while cursor >= 0 {
            let token = tokens[cursor]
            if syntax.isName(cursor, "persistentStoreDescriptions") { return defaultName }
            if token.kind == .identifier {
                if name == nil { name = token.text(in: syntax.source) }
            } else if token.isPunctuation(")") || token.isPunctuation("]") {
                guard let open = syntax.matches.firstIndex(of: cursor) else { break }
                cursor = open
            } else if !(token.isPunctuation(".") || token.isPunctuation("?") || token.isPunctuation("!")) {
                break
            }
            if token.newlineBefore { break }
            cursor -= 1
        }
        // `$0.cloudKitContainerOptions = ...` in a closure over the descriptions, or a name
        // the reader cannot place: the default description's.
        guard let name, !name.hasPrefix("$") else { return defaultName }
        return name
    }

    /// What `cloudKitContainerOptions = value` says.
    private static func sync(
        _ value: Range<Int>, syntax: StoreSyntax, calls: [StoreSyntax.Call], callAt: [Int: Int], boundValue: (Range<Int>) -> Range<Int>?
    ) -> (ModelStore.Sync, String) {
        let tokens = syntax.tokens
        let spelling = syntax.text(value)
        if value.count == 1, tokens[value.lowerBound].isKeyword(.nilLiteral) { return (.none, "nil") }
        var target = value
        if let bound = boundValue(value) { target = bound }
        if let call = callAt[target.lowerBound], calls[call].callee == .cloudKitContainerOptionsType,
           let id = calls[call].argument("containerIdentifier") {
            // `containerIdentifier: "iCloud.a"`, or a name of the file bound to that literal.
            let literalValue = boundValue(id.value) ?? id.value
            if literalValue.count == 1, let literal = syntax.literal(at: literalValue.lowerBound) { return (.container(literal), spelling) }
        }
        return (.unknown, spelling)
    }
}
