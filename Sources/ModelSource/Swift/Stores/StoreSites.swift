/// Every store one Swift file builds or configures, and every list of models it registers,
/// read without a compiler (Docs/StoreMembership.md): SwiftData `ModelConfiguration(...)`,
/// `ModelContainer(for:...)` and `.modelContainer(for:...)`; Core Data
/// `NSPersistentContainer` / `NSPersistentCloudKitContainer` and their store descriptions.
///
/// One reading for the model reader (which store holds which model, `ModelStore`) and for
/// the lint rules about store configurations (`ModelConfigurationSite`). A configuration or
/// a list given through a `let` of the file reads as if written in place.
package struct StoreSites: Sendable, Equatable {
    /// `ModelConfiguration(...)` calls, in file order.
    package var configurations: [Configuration] = []
    /// `ModelContainer(for:...)` calls and `.modelContainer(for:...)` modifiers.
    package var containers: [Container] = []
    /// The stores of `NSPersistentContainer` / `NSPersistentCloudKitContainer` calls.
    package var coreDataStores: [CoreDataStore] = []
    /// The file imports XCTest or Testing: test code, whose stores and registrations are
    /// never the app's.
    package var isTestCode = false
    /// The file names `PreviewProvider`: preview code (for the lint rules).
    package var isPreviewCode = false
    /// The app's registrations in this file (not in a `#Preview`, not in memory, not test code).
    var registrations: [ModelListDeclaration] = []
    /// App registrations whose model list the reader could not follow.
    var unresolvedRegistrations: [UnresolvedRegistration] = []
    /// Names other files can use (`schema` at file scope, `AppSchema.schema` for a type's
    /// member) bound to a list of models (`static let schema = Schema([...])`,
    /// `static let all: [any PersistentModel.Type] = [...]`).
    var namedLists: [String: NamedList] = [:]
    /// The same, bound to a configuration (`static let local = ModelConfiguration(...)`).
    var namedConfigurations: [String: Int] = [:]

    /// The keys a reference of another file looks a name up by: `Type.name` for
    /// `Type.name` (or `Module.Type.name`), `name` for a bare one.
    static func key(forReference reference: String) -> String {
        let parts = reference.split(separator: ".")
        return parts.suffix(2).joined(separator: ".")
    }

    /// A list bound to a name, and whether it is a `Schema(...)` call's (which answers for
    /// its own registration).
    struct NamedList: Sendable, Equatable {
        var list: StoreModelList
        var isSchemaCall: Bool
    }

    package struct Configuration: Sendable, Equatable {
        package var line: Int
        package var database: CloudKitDatabaseSpelling
        package var inMemory: Bool
        package var inPreview: Bool
        /// The models its `schema:` (or `for:`) gives; nil when it gives none (the container's).
        var models: StoreModelList?
        /// Its name (`ModelConfiguration("Drafts", ...)`), when written as a literal.
        package var name: String?
    }

    package struct Container: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            /// `ModelContainer(for:...)`.
            case container
            /// The SwiftUI modifier `.modelContainer(for:...)`: the default configuration.
            case modifier
        }

        package var kind: Kind
        package var line: Int
        /// The modifier's `inMemory: true`, or every configuration in memory.
        package var inMemory: Bool
        package var inPreview: Bool
        /// Its configurations, as the code gives them. Empty: none given (SwiftData's
        /// default configuration).
        package var configurations: [ConfigurationReference]
        var models: StoreModelList
    }

    /// A configuration a container is given.
    package enum ConfigurationReference: Sendable, Equatable {
        /// A `ModelConfiguration(...)` of this file (its position in `configurations`).
        case site(Int)
        /// A name this file does not bind (`Stores.local`): looked up in the other files.
        case reference(String)
        /// An expression the reader cannot follow, as written.
        case unreadable(String)
    }

    /// One store description of a Core Data container (Docs/StoreMembership.md).
    package struct CoreDataStore: Sendable, Equatable {
        package var line: Int
        /// The container is an `NSPersistentCloudKitContainer` (a plain one never syncs).
        package var cloudKitContainer: Bool
        /// `name:` of the container: the model it loads (`Model` -> `Model.xcdatamodeld`).
        package var modelName: String?
        /// The description's `configuration`: the model configuration whose entities it holds
        /// (nil: the default configuration, every entity).
        package var configuration: String?
        /// The configuration is set to something other than a literal: its entities are unknown.
        package var configurationUnreadable = false
        package var sync: ModelStore.Sync
        /// How the code sets it, for messages (`cloudKitContainerOptions = nil`).
        package var spelling: String
        /// The description is also (or only) made a scratch store in memory; `sync` and
        /// `spelling` above are the app's store's, these the scratch store's.
        package var inMemory: InMemory?

        package struct InMemory: Sendable, Equatable {
            /// Where the code makes it so (`url = URL(fileURLWithPath: "/dev/null")`).
            package var line: Int
            /// Only inside an `if` block (Xcode's template); false: the description is
            /// always in memory.
            package var conditional: Bool
            package var sync: ModelStore.Sync
            package var spelling: String
        }
    }

    /// The same reading with every line zeroed: what the file says, wherever in it.
    var positionless: StoreSites {
        var copy = self
        for index in copy.configurations.indices { copy.configurations[index].line = 0 }
        for index in copy.containers.indices { copy.containers[index].line = 0 }
        for index in copy.coreDataStores.indices {
            copy.coreDataStores[index].line = 0
            copy.coreDataStores[index].inMemory?.line = 0
        }
        for index in copy.registrations.indices { copy.registrations[index].line = 0 }
        for index in copy.unresolvedRegistrations.indices { copy.unresolvedRegistrations[index].line = 0 }
        return copy
    }

    /// Whether the file builds or configures a store at all.
    package var isEmpty: Bool { configurations.isEmpty && containers.isEmpty && coreDataStores.isEmpty }

    /// Whether the file builds a store of the app: one outside previews and memory (a
    /// preview's or a test's scratch store says nothing about where models sync).
    package var buildsAppStore: Bool {
        !isTestCode && (configurations.contains { !$0.inMemory && !$0.inPreview }
            || containers.contains { !$0.inMemory && !$0.inPreview } || !coreDataStores.isEmpty)
    }

    /// Reads a file's bytes (the lint rules; the model reader reads from its own tokens).
    package static func read(_ bytes: [UInt8]) -> StoreSites {
        read(tokens: SwiftLexer.lex(bytes).tokens, source: bytes)
    }

    /// Registration lists longer than this are broken or generated input: skipped, which
    /// keeps the reading linear however calls nest (as `ModelListScanner`).
    static let longestCall = ModelListScanner.longestCall

    static func read(tokens: [LexedToken], source: [UInt8]) -> StoreSites {
        var reader = StoreSiteReader(syntax: StoreSyntax(tokens: tokens, source: source))
        return reader.read()
    }
}

