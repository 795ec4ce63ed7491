import CloudKitSchema
import Foundation
import SchemaGate

/// A container's two schemas and the actions a person takes on them, as CloudKit does them
/// (Docs/DeployAdvice.md): a deploy copies all of Development into Production, which only
/// grows; a reset makes Development Production again; the create step and saved records
/// add to Development what Core Data writes (`GeneratedApp`); fields Production lacks can
/// be deleted from Development. `follow` applies a report's fixes exactly as they read.
package struct FakeCloudKit: Sendable {
    package var development: Schema
    package var production: Schema
    /// What went wrong doing what a fix said (a deploy or save CloudKit would refuse).
    package private(set) var refusals: [String] = []

    package init(development: Schema, production: Schema) {
        self.development = development
        self.production = production
    }

    // MARK: Actions

    /// Deploy Schema Changes: Production gains every record type, field, index and grant of
    /// Development. A field the two type differently cannot be deployed (Production is add-only).
    package mutating func deploy() {
        for type in development.recordTypes {
            guard let index = production.recordTypes.firstIndex(where: { $0.name == type.name }) else {
                production.recordTypes.append(type)
                continue
            }
            for field in type.fields {
                if let existing = production.recordTypes[index].field(named: field.name) {
                    if existing.type != field.type {
                        refusals.append("deploy: \(type.name).\(field.name) is \(field.type) in Development, \(existing.type) in Production")
                    }
                } else {
                    production.recordTypes[index].fields.append(field)
                }
            }
            production.recordTypes[index].grants = type.grants
        }
        for role in development.roles where !production.roles.contains(role) { production.roles.append(role) }
    }

    /// Reset Environment: Development becomes Production.
    package mutating func resetDevelopment() {
        development = production
    }

    /// initializeCloudKitSchema: one record per model with a sample for every attribute it has one for.
    package mutating func create(_ app: GeneratedApp) {
        for model in app.models {
            add(app.allWritten(model).filter(\.byInitializer).map(\.field), to: model.recordType, by: "create")
        }
    }

    /// A debug build saves a record of `model` with `properties` set (large values: their
    /// companions too).
    package mutating func save(_ app: GeneratedApp, model name: String, properties: [String], large: Bool) {
        guard let model = app.model(named: name) else {
            refusals.append("save: the fix names \(name), which is not a model")
            return
        }
        var fields = app.baseFields(of: model).filter(\.bySavedValue).map(\.field)
        for property in properties {
            guard let written = model.properties.first(where: { $0.name == property }).map(app.written) else {
                refusals.append("save: the fix names \(name).\(property), which is not a property")
                continue
            }
            fields += written.filter { $0.bySavedValue || large }.map(\.field)
        }
        add(fields, to: model.recordType, by: "save")
    }

    /// Deletes a record type (field nil) or a field (of `type`) Production lacks from
    /// Development; one that is gone, or no longer what was reported, has been dealt with.
    package mutating func delete(recordType: String, field: String?, type: FieldType?) {
        guard let index = development.recordTypes.firstIndex(where: { $0.name == recordType }) else { return }
        let published = production.recordType(named: recordType)
        guard let field else {
            if published != nil { refusals.append("delete: record type \(recordType) is in Production") }
            development.recordTypes.remove(at: index)
            return
        }
        // Deployed since the report (a later create wrote it again): nothing left to delete.
        guard let current = development.recordTypes[index].field(named: field), type == nil || current.type == type,
              published?.field(named: field) == nil else { return }
        development.recordTypes[index].fields.removeAll { $0.name == field }
    }

    /// Just-in-time creation in Development; a field that exists with another type refuses the save.
    private mutating func add(_ fields: [Field], to recordType: String, by action: String) {
        let index: Int
        if let existing = development.recordTypes.firstIndex(where: { $0.name == recordType }) {
            index = existing
        } else {
            development.recordTypes.append(RecordType(
                name: recordType, fields: CloudKitFieldMapping.systemFields, grants: CloudKitFieldMapping.recordTypeGrants))
            index = development.recordTypes.count - 1
        }
        for field in fields {
            if let existing = development.recordTypes[index].field(named: field.name) {
                if existing.type != field.type {
                    refusals.append("\(action): \(recordType).\(field.name) is \(existing.type) in Development, Core Data writes \(field.type)")
                }
            } else {
                development.recordTypes[index].fields.append(field)
            }
        }
    }

    // MARK: Following a report

    /// Does what every fix of `findings` says, one finding after another in report order,
    /// except that model changes (`new-property`) come first, as a person fixes the code
    /// before the Console. Findings without steps are prose (model diagnostics). `app` is
    /// changed by model changes.
    /// - Parameter context: the whole report, when only some of its findings are followed
    ///   (a fix that deletes leftovers finds them among the report's `unwritten-*` findings).
    package mutating func follow(_ findings: [Finding], app: inout GeneratedApp, context: [Finding]? = nil) {
        for finding in findings where finding.fixSteps?.contains(.newProperty) == true {
            guard let type = finding.recordType, let field = finding.field,
                  let production = finding.actualType.flatMap(FakeCloudKit.fieldType) else {
                refusals.append("new-property: \(finding.message) names no field and Production type")
                continue
            }
            // "Save a record first; only if CloudKit refuses it, move the property."
            if finding.fixSteps?.first == .saveRecord, app.writtenType(of: field, in: type) == production { continue }
            if !app.storeUnderNewProperty(recordType: type, field: field, productionType: production) {
                refusals.append("new-property: no model property writes \(type).\(field) as \(production)")
            }
        }
        for finding in findings {
            for step in finding.fixSteps ?? [] {
                apply(step, of: finding, in: context ?? findings, app: app)
            }
        }
    }

    private mutating func apply(_ step: FixStep, of finding: Finding, in findings: [Finding], app: GeneratedApp) {
        let text = finding.fix ?? ""
        switch step {
        case .removeLeftovers:
            // A leftover's own fix deletes it; a deploy's fix names those to delete first.
            let named = Set(text.split(whereSeparator: { " ,()".contains($0) }).map(String.init))
            for leftover in findings where leftover.code.hasPrefix("unwritten-") {
                guard let type = leftover.recordType else { continue }
                let name = leftover.field.map { "\(type).\($0)" } ?? type
                if leftover == finding || named.contains(name) {
                    delete(recordType: type, field: leftover.field, type: leftover.actualType.flatMap(FakeCloudKit.fieldType))
                }
            }
        case .resetDevelopment: resetDevelopment()
        case .create: create(app)
        case .saveRecord where finding.fixSteps?.contains(.newProperty) == true: break  // a confirmation, done first
        case .saveRecord:
            let records = FakeCloudKit.savedRecords(in: text)
            if records.isEmpty, text.contains("a record of each model with every property set") {
                for model in app.models { save(app, model: model.name, properties: model.properties.map(\.name), large: false) }
            } else if records.isEmpty {
                refusals.append("save-record: the fix names no record to save: \(text)")
            }
            for record in records { save(app, model: record.model, properties: record.properties, large: record.large) }
        case .deploy: deploy()
        case .newProperty: break  // done first
        case .refreshSnapshot: refusals.append("refresh-snapshot: not a CloudKit action")
        }
    }

    /// The records a fix asks a debug build to save: `an Item with p0 and p1 set`,
    /// `an Item whose p2 value is larger than 1 MB`.
    package static func savedRecords(in text: String) -> [(model: String, properties: [String], large: Bool)] {
        var records: [(String, [String], Bool)] = []
        let words = text.replacingOccurrences(of: ",", with: " ,").split(separator: " ")
            .map { String($0.hasSuffix(".") || $0.hasSuffix(";") ? $0.dropLast() : $0) }
        var index = 0
        while index + 2 < words.count {
            defer { index += 1 }
            guard ["save", "saves"].contains(words[index]), ["a", "an"].contains(words[index + 1]) else { continue }
            let model = words[index + 2]
            if index + 4 < words.count, words[index + 3] == "whose" {
                records.append((model, [words[index + 4]], true))
            } else if index + 3 < words.count, words[index + 3] == "with" {
                var properties: [String] = []
                var cursor = index + 4
                while cursor < words.count, words[cursor] != "set" {
                    if ![",", "and"].contains(words[cursor]) { properties.append(words[cursor]) }
                    cursor += 1
                }
                records.append((model, properties, false))
                // `, and a Photo with …` continues the list of records.
                var next = cursor + 1
                while next + 3 < words.count, words[next] == ",", words[next + 1] == "and", ["a", "an"].contains(words[next + 2]) {
                    let other = words[next + 3]
                    var more: [String] = []
                    var at = next + 5
                    while at < words.count, words[at] != "set" {
                        if ![",", "and"].contains(words[at]) { more.append(words[at]) }
                        at += 1
                    }
                    records.append((other, more, false))
                    next = at + 1
                }
            }
        }
        return records.map { (model: $0.0, properties: $0.1, large: $0.2) }
    }

    static func fieldType(_ text: String) -> FieldType? {
        (try? SchemaParser.parse("DEFINE SCHEMA RECORD TYPE T (f \(text));"))?.recordTypes.first?.fields.first?.type
    }
}

