/// Where a written model name can point, indexed once over every `@Model` declaration and
/// typealias of the sources, so each lookup the assembler makes (a registered name, a
/// relationship's destination) costs a few hash lookups instead of a scan over all
/// declarations: assembly stays linear in the number of models.
///
/// Every answer is the one a scan in declaration order gives (the first match wins), so
/// the indexes change no result, only its cost.
struct ModelNameIndex {
    /// A name declared directly inside `scope` (outermost type first; empty at file scope).
    struct ScopedName: Hashable {
        var scope: [String]
        var name: String
    }

    /// The first model whose qualified name is the key or ends with `.` and the key.
    private var byQualifiedSuffix: [String: Int] = [:]
    /// The first model declared with this name directly in this (non-empty) scope; those
    /// at file scope (nearly all) are found by the number of their name instead.
    private var modelsInScope: [ScopedName: Int] = [:]
    /// The typealiases of each name, in declaration order (an app has few).
    private var aliasesByName: [String: [TypeAliasDeclaration]] = [:]
    /// The models of a simple name: the first at file scope, and those a bare name may
    /// mean when no scope declares it.
    private struct Named {
        var firstTopLevel: Int?
        var firstActive: Int?
        var firstUnversioned: Int?
        var last: Int
    }

    /// By the number of the name in `modelNames`.
    private var bySimpleName: [Named?] = []

    /// `models` in declaration order (files in path order), each the position of its
    /// declaration in `files`; `active` is the schema version in use.
    /// `modelNames` numbers the models' names (`LocatedModel.name`).
    init(files: [SwiftFileDeclarations], models: [SwiftModelAssembler.LocatedModel], modelNames: ModelNames, active: String?) {
        bySimpleName = Array(repeating: nil, count: modelNames.count)
        // Last to first, so that the last write of a key is its first declaration: one hash
        // per key instead of a lookup and then a write.
        for index in models.indices.reversed() {
            // The name and scope passed on their own: passing the declaration copies it whole.
            let (file, position, version) = (models[index].file, models[index].index, models[index].version)
            note(
                files[file].models[position].name, in: files[file].models[position].scope, at: index,
                number: models[index].name, isActive: version != nil && version == active, isUnversioned: version == nil)
        }
        for file in files.indices {
            for alias in files[file].typeAliases.indices {
                aliasesByName[files[file].typeAliases[alias].name, default: []].append(files[file].typeAliases[alias])
            }
        }
    }

    /// Indexes the model at `index` in `models`, declared as `name` (numbered `number`) in
    /// `scope`, by its qualified names, its scope and its name. Called last to first: the
    /// first call for a name is its last model, later ones move the firsts back.
    private mutating func note(
        _ name: String, in scope: [String], at index: Int, number: Int, isActive: Bool, isUnversioned: Bool
    ) {
        if !scope.isEmpty || DottedName.hasDot(name) {
            // `ModelClassDeclaration.qualifiedName`.
            for suffix in Self.qualifiedSuffixes(of: (scope + [name]).joined(separator: ".")) {
                byQualifiedSuffix[suffix] = index
            }
        }
        var named = bySimpleName[number] ?? Named(last: index)
        if scope.isEmpty {
            named.firstTopLevel = index
        } else {
            modelsInScope[ScopedName(scope: scope, name: name)] = index
        }
        if isActive { named.firstActive = index }
        if isUnversioned { named.firstUnversioned = index }
        bySimpleName[number] = named
    }

    /// The first model whose qualified name is `written` or ends with `.` + `written`.
    func model(qualifiedAs written: String) -> Int? {
        byQualifiedSuffix[written]
    }

    /// The first model named `name` (numbered `number`) declared directly in `scope`.
    func model(numbered number: Int, named name: String, directlyIn scope: ArraySlice<String>) -> Int? {
        guard !scope.isEmpty else { return bySimpleName[number]?.firstTopLevel }
        guard !modelsInScope.isEmpty else { return nil }
        return modelsInScope[ScopedName(scope: Array(scope), name: name)]
    }

    /// The typealiases named `name`, in declaration order; nil when there is none.
    func aliases(named name: String) -> [TypeAliasDeclaration]? {
        aliasesByName.isEmpty ? nil : aliasesByName[name]
    }

    /// The model a bare name (numbered `number`) means when no scope declares it: the
    /// first of the active version, else the first unversioned one, else the last declared.
    func model(simplyNumbered number: Int) -> Int? {
        bySimpleName[number].map { $0.firstActive ?? $0.firstUnversioned ?? $0.last }
    }

    /// `A.B.C` -> `A.B.C`, `B.C`: the names a qualified lookup may be written as. In ASCII
    /// only those with a dot: a name without one is looked up lexically, never here.
    static func qualifiedSuffixes(of qualified: String) -> [String] {
        let ascii = qualified.utf8.withContiguousStorageIfAvailable { utf8 -> [String]? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            var suffixes: [String] = []
            var start = 0
            while let dot = utf8[start...].firstIndex(of: UInt8(ascii: ".")) {
                suffixes.append(start == 0 ? qualified : String(decoding: UnsafeBufferPointer(rebasing: utf8[start...]), as: UTF8.self))
                start = dot + 1
            }
            return suffixes
        } ?? nil
        if let ascii { return ascii }
        // By scalars: a written name may begin with a combining mark, which joins the dot
        // before it into one character (`hasSuffix` compares characters).
        let scalars = qualified.unicodeScalars
        return [qualified] + scalars.indices.filter { scalars[$0] == "." }.map { String(scalars[scalars.index(after: $0)...]) }
    }
}

/// The distinct `@Model` class names, each numbered once (in first-declared order): the
/// assembler asks for every property whether its type names a model, and keeps the
/// answer as a number, so choosing declarations and following relationships index arrays
/// instead of hashing the same names again.
struct ModelNames {
    /// The names by number.
    private(set) var names: [String] = []
    private var numbers: [String: Int] = [:]

    init(_ declared: [String] = []) {
        numbers.reserveCapacity(declared.count)
        for name in declared { _ = number(adding: name) }
    }

    var count: Int { names.count }

    /// Room for `count` names: growing rehashes every name already numbered.
    mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(count)
        numbers.reserveCapacity(count)
    }

    /// The number of `name`, numbering it if it has none yet (a known name costs one
    /// lookup, a new one a lookup and an insert).
    mutating func number(adding name: String) -> Int {
        let next = names.count
        // Through the dictionary's modify accessor: a new name is inserted by the same hash.
        let number = Self.value(&numbers[name, default: next])
        if number == next { names.append(name) }
        return number
    }

    private static func value(_ number: inout Int) -> Int { number }

    func number(of name: String) -> Int? { numbers[name] }

    func contains(_ name: String) -> Bool { numbers[name] != nil }
}