/// The models a store or a registration is given, as one file's code lists them.
struct StoreModelList: Sendable, Equatable {
    /// `X.self` names as written.
    var names: [String] = []
    /// `V.models` and `Schema(versionedSchema: V.self)`: the models a versioned schema (or a
    /// type's `models` list) holds.
    var includes: [String] = []
    /// Names this file does not bind (`AppSchema.schema`): looked up in the other files.
    var references: [String] = []
    /// The first part the reader cannot follow, as written; nil when every part is read.
    var unreadable: String?

    mutating func merge(_ other: StoreModelList) {
        names += other.names
        includes += other.includes
        references += other.references
        if unreadable == nil { unreadable = other.unreadable }
    }

    var isComplete: Bool { unreadable == nil && references.isEmpty }
}

/// A registering call whose model list could not be followed, with the names it leaves
/// for the other files (a `static let` of another file) to settle.
struct UnresolvedRegistration: Sendable, Equatable {
    var line: Int
    /// The call as written, shortened (`ModelContainer(for: AppSchema.all())`).
    var call: String
    /// What could not be read (`AppSchema.all()`); nil when only `references` are open.
    var unreadable: String?
    var references: [String]
}

/// Reads one file's stores (`StoreSites.read`).
struct StoreSiteReader {
    let syntax: StoreSyntax
    private var tokens: [LexedToken] { syntax.tokens }
    private var calls: [StoreSyntax.Call] = []
    private var callAt: [Int: Int] = [:]
    private var bindings: [(name: String, value: Int, position: Int)] = []
    private var previews: [ClosedRange<Int>] = []
    private var sites = StoreSites()
    /// Configuration call position -> index in `sites.configurations`.
    private var configurationAt: [Int: Int] = [:]
    /// Token ranges of calls whose registrations are not the app's (previews, in memory).
    private var excluded: [Range<Int>] = []