extension FakeCloudKit {
    /// Development and Production of a container `app` has been developed against: Production
    /// from an older version (record types and fields missing, a property since retyped,
    /// fields no model writes any more); Development is Production plus what debug builds
    /// wrote (the create step or not, some records saved) plus, sometimes, leftovers of an
    /// abandoned experiment (a record type, a field, a field of another type than the model
    /// now writes).
    /// - Parameter retypes: whether Production may hold a property under another type (a
    ///   check without models cannot see that).
    package static func generate(for app: GeneratedApp, retypes: Bool = true, _ random: inout some RandomNumberGenerator) -> FakeCloudKit {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        var production = Schema(recordTypes: [CloudKitFieldMapping.usersRecordType])
        for model in app.models where !chance(20) {
            var type = RecordType(name: model.recordType, fields: CloudKitFieldMapping.systemFields, grants: CloudKitFieldMapping.recordTypeGrants)
            for written in app.baseFields(of: model) where written.field.name == "CD_entityName" || chance(70) {
                type.fields.append(written.field)
            }
            for property in model.properties where !chance(15) {
                let fields = app.written(property).map(\.field)
                // A retype of a property whose type the evidence settles (the tool cannot see others).
                if retypes, GeneratedApp.Kind.settled.contains(property.kind), chance(12), let retyped = GeneratedApp.Kind.allCases.lazy.map({ app.written(.init(name: property.name, kind: $0))[0].field })
                    .first(where: { $0.type != fields[0].type && chance(30) }) {
                    type.fields.append(retyped)  // an older version stored another type under this name
                    continue
                }
                type.fields += fields.enumerated().filter { $0.offset == 0 || chance(70) }.map(\.element)
            }
            if chance(20) { type.fields.append(CloudKitFieldMapping.field("CD_legacy", .string)) }
            production.recordTypes.append(type)
        }
        var cloud = FakeCloudKit(development: production, production: production)
        if chance(50) { cloud.materialize(app.models.flatMap { model in app.allWritten(model).filter(\.byInitializer).map { (model, $0.field) } }) }
        for model in app.models where chance(60) {
            let set = model.properties.filter { _ in chance(50) }
            cloud.materialize(set.flatMap(app.written).filter(\.bySavedValue).map { (model, $0.field) }
                + app.baseFields(of: model).filter(\.bySavedValue).map { (model, $0.field) })
        }
        if chance(35) {
            cloud.development.recordTypes.append(RecordType(
                name: "CD_Coupon", fields: CloudKitFieldMapping.systemFields + [CloudKitFieldMapping.field("CD_code", .string)],
                grants: CloudKitFieldMapping.recordTypeGrants))
        }
        if chance(35), let index = cloud.development.recordTypes.firstIndex(where: { app.writes(recordType: $0.name) && $0.name != "Users" }) {
            cloud.development.recordTypes[index].fields.append(CloudKitFieldMapping.field("CD_barcode", .string))
        }
        // An experiment saved a property with another type than the model now has (one whose
        // type is settled: for the others, any type Development shows may be the right one).
        let untouched = app.models.flatMap { model in
            model.properties.filter { property in
                GeneratedApp.Kind.settled.contains(property.kind)
                    && cloud.development.recordType(named: model.recordType).map { $0.field(named: "CD_" + property.name) == nil } ?? false
            }.map { (model, $0) }
        }
        if chance(40), let (model, property) = untouched.randomElement(using: &random) {
            let type: PrimitiveType = app.written(property)[0].field.type == .primitive(.int64) ? .string : .int64
            cloud.materialize([(model, CloudKitFieldMapping.field("CD_" + property.name, type))])
        }
        return cloud
    }

    /// Adds fields to Development as earlier debug builds did. A model's record whose field
    /// Development has with another type was refused whole, so its fields are not added.
    private mutating func materialize(_ fields: [(GeneratedApp.Model, Field)]) {
        let refused = Set(fields.filter { model, field in
            development.recordType(named: model.recordType)?.field(named: field.name).map { $0.type != field.type } ?? false
        }.map { $0.0.name })
        for (model, field) in fields where !refused.contains(model.name) {
            if development.recordType(named: model.recordType) == nil {
                development.recordTypes.append(RecordType(
                    name: model.recordType, fields: CloudKitFieldMapping.systemFields, grants: CloudKitFieldMapping.recordTypeGrants))
            }
            let index = development.recordTypes.firstIndex { $0.name == model.recordType }!
            if development.recordTypes[index].field(named: field.name) == nil { development.recordTypes[index].fields.append(field) }
        }
    }
}
