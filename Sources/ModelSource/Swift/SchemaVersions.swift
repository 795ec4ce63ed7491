/// The `VersionedSchema` types of a project and which one the app runs with.
///
/// Real projects keep every version's models (`SchemaV1.Item`, `SchemaV2.Item`), nest
/// versions in namespaces, add models to a version in extensions, and often have a newer
/// version on disk than the one in use. The version in use is, in order of evidence:
/// `Schema(versionedSchema: X.self)`; the version most top-level typealiases point into
/// (`typealias Item = SchemaV2.Item`); the last entry of a migration plan's `schemas`;
/// the highest `versionIdentifier` (then the highest name in natural order).
struct SchemaVersions {
    /// Qualified names of versioned schema types, in first-seen order.
    private(set) var names: [String] = []
    /// Versions by their last name component, for matching names written shorter.
    private var byLastComponent: [String: [String]] = [:]
    /// `(last component, qualified name)` of every version: `canonical` is asked for every
    /// model and list, and a project may have many versions of the same last name.
    private var qualified: Set<[String]> = []
    private var versions: [String: [Int]] = [:]
    /// The version in use and why, when there are versions.
    private(set) var active: String?
    private(set) var reason: String?
    /// Whether the sources say which version is in use (a versioned schema reference, a
    /// typealias, a migration plan) rather than it being merely the highest.
    private(set) var isExplicit = false

    init(files: [SwiftFileDeclarations]) {
        var seen = Set<String>()
        // By position: every type of every file is asked, and a copy of one retains (and
        // then releases) each array it holds.
        for file in files.indices {
            for index in files[file].types.indices where files[file].types[index].inherited.contains(where: VersionRules.isVersionedSchema) {
                let type = files[file].types[index]
                guard seen.insert(type.qualifiedName).inserted else { continue }
                names.append(type.qualifiedName)
                let last = type.path.last ?? type.qualifiedName
                byLastComponent[last, default: []].append(type.qualifiedName)
                qualified.insert([last, type.qualifiedName])
            }
        }
        guard !names.isEmpty else { return }
        for file in files.indices {
            for identifier in files[file].versionIdentifiers {
                if let name = version(containing: identifier.scope), identifier.scope.count >= 1,
                   canonical(identifier.scope.joined(separator: ".")) == name {
                    versions[name] = identifier.version
                }
            }
        }
        (active, reason, isExplicit) = chooseActive(files)
    }

    /// The versioned schema a declaration inside `scope` belongs to (the nearest enclosing one).
    func version(containing scope: [String]) -> String? {
        var length = scope.count
        while length > 0 {
            if let name = canonical(scope.prefix(length).joined(separator: ".")) { return name }
            length -= 1
        }
        return nil
    }

    /// Matches a written name against the versioned schemas: exactly, or by a unique
    /// last component (an extension may name `V2` where the type is `Schemas.V2`).
    func canonical(_ written: String) -> String? {
        let last = DottedName.lastComponent(written)
        if qualified.contains([last, written]) { return written }
        let matches = byLastComponent[last] ?? []
        return matches.count == 1 ? matches[0] : nil
    }

    private func chooseActive(_ files: [SwiftFileDeclarations]) -> (String?, String?, Bool) {
        // The lists read in place, by kind (a flattened copy retains every list's arrays).
        var referenced: [String] = [], planned: [String] = []
        for file in files.indices {
            for list in files[file].modelLists.indices {
                switch files[file].modelLists[list].source {
                case .versionedSchemaReference: referenced += files[file].modelLists[list].names.compactMap(canonical)
                case .migrationPlan:
                    if let last = files[file].modelLists[list].names.last.flatMap(canonical) { planned.append(last) }
                case .call, .property: break
                }
            }
        }
        if let chosen = newest(Array(Set(referenced))) {
            return (chosen, "Schema(versionedSchema: \(chosen).self)", true)
        }
        var aliasCounts: [String: Int] = [:]
        for file in files.indices {
            for alias in files[file].typeAliases where version(containing: alias.scope) == nil {
                let components = alias.target.split(separator: ".").map(String.init)
                if components.count >= 2, let name = version(containing: Array(components.dropLast())) {
                    aliasCounts[name, default: 0] += 1
                }
            }
        }
        if let most = aliasCounts.values.max() {
            let chosen = newest(aliasCounts.filter { $0.value == most }.map(\.key))
            return (chosen, "typealiases point into \(chosen ?? "?")", true)
        }
        if let chosen = newest(Array(Set(planned))) {
            return (chosen, "last schema of the migration plan", true)
        }
        let chosen = newest(names)
        return (chosen, versions[chosen ?? ""] == nil ? "highest name" : "highest versionIdentifier", false)
    }

    /// The highest version among `candidates`: by `versionIdentifier`, then by name in
    /// natural order (`V10` after `V9`).
    private func newest(_ candidates: [String]) -> String? {
        candidates.max { lhs, rhs in
            let left = versions[lhs] ?? [], right = versions[rhs] ?? []
            if left != right { return left.lexicographicallyPrecedes(right) }
            return VersionRules.naturalLess(lhs, rhs)
        }
    }
}

enum VersionRules {
    static func isVersionedSchema(_ inherited: String) -> Bool {
        // By length first: asked for everything every type inherits (`String`, `Codable`).
        inherited.utf8.count >= 15 && (inherited == "VersionedSchema" || inherited.hasSuffix(".VersionedSchema"))
    }

    /// `V2` < `V10`: digit runs compare as numbers.
    static func naturalLess(_ lhs: String, _ rhs: String) -> Bool {
        let left = chunks(lhs), right = chunks(rhs)
        for (a, b) in zip(left, right) where a != b {
            if let x = Int(a), let y = Int(b) { return x < y }
            return a < b
        }
        return left.count < right.count
    }

    private static func chunks(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var digits = false
        for character in text {
            let isDigit = character.isASCII && character.isNumber
            if !current.isEmpty, isDigit != digits {
                result.append(current)
                current = ""
            }
            digits = isDigit
            current.append(character)
        }
        if !current.isEmpty { result.append(current) }
        return result.map { Int($0).map { String($0) } ?? $0 }
    }
}