    init(syntax: StoreSyntax) {
        self.syntax = syntax
    }

    mutating func read() -> StoreSites {
        calls = syntax.calls()
        sites.isTestCode = syntax.importsTestFramework()
        sites.isPreviewCode = tokens.indices.contains { syntax.isName($0, "PreviewProvider") }
        let assigns = CoreDataDescriptions.mayAssign(syntax)
        guard !calls.isEmpty || assigns else { return sites }
        for (position, call) in calls.enumerated() { callAt[call.position] = position }
        bindings = syntax.bindings()
        previews = syntax.previewBodies()
        for call in calls where call.callee == .modelConfiguration { readConfiguration(call) }
        for call in calls where call.callee == .modelContainerType || call.callee == .modelContainer { readContainer(call) }
        readCoreData()
        readRegistrations()
        readNamedLists()
        return sites
    }

    // MARK: - SwiftData

    private func inPreview(_ position: Int) -> Bool {
        previews.contains { $0.contains(position) }
    }

    private mutating func readConfiguration(_ call: StoreSyntax.Call) {
        let database = call.argument("cloudKitDatabase").map {
            CloudKitDatabaseSpelling.read($0.value, in: syntax) { name in self.literal(bound: name, before: call.position) }
        } ?? .omitted
        let inMemory = call.argument(.isStoredInMemoryOnly).map { isTrue($0.value) } ?? false
        let schema = call.argument(.schemaLabel) ?? call.argument(.for)
        let models = schema.map { _ in modelList(values(of: call, label: schema?.labelWord), before: call.position) }
        let name = call.arguments.first.flatMap { $0.label == nil && $0.value.count == 1 ? syntax.literal(at: $0.value.lowerBound) : nil }
        configurationAt[call.position] = sites.configurations.count
        sites.configurations.append(StoreSites.Configuration(
            line: call.line, database: database, inMemory: inMemory, inPreview: inPreview(call.position), models: models, name: name))
    }

    private mutating func readContainer(_ call: StoreSyntax.Call) {
        guard call.argument(.for) != nil else { return }  // `.modelContainer(container)` builds none
        let kind: StoreSites.Container.Kind = call.callee == .modelContainer ? .modifier : .container
        var configurations: [StoreSites.ConfigurationReference] = []
        for element in values(of: call, label: "configurations").flatMap(arrayElements) {
            configurations.append(configuration(at: element))
        }
        let modifierInMemory = call.argument(.inMemory).map { isTrue($0.value) } ?? false
        let allInMemory = !configurations.isEmpty && configurations.allSatisfy {
            if case .site(let index) = $0 { return sites.configurations[index].inMemory }
            return false
        }
        sites.containers.append(StoreSites.Container(
            kind: kind, line: call.line, inMemory: modifierInMemory || allInMemory, inPreview: inPreview(call.position),
            configurations: configurations, models: modelList(values(of: call, label: .for), before: call.position)))
        if sites.containers.last!.inMemory || sites.containers.last!.inPreview { excluded.append(call.open..<call.close) }
    }

    /// The configuration an element of `configurations:` names: a call written there, a
    /// name the file binds to one, or a name for the other files.
    private func configuration(at element: Range<Int>, depth: Int = 0) -> StoreSites.ConfigurationReference {
        if let position = callStart(element), calls[position].callee == .modelConfiguration,
           let index = configurationAt[calls[position].position] {
            return .site(index)
        }
        if depth < 4, let value = boundValue(element) { return configuration(at: value, depth: depth + 1) }
        if let name = dottedName(element) { return .reference(name.joined(separator: ".")) }
        return .unreadable(syntax.text(element))
    }

