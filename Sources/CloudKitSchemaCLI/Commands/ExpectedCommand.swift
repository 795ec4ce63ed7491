import CloudKitSchema
import SchemaGate

/// `expected --models DIR...`: the CloudKit schema the models require, as .ckdb text.
enum ExpectedCommand {
    static let command = Command(
        name: "expected",
        summary: "Print the CloudKit schema the app's models require, as a .ckdb file.",
        discussion: """
        Maps every model to the record types and fields NSPersistentCloudKitContainer
        writes (Docs/CloudKitMapping.md): CD_<Entity> with CD_<attribute> fields, _ckAsset
        companions of String, URL, Data and Transformable attributes (none for Codable
        structs and enums), CD_entityName, CD_moveReceipt, to-one relationships as STRING,
        CDMR for many-to-many relationships, system fields, default indexes and grants,
        and Users, in the layout 'xcrun cktool export-schema' prints. Transient, derived
        and mirroring-ignored attributes are left out, and so are models only local stores
        hold (cloudKitDatabase: .none, NSPersistentContainer, "localModels").

        Problems reading the models are printed to stderr. Exit status: 0, or 2 when a
        model file cannot be read or no model is found.
        """,
        spec: ArgumentSpec(options: [ModelInput.option, PipelineOptions.target, PipelineOptions.config]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        let configuration = try PipelineOptions.configuration(context)
        let model = try ModelInput.read(configuration, context)
        // The gate's options (`includeUnregisteredModels` decides which models are expected),
        // and the models that sync into any container (Docs/StoreMembership.md).
        let expected = ExpectedSchema.build(
            from: model, options: ExpectedModelSchema.options(configuration),
            membership: StoreMembership(model: model, localModels: configuration.localModels))
        context.console.out(SchemaPrinter.print(expected.schema))
        for line in ModelInput.diagnosticLines(model) { context.console.errorLine(line) }
        return ModelInput.exitStatus(model)
    }
}
