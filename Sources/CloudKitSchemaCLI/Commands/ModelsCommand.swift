import Foundation
import ModelSource
import SchemaGate
import SchemaGateBasics

/// `models --models DIR...`: what the tool read from the app's model sources.
enum ModelsCommand {
    static let command = Command(
        name: "models",
        summary: "List the SwiftData / Core Data models read from the app's sources.",
        discussion: """
        Reads @Model classes (no compiler needed), schema versions and registrations, and
        Core Data .xcdatamodeld bundles, and lists every entity with its attributes and
        relationships and where each is declared. Problems (unreadable files, types that
        cannot be told, unregistered models) are listed too.

        Exit status: 0, or 2 when a model file cannot be read or no model is found.
        """,
        spec: ArgumentSpec(options: [
            ModelInput.option, PipelineOptions.target, PipelineOptions.config,
            ReportOutput.formatOption(for: ListingFormat.self),
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        let format = try ReportOutput.format(ListingFormat.self, context)
        let model = try ModelInput.read(context)
        if format == .json {
            // JSONEncoder's exact text, written out as it is made (a large app prints megabytes).
            AppModelJSON.write(model) { context.console.out(utf8: $0) }
            context.console.out("\n")
        } else {
            context.console.out(ModelListing.text(model))
        }
        // The run ends here: the model is left to the process's exit, not freed piece by piece.
        KeptUntilExit.process.keep(model)
        return ModelInput.exitStatus(model)
    }
}

/// The human listing of `models`.
enum ModelListing {
    static func text(_ model: AppModel) -> String {
        var lines: [String] = []
        for entity in model.entities {
            let parent = entity.parent.map { " : \($0)" } ?? ""
            lines.append("\(entity.name)\(parent)  \(entity.file):\(entity.line)")
            for attribute in entity.attributes { lines.append("    " + describe(attribute)) }
            for relationship in entity.relationships { lines.append("    " + describe(relationship)) }
            for constraint in entity.uniqueConstraints { lines.append("    #Unique(\(constraint.joined(separator: ", ")))") }
            lines.append("")
        }
        lines.append("\(model.entities.count) model\(model.entities.count == 1 ? "" : "s")")
        if let version = model.activeSchemaVersion { lines.append("Schema version in use: \(version)") }
        if let registered = model.registeredTypes { lines.append("Registered: \(registered.joined(separator: ", "))") }
        if !model.stores.isEmpty {
            lines.append("Stores (Docs/StoreMembership.md):")
            for store in model.stores { lines.append("    " + describe(store)) }
        }
        if !model.diagnostics.isEmpty {
            lines.append("")
            lines += ModelInput.diagnosticLines(model)
        }
        return TerminalText.lines(lines)
    }

    /// `App/Store.swift:9  ModelConfiguration(cloudKitDatabase: .none): local; holds Draft`.
    private static func describe(_ store: ModelStore) -> String {
        let syncs: String
        switch store.sync {
        case .none: syncs = "local"
        case .automatic: syncs = "syncs to the first iCloud container of the entitlements"
        case .container(let id): syncs = "syncs to \(id)"
        case .unknown: syncs = "syncs where the code does not settle"
        }
        let holds = store.models.map { $0.isEmpty ? "no model" : $0.joined(separator: ", ") }
            ?? "models the reader cannot list (\(store.unlisted ?? "code not followed"))"
        return "\(store.location)  \(store.spelling): \(syncs); holds \(holds)"
    }

    private static func describe(_ attribute: Attribute) -> String {
        var text = "\(attribute.name): \(attribute.swiftType ?? "<unknown type>")\(attribute.optional ? "?" : "")"
        if attribute.hasDefault { text += " = …" }
        var flags: [String] = []
        if attribute.externalStorage { flags.append("externalStorage") }
        if attribute.unique { flags.append("unique") }
        if attribute.allowsCloudEncryption { flags.append("allowsCloudEncryption") }
        if let original = attribute.originalName { flags.append("originalName: \(original)") }
        if !flags.isEmpty { text += "  [\(flags.joined(separator: ", "))]" }
        return text + "  line \(attribute.line)"
    }

    private static func describe(_ relationship: Relationship) -> String {
        let target = relationship.toMany ? "[\(relationship.destination)]" : relationship.destination
        var text = "\(relationship.name): \(target)\(relationship.optional ? "?" : "")  (\(relationship.deleteRule.rawValue)"
        if let inverse = relationship.inverse { text += ", inverse \(inverse)" }
        if relationship.ordered { text += ", ordered" }
        return text + ")  line \(relationship.line)"
    }
}