    // MARK: - Lists of models

    /// The tokens of an argument and the unlabeled ones after it (variadic parameters).
    private func values(of call: StoreSyntax.Call, label: SwiftWord?) -> [Range<Int>] {
        guard let label, let start = call.arguments.firstIndex(where: { $0.labelWord == label }) else { return [] }
        return values(of: call, from: start)
    }

    private func values(of call: StoreSyntax.Call, label: String) -> [Range<Int>] {
        guard let start = call.arguments.firstIndex(where: { $0.label == label }) else { return [] }
        return values(of: call, from: start)
    }

    /// The argument at `start` and the unlabeled ones after it.
    private func values(of call: StoreSyntax.Call, from start: Int) -> [Range<Int>] {
        var values = [call.arguments[start].value]
        for argument in call.arguments[(start + 1)...] {
            guard argument.label == nil else { break }
            values.append(argument.value)
        }
        return values
    }

    /// An array literal's elements, or the value itself.
    private func arrayElements(_ value: Range<Int>) -> [Range<Int>] {
        if value.count >= 2, tokens[value.lowerBound].isPunctuation("["), syntax.matches[value.lowerBound] == value.upperBound - 1 {
            return syntax.elements(value.lowerBound + 1..<value.upperBound - 1)
        }
        return [value]
    }

    /// The models the values list, followed through calls and names of the file.
    /// - Parameter throughSchemaCalls: whether a `Schema(...)` met (written there or bound to
    ///   a name) is followed; a registration does not, since that call registers on its own.
    private func modelList(_ values: [Range<Int>], before position: Int, depth: Int = 0, throughSchemaCalls: Bool = true) -> StoreModelList {
        var list = StoreModelList()
        for value in values where !value.isEmpty {
            for element in arrayElements(value) {
                for part in split(element, atOperator: "+") {
                    list.merge(modelList(part, before: position, depth: depth, throughSchemaCalls: throughSchemaCalls))
                }
            }
        }
        return list
    }

    private func modelList(_ part: Range<Int>, before position: Int, depth: Int, throughSchemaCalls: Bool) -> StoreModelList {
        var list = StoreModelList()
        guard depth < 6, !part.isEmpty else {
            list.unreadable = syntax.text(part)
            return list
        }
        if tokens[part.lowerBound].isPunctuation("["), syntax.matches[part.lowerBound] == part.upperBound - 1 {
            return modelList([part], before: position, depth: depth + 1, throughSchemaCalls: throughSchemaCalls)
        }
        if let name = dottedName(part) {
            switch name.last {
            case "self": list.names.append(name.dropLast().joined(separator: "."))
            case "models" where name.count > 1: list.includes.append(name.dropLast().joined(separator: "."))
            default:
                if let value = boundValue(part) {
                    return modelList([value], before: position, depth: depth + 1, throughSchemaCalls: throughSchemaCalls)
                }
                list.references.append(name.joined(separator: "."))
            }
            return list
        }
        if let index = callStart(part), calls[index].callee == .schema, calls[index].close == part.upperBound - 1 {
            return throughSchemaCalls ? schemaList(calls[index], depth: depth + 1) : list
        }
        list.unreadable = syntax.text(part)
        return list
    }

    /// What `Schema(...)` registers: `Schema([A.self])`, `Schema(versionedSchema: V.self)`,
    /// `Schema(V.models)`.
    private func schemaList(_ call: StoreSyntax.Call, depth: Int, throughSchemaCalls: Bool = true) -> StoreModelList {
        if let versioned = call.argument(.versionedSchema) {
            var list = StoreModelList()
            if let name = dottedName(versioned.value), name.last == "self", name.count > 1 {
                list.includes.append(name.dropLast().joined(separator: "."))
            } else {
                list.unreadable = syntax.text(versioned.value)
            }
            return list
        }
        let unlabeled = call.arguments.prefix { $0.label == nil }.map(\.value)
        guard !unlabeled.isEmpty else { return StoreModelList(unreadable: syntax.text(call.open..<min(call.close + 1, tokens.count))) }
        return modelList(unlabeled, before: call.position, depth: depth, throughSchemaCalls: throughSchemaCalls)
    }

    /// `A.B.c` as its names, when `range` is exactly a dotted name.
    private func dottedName(_ range: Range<Int>) -> [String]? {
        guard range.count % 2 == 1 else { return nil }
        var names: [String] = []
        for index in range {
            let isName = (index - range.lowerBound) % 2 == 0
            if isName {
                guard tokens[index].kind == .identifier else { return nil }
                names.append(tokens[index].text(in: syntax.source))
            } else if !tokens[index].isPunctuation(".") {
                return nil
            }
        }
        return names
    }

    /// `range` split at top-level operators spelled `op` (`V1.models + [Tag.self]`).
    private func split(_ range: Range<Int>, atOperator op: String) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if let close = syntax.closing(index) {
                index = close + 1
                continue
            }
            if tokens[index].kind == .operator, tokens[index].text(in: syntax.source) == op {
                parts.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// The position in `calls` of the call `range` starts with (`SwiftData.` and `try` aside).
    private func callStart(_ range: Range<Int>) -> Int? {
        var start = range.lowerBound
        while start < range.upperBound, tokens[start].isKeyword(.try) || tokens[start].isKeyword(.await)
                || tokens[start].isPunctuation("?") || tokens[start].isPunctuation("!") {
            start += 1
        }
        if start + 2 < range.upperBound, tokens[start].isKeyword(.swiftData), tokens[start + 1].isPunctuation(".") { start += 2 }
        // `.init(...)` given to a variable annotated with the type: the call is known by its `(`.
        if start + 2 < range.upperBound, tokens[start].isPunctuation("."), tokens[start + 1].isKeyword(.initializer) {
            return calls.firstIndex { $0.open == start + 2 }
        }
        return callAt[start]
    }

    /// The value a plain name in `range` is bound to in this file: the nearest binding
    /// before it, else the first after it (a property declared below its use).
    private func boundValue(_ range: Range<Int>) -> Range<Int>? {
        guard range.count == 1 || (range.count == 3 && tokens[range.lowerBound + 1].isPunctuation(".")),
              tokens[range.upperBound - 1].kind == .identifier else { return nil }
        // `Self.schema`, `AppSchema.schema`: the member's name, bound in this file.
        let name = tokens[range.upperBound - 1].text(in: syntax.source)
        guard let binding = binding(named: name, before: range.lowerBound) else { return nil }
        return binding.value..<syntax.endOfValue(from: binding.value)
    }

    private func binding(named name: String, before position: Int) -> (name: String, value: Int, position: Int)? {
        bindings.last { $0.name == name && $0.position < position && !(($0.value...syntax.endOfValue(from: $0.value)).contains(position)) }
            ?? bindings.first { $0.name == name && $0.position > position }
    }

    /// The string literal a name of the file is bound to (`let containerID = "iCloud.a"`).
    private func literal(bound name: String, before position: Int) -> String? {
        guard let binding = binding(named: name, before: position), syntax.endOfValue(from: binding.value) == binding.value + 1 else {
            return nil
        }
        return syntax.literal(at: binding.value)
    }

    private func isTrue(_ value: Range<Int>) -> Bool {
        value.count == 1 && tokens[value.lowerBound].isKeyword(.trueLiteral)
    }

    // MARK: - Registrations

    /// The app's registering calls: each `Schema(...)`, `ModelContainer(for:)` and
    /// `.modelContainer(for:)` outside test code, previews and in-memory containers. What a
    /// call lists directly is recorded as the fast reading records it (`ModelListScanner`);
    /// names reached through a `let` of the file are added; a list that cannot be followed
    /// is unresolved. A `Schema(...)` nested in a call, or bound to a name the call uses, is
    /// a registration of its own and answers for itself.
    private mutating func readRegistrations() {
        guard !sites.isTestCode else { return }
        for call in calls where call.callee == .schema || ((call.callee == .modelContainerType || call.callee == .modelContainer) && call.argument(.for) != nil) {
            guard call.close < tokens.count, call.close - call.position < StoreSites.longestCall, !inPreview(call.position),
                  !excluded.contains(where: { $0.contains(call.position) || $0.lowerBound == call.open }) else { continue }
            let direct = ModelListScanner.lists(
                ofCall: call.callee, arguments: Array(tokens[call.open + 1..<call.close]), line: call.line, source: syntax.source,
                boundName: ModelListScanner.boundName(ofCallAt: call.position, in: tokens, source: syntax.source))
            sites.registrations += direct
            let list = call.callee == .schema
                ? schemaList(call, depth: 0, throughSchemaCalls: false)
                : modelList(values(of: call, label: .for), before: call.position, throughSchemaCalls: false)
            let listed = Set(direct.flatMap(\.names))
            let bound = list.names.filter { !listed.contains($0) }
            if !bound.isEmpty { sites.registrations.append(ModelListDeclaration(source: .call, scope: [], names: bound, line: call.line)) }
            guard !list.isComplete else { continue }
            sites.unresolvedRegistrations.append(UnresolvedRegistration(
                line: call.line, call: shortened(call), unreadable: list.unreadable, references: list.references))
        }
    }

    private func shortened(_ call: StoreSyntax.Call) -> String {
        let text = syntax.text(call.position..<min(call.close + 1, tokens.count))
        let flat = text.split(whereSeparator: \.isNewline)
            .map { String($0.drop { $0 == " " || $0 == "\t" }) }.joined(separator: " ")
        return flat.count > 120 ? String(flat.prefix(117)) + "..." : flat
    }

    /// Names bound to a list of models or to a configuration, for the other files' references.
    private mutating func readNamedLists() {
        for binding in bindings {
            // A local of a function no other file can name.
            let key: String
            switch syntax.owner(ofBindingAt: binding.position) {
            case .global: key = binding.name
            case .type(let owner): key = owner + "." + binding.name
            case .local: continue
            }
            let value = binding.value..<syntax.endOfValue(from: binding.value)
            let call = callStart(value).map { calls[$0] }
            if let call, call.callee == .modelConfiguration, let index = configurationAt[call.position] {
                sites.namedConfigurations[key] = index
                continue
            }
            let isSchemaCall = call?.callee == .schema
            guard isSchemaCall || tokens[value.lowerBound].isPunctuation("[") else { continue }
            let list = modelList([value], before: binding.position)
            guard !list.names.isEmpty || !list.includes.isEmpty || !list.references.isEmpty || list.unreadable != nil else { continue }
            let named = StoreSites.NamedList(list: list, isSchemaCall: isSchemaCall)
            // The same name bound to different lists in one file: not a name to follow.
            if let existing = sites.namedLists[key], existing != named {
                sites.namedLists[key] = StoreSites.NamedList(list: StoreModelList(unreadable: binding.name), isSchemaCall: false)
            } else {
                sites.namedLists[key] = named
            }
        }
    }

    // MARK: - Core Data

    private mutating func readCoreData() {
        let containers = calls.filter { $0.callee == .persistentContainer || $0.callee == .cloudKitContainer }
        guard !containers.isEmpty else { return }
        let descriptions = CoreDataDescriptions(syntax: syntax, calls: calls, callAt: callAt) { self.boundValue($0) }
        for container in containers where !inPreview(container.position) {
            // `name:` names the model the container loads, unless `managedObjectModel:` gives it.
            let ownModel = !container.arguments.contains { $0.label == "managedObjectModel" }
            let name = container.argument("name").flatMap { $0.value.count == 1 ? syntax.literal(at: $0.value.lowerBound) : nil }
            for store in descriptions.stores(cloudKit: container.callee == .cloudKitContainer) {
                sites.coreDataStores.append(StoreSites.CoreDataStore(
                    line: store.line ?? container.line, cloudKitContainer: container.callee == .cloudKitContainer,
                    modelName: ownModel ? name : nil, configuration: store.configuration,
                    configurationUnreadable: store.configurationUnreadable, sync: store.sync, spelling: store.spelling,
                    inMemory: store.inMemory))
            }
        }
    }
}
